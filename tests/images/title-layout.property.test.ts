import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { propertyParameters } from '../helpers/properties.ts';
import { titleBothWays } from './title-compare.ts';

/**
 * Random titles drawn by the card's own title layout (pipeline/social/title.ts) and by satori: when
 * the own layout takes a title, its path data is satori's character for character (the same line
 * breaks, glyphs and positions) and no channel of any pixel differs by more than 2. Words are made
 * of Inter's characters (letters with and without accents, digits, punctuation, typographic quotes
 * and dashes) with a few it lacks, in titles of one word to several lines, some words very long.
 */
const LETTERS = 'abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTUVWXYZ';
const ACCENTED = [
  ...'àáâäãåæçèéêëìíîïñòóôöõøœùúûüýÿßÀÁÂÄÇÉÈÊÖØÜÑ',
  // Decomposed: a letter and a combining accent, placed by the font's mark positioning.
  'e\u0301',
  'a\u0308',
  'N\u0303',
];
const DIGITS = '0123456789';
const PUNCTUATION = '.,:;!?\'"()[]-–—‘’“”…&/@#%+*=<>|€$£©®™°·•';
/** Not in Inter's Latin subset: a title with one goes to satori. */
const ELSEWHERE = [...'łŁőŐžŽΩжŸ'];

const character = fc.oneof(
  { weight: 10, arbitrary: fc.constantFrom(...LETTERS) },
  { weight: 3, arbitrary: fc.constantFrom(...ACCENTED) },
  { weight: 2, arbitrary: fc.constantFrom(...DIGITS) },
  { weight: 2, arbitrary: fc.constantFrom(...PUNCTUATION) },
);
const word = fc.oneof(
  { weight: 8, arbitrary: fc.string({ unit: character, minLength: 1, maxLength: 9 }) },
  { weight: 1, arbitrary: fc.string({ unit: character, minLength: 10, maxLength: 36 }) },
);
const title = fc
  .array(word, { minLength: 1, maxLength: 16 })
  .chain((words) =>
    fc
      .array(fc.constantFrom(' ', ' ', ' ', '  ', '-', '/'), {
        minLength: words.length,
        maxLength: words.length,
      })
      .map((gaps) => words.map((w, i) => (i ? gaps[i] : '') + w).join('')),
  )
  .chain((text) =>
    fc.oneof(
      { weight: 9, arbitrary: fc.constant(text) },
      {
        weight: 1,
        arbitrary: fc
          .tuple(fc.nat(text.length), fc.constantFrom(...ELSEWHERE))
          .map(([at, char]) => text.slice(0, at) + char + text.slice(at)),
      },
    ),
  );

describe('the card title laid out without satori, on random titles', () => {
  it('is satori’s path and pixels whenever it draws the title', async () => {
    let drawn = 0;
    let runs = 0;
    await fc.assert(
      fc.asyncProperty(title, async (text) => {
        runs++;
        const both = await titleBothWays({ title: text, section: '', brand: 'B', host: 'h.com' });
        expect(both.satoriPath).toBeTruthy();
        if (!both.fast) return;
        drawn++;
        expect(both.fastPath).toBe(both.satoriPath);
        expect(both.largest).toBeLessThanOrEqual(2);
      }),
      propertyParameters(40),
    );
    // Most random titles are the own layout's: the property is not vacuous.
    expect(drawn).toBeGreaterThan(runs / 3);
  }, 120_000);
});
