import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import sharp from 'sharp';
import { describe, expect, it } from 'vitest';
import { parse } from 'yaml';
import {
  CARD_HEIGHT,
  CARD_WIDTH,
  drawCard,
  drawWholeCard,
  type CardText,
} from '../../pipeline/social/card.ts';

/**
 * The build draws a card in layers (the section's background once, the title alone laid over it).
 * Compared pixel by pixel with satori and resvg drawing the whole card in one piece, on real pages'
 * titles: the same picture, up to rounding at the letters' edges.
 */

const root = path.resolve(import.meta.dirname, '../..');
const titleOf = (file: string) =>
  (parse(readFileSync(path.join(root, 'pages', file), 'utf8')) as { title: string }).title;
const base = { brand: 'Staylix', host: 'www.staylix.com' };
const realCards: CardText[] = [
  { ...base, title: titleOf('pricing.yaml'), section: '' },
  { ...base, title: titleOf('solutions/hotels.yaml'), section: 'Solutions' },
  {
    ...base,
    title: titleOf(
      `resources/blog/${readdirSync(path.join(root, 'pages/resources/blog')).find((f) => f !== 'index.yaml')!}`,
    ),
    section: 'Resources · Blog',
  },
  // The longest titles (the smallest type, several lines) and a one-word one.
  {
    ...base,
    title:
      'Everything an independent hotel needs, from the first message to the final checkout, in one place',
    section: 'Solutions',
  },
  { ...base, title: 'Á', section: '' },
  // A translation's card: right to left in Noto Sans Arabic, and German's umlauts and ß.
  { ...base, title: titleOf('ar/index.yaml'), section: '', dir: 'rtl' },
  { ...base, title: titleOf('de/solutions/vacation-rentals.yaml'), section: '' },
];

const pixels = async (png: Buffer) => {
  const { data, info } = await sharp(png).removeAlpha().raw().toBuffer({ resolveWithObject: true });
  return { data, width: info.width, height: info.height };
};
/**
 * The largest difference of any channel of any pixel (0–255), and how many channels differ by more
 * than 2.
 */
function difference(a: Buffer, b: Buffer) {
  let largest = 0;
  let beyondRounding = 0;
  for (let i = 0; i < a.length; i++) {
    const d = Math.abs(a[i]! - b[i]!);
    largest = Math.max(largest, d);
    if (d > 2) beyondRounding++;
  }
  return { largest, beyondRounding };
}

describe('social card, drawn in layers', () => {
  it.each(realCards)(
    'is 1200 × 630 and the same picture as drawn whole: "$title"',
    async (text) => {
      const [layered, whole] = await Promise.all([
        drawCard(text).then(pixels),
        drawWholeCard(text).then(pixels),
      ]);
      expect([layered.width, layered.height]).toEqual([CARD_WIDTH, CARD_HEIGHT]);
      expect([whole.width, whole.height]).toEqual([CARD_WIDTH, CARD_HEIGHT]);
      const { largest, beyondRounding } = difference(layered.data, whole.data);
      expect(beyondRounding).toBe(0);
      expect(largest).toBeLessThanOrEqual(2);
    },
  );

  it('the comparison can fail: another title or section is a different picture', async () => {
    const text = realCards[1]!;
    const whole = await drawWholeCard(text).then(pixels);
    for (const other of [
      { ...text, title: `${text.title}!` },
      { ...text, section: 'Resources' },
    ]) {
      const layered = await drawCard(other).then(pixels);
      expect(difference(layered.data, whole.data).beyondRounding).toBeGreaterThan(50);
    }
  });
});
