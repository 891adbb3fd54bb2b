// @vitest-environment jsdom
import { MantineProvider } from '@mantine/core';
import { cleanup, fireEvent, render } from '@testing-library/react';
import { useCallback, useState } from 'react';
import { afterEach, describe, expect, it } from 'vitest';
import { parse } from 'yaml';
import { pageSchema } from '../../../blocks/page-schema.ts';
import { applyEdit } from '../editing/apply.ts';
import { FormContext, type EditOp } from './context.tsx';
import { ObjectFields } from './ObjectField.tsx';
import { FormStore, valueAt } from './store.ts';

afterEach(cleanup);

if (!('fonts' in document))
  Object.defineProperty(document, 'fonts', {
    value: { addEventListener() {}, removeEventListener() {}, ready: Promise.resolve() },
  });
globalThis.ResizeObserver ??= class {
  observe() {}
  unobserve() {}
  disconnect() {}
} as unknown as typeof ResizeObserver;

/** The page's form on real YAML text, each edit through editor/document as in the app. */
function mount(text: string) {
  const result = { text };
  const store = new FormStore();
  store.setText(text);
  function Harness() {
    const [, rerender] = useState(0);
    const edit = useCallback((op: EditOp) => {
      result.text = applyEdit(
        result.text,
        op,
        op.op === 'set' ? valueAt(store.getData(), op.path) : undefined,
      );
      store.setText(result.text);
      rerender((n) => n + 1);
    }, []);
    return (
      <MantineProvider>
        <FormContext.Provider value={{ store, edit, site: { routes: [], images: [], icons: [] } }}>
          <ObjectFields schema={pageSchema} path={[]} exclude={['blocks']} />
        </FormContext.Provider>
      </MantineProvider>
    );
  }
  render(<Harness />);
  return result;
}

/** The input of the record entry `name` (names may hold dots, so no CSS selector is built). */
const entry = (name: string) => {
  const id = `field-translatedFrom.${name}`;
  const found = [...document.querySelectorAll('input, textarea')].find(
    (element) => element.getAttribute('data-testid') === id,
  );
  expect(found, id).toBeDefined();
  return found as HTMLInputElement;
};

const PAGE = `title: Preise
blocks: []
translatedFrom:
  "Pricing: plans": Old text
  'Note #1': Free setup
  © 2026 Staylix: All rights reserved
  'It''s "quoted"': 'Say "hi"'
  blocks.0.title: Keep me # a comment
`;

describe('a record (translatedFrom) edited in the form', () => {
  it('keeps every name as written and changes only the edited value’s line', () => {
    const result = mount(PAGE);
    const edits: Array<[string, string]> = [
      ['Pricing: plans', 'New: plans # not a comment'],
      ['Note #1', 'Free, personal setup'],
      ['© 2026 Staylix', 'Alle Rechte vorbehalten ©'],
      [`It's "quoted"`, `It's "still" quoted`],
      ['blocks.0.title', 'Kept #2'],
    ];
    for (const [name, value] of edits) fireEvent.change(entry(name), { target: { value } });
    // Each value is quoted exactly when plain text would read differently (": ", " #"), in its
    // old style when that style can hold it; names, the comment and the other lines stay.
    expect(result.text).toBe(`title: Preise
blocks: []
translatedFrom:
  "Pricing: plans": "New: plans # not a comment"
  'Note #1': Free, personal setup
  © 2026 Staylix: Alle Rechte vorbehalten ©
  'It''s "quoted"': 'It''s "still" quoted'
  blocks.0.title: "Kept #2" # a comment
`);
    expect(parse(result.text)).toEqual({
      ...(parse(PAGE) as object),
      translatedFrom: Object.fromEntries(edits),
    });
  });
});
