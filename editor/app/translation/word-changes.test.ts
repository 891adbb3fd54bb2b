import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { wordChanges, type TextRun } from './word-changes.ts';

const joined = (runs: TextRun[]) => runs.map((run) => run.text).join('');
const marked = (runs: TextRun[]) => runs.filter((run) => run.change).map((run) => run.text);

describe('wordChanges', () => {
  it('marks the words taken out and the words put in, and nothing else', () => {
    const { before, now } = wordChanges(
      'Book rooms in two clicks, with no fees.',
      'Book rooms in one click, with no fees.',
    );
    expect(marked(before)).toEqual(['two clicks']);
    expect(marked(now)).toEqual(['one click']);
    expect(before.every((run) => run.change !== 'added')).toBe(true);
    expect(now.every((run) => run.change !== 'removed')).toBe(true);
  });

  it('marks nothing when only the other side changed', () => {
    const { before, now } = wordChanges('Rates', 'Rates and availability');
    expect(marked(before)).toEqual([]);
    expect(joined(now)).toBe('Rates and availability');
    expect(marked(now).join('')).toBe(' and availability');
  });

  it('gives back both texts exactly, whatever they are (seeded)', () => {
    const word = fc.constantFrom('rate', 'Zimmer', 'غرفة', 'café', '24/7', '—', '');
    const text = fc
      .array(fc.tuple(word, fc.constantFrom(' ', '  ', '\n', ', ')), { maxLength: 8 })
      .map((pairs) => pairs.flat().join(''));
    fc.assert(
      fc.property(text, text, (a, b) => {
        const { before, now } = wordChanges(a, b);
        expect(joined(before)).toBe(a);
        expect(joined(now)).toBe(b);
      }),
      { seed: 29, numRuns: 200 },
    );
  });
});
