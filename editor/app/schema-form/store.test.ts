import { describe, expect, it } from 'vitest';
import { FormStore } from './store.ts';

describe('FormStore.setText', () => {
  it('a text that is not YAML keeps the last data and says where the problem is', () => {
    const store = new FormStore();
    store.setText('title: Gone\n');
    store.setText('title: [Gone\n');
    expect(store.getSyntaxError()).toEqual({ line: 2, col: 1 });
    expect(store.getData()).toEqual({ title: 'Gone' });
  });

  it('an alias of no anchor (`*a`, typed in the text) is such a problem, not an exception', () => {
    // Found with the describe and merge property tests: yaml throws only when it builds the data.
    const store = new FormStore();
    store.setText('title: Gone\n');
    store.setText('title: *a\n');
    expect(store.getSyntaxError()).toEqual({ line: 1, col: 8 });
    expect(store.getData()).toEqual({ title: 'Gone' });
    store.setText('title: Back\n');
    expect(store.getSyntaxError()).toBeNull();
    expect(store.getData()).toEqual({ title: 'Back' });
  });
});
