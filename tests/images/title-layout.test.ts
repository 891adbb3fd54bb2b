import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { parse } from 'yaml';
import type { CardText } from '../../pipeline/social/card.ts';
import { titleBothWays } from './title-compare.ts';

/**
 * The card's title laid out by its own code (pipeline/social/title.ts) is satori's title: the same
 * path data, character for character (so the same line breaks, glyphs and positions), and the same
 * pixels. A title it cannot prove the same is left to satori: which ones is asserted too.
 */

const root = path.resolve(import.meta.dirname, '../..');
const pageFiles = (readdirSync(path.join(root, 'pages'), { recursive: true }) as string[])
  .filter((file) => file.endsWith('.yaml'))
  .sort();
const base = { brand: 'Staylix', host: 'www.staylix.com', section: 'Solutions' };
const realTitles: CardText[] = pageFiles.map((file) => {
  const { title } = parse(readFileSync(path.join(root, 'pages', file), 'utf8')) as {
    title: string;
  };
  return { ...base, title, ...(file.startsWith('ar/') ? { dir: 'rtl' as const } : {}) };
});

describe('the card title laid out without satori', () => {
  it.each(realTitles)('draws "$title" as satori does, or leaves it to satori', async (text) => {
    const { fast, satoriPath, fastPath, largest } = await titleBothWays(text);
    expect(satoriPath).toBeTruthy();
    // Right to left (the Arabic pages) is satori's; every other page's title is drawn here.
    if (text.dir) return expect(fast).toBeUndefined();
    expect(fast).toBeDefined();
    expect(fastPath).toBe(satoriPath);
    expect(largest).toBeLessThanOrEqual(2);
  });

  // Titles the property test's runs and hand-picked cases found worth keeping: ligatures and
  // contextual forms (Inter's arrows, case-sensitive punctuation), kerning across spaces, break
  // opportunities after hyphens and slashes, accents, a title of three lines at the smallest size.
  const regressions = [
    'AVAWAY "quoted" — it’s 12:30 -> 1/2 ffi fl Tý',
    'A-B 10-20 x:y',
    'e-commerce/booking-engine & channel-manager: 24/7 (always) — “on”',
    'Ferienwohnungen: Buchungen, Gäste und Zahlungen an einem Ort verwalten ß',
    'Everything an independent hotel needs, from the first message to the final checkout, in one place',
    'Á',
  ];
  it.each(regressions)('draws "%s" as satori does', async (title) => {
    const { fast, satoriPath, fastPath, largest } = await titleBothWays({ ...base, title });
    expect(fast).toBeDefined();
    expect(fastPath).toBe(satoriPath);
    expect(largest).toBeLessThanOrEqual(2);
  });

  it.each([
    ['a character Inter lacks', 'Zarządzanie hotelem: łatwe'],
    ['a no-break space', 'Hotel\u00a0management'],
    ['a word wider than the box', 'W'.repeat(40)],
    ['more lines than the card holds', Array.from({ length: 80 }, () => 'word').join(' ')],
  ])('leaves a title with %s to satori', async (_, title) => {
    const { fast, satoriPath } = await titleBothWays({ ...base, title });
    expect(fast).toBeUndefined();
    expect(satoriPath).toBeTruthy();
  });

  it('the comparison can fail: another title is other path data', async () => {
    const text = realTitles.find((card) => !card.dir)!;
    const [{ fast }, { satoriPath }] = await Promise.all([
      titleBothWays(text),
      titleBothWays({ ...text, title: `${text.title}!` }),
    ]);
    expect(/d="([^"]*)"/.exec(fast!.svg)![1]).not.toBe(satoriPath);
  });
});
