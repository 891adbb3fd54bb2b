import { describe, expect, it } from 'vitest';
import { canRedo, canUndo, currentText, record, redo, startHistory, undo } from './history.ts';
import { lineDiff } from './line-diff.ts';
import { clearDraft, readDraft, storeDraft } from './recovery.ts';

describe('undo history', () => {
  it('coalesces typing in one field within a second, and not across fields or pauses', () => {
    let h = startHistory('a');
    h = record(h, 'ab', 'title', 1000);
    h = record(h, 'abc', 'title', 1500);
    h = record(h, 'abcd', 'title', 2400);
    expect(h.entries).toEqual(['a', 'abcd']);
    h = record(h, 'abcd!', 'title', 3600);
    h = record(h, 'abcd!?', 'subtitle', 3700);
    h = record(h, 'moved', undefined, 3800);
    expect(h.entries).toEqual(['a', 'abcd', 'abcd!', 'abcd!?', 'moved']);
    h = undo(undo(h));
    expect(currentText(h)).toBe('abcd!');
    expect(canRedo(h)).toBe(true);
    h = redo(h);
    expect(currentText(h)).toBe('abcd!?');
    // A new edit after an undo drops the redo branch; it never coalesces into the entry it returned
    // to.
    h = record(undo(h), 'other', 'title', 3900);
    expect(h.entries).toEqual(['a', 'abcd', 'abcd!', 'other']);
    expect(canRedo(h)).toBe(false);
    expect(canUndo(startHistory('x'))).toBe(false);
  });
});

describe('line diff of the conflict dialog', () => {
  it('marks the lines only one version has', () => {
    const diff = lineDiff('a\nb\nc\nd', 'a\nB\nc\nd\ne');
    expect(diff.mine.filter((l) => l.changed).map((l) => l.text)).toEqual(['b']);
    expect(diff.theirs.filter((l) => l.changed).map((l) => l.text)).toEqual(['B', 'e']);
  });
});

describe('crash recovery storage', () => {
  it('keeps, reads and clears the unsaved text of a file', () => {
    const map = new Map<string, string>();
    const storage = {
      getItem: (k: string) => map.get(k) ?? null,
      setItem: (k: string, v: string) => void map.set(k, v),
      removeItem: (k: string) => void map.delete(k),
    } as Storage;
    storeDraft('pages/a.yaml', { text: 'title: X\n', baseVersion: 'v1', savedAt: 5 }, storage);
    expect(readDraft('pages/a.yaml', storage)).toEqual({
      text: 'title: X\n',
      baseVersion: 'v1',
      savedAt: 5,
    });
    expect(readDraft('pages/b.yaml', storage)).toBeUndefined();
    clearDraft('pages/a.yaml', storage);
    expect(readDraft('pages/a.yaml', storage)).toBeUndefined();
  });
});
