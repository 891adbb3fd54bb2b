import sharp from 'sharp';
import { inflateSync } from 'node:zlib';
import { describe, expect, it } from 'vitest';
import {
  backgroundGroups,
  encodePng,
  pngBackground,
  pngBackgroundFrom,
  rowsToChange,
} from '../../pipeline/social/png.ts';
import { copyRows, rgbOf } from './changed-rows.ts';
import { idatOf } from './idat.ts';

/**
 * The card's PNG encoder reuses the background's compressed row groups and compresses only the
 * changed rows: the file must decode (by libvips, as any viewer would) to exactly the pixels given,
 * wherever the changed rows fall, including the first and last group and a group cut by the
 * picture's bottom edge.
 */
const WIDTH = 37;
const HEIGHT = 53;
const picture = (seed: number) =>
  Uint8Array.from({ length: WIDTH * HEIGHT * 3 }, (_, i) => (i * seed + (i >> 5)) & 0xff);

describe('row-group PNG encoder', () => {
  const background = pngBackground(picture(7), WIDTH, HEIGHT);
  it.each([
    [0, 0],
    [0, 1],
    [15, 17],
    [20, 40],
    [48, 53],
    [0, 53],
  ])('decodes to the given pixels with rows %i–%i changed', async (from, to) => {
    const changed = picture(7);
    const other = picture(13);
    changed.set(other.subarray(from * WIDTH * 3, to * WIDTH * 3), from * WIDTH * 3);
    const rows = rowsToChange(background, from, to);
    copyRows(rows, changed, WIDTH);
    const { data, info } = await sharp(encodePng(background, rows))
      .raw()
      .toBuffer({ resolveWithObject: true });
    expect([info.width, info.height, info.channels]).toEqual([WIDTH, HEIGHT, 3]);
    expect(Buffer.compare(data, Buffer.from(changed))).toBe(0);
  });

  it('can fail: the rows not given are the background', async () => {
    const changed = picture(13);
    const rows = rowsToChange(background, 0, 16);
    copyRows(rows, changed, WIDTH);
    const data = await sharp(encodePng(background, rows)).raw().toBuffer();
    expect(Buffer.compare(data, Buffer.from(changed))).not.toBe(0);
    const given = rgbOf(rows, WIDTH);
    expect(Buffer.compare(data.subarray(0, given.length), given)).toBe(0);
  });

  it('a background read back from its kept row groups encodes the same file', () => {
    const kept = pngBackgroundFrom(background.rows, WIDTH, HEIGHT, backgroundGroups(background));
    const changed = (bg: typeof background) => {
      const rows = rowsToChange(bg, 20, 40);
      copyRows(rows, new Uint8Array(WIDTH * HEIGHT * 3).fill(99), WIDTH);
      return encodePng(bg, rows);
    };
    expect(Buffer.compare(changed(kept), changed(background))).toBe(0);
    expect(() =>
      pngBackgroundFrom(background.rows, WIDTH, HEIGHT * 2, backgroundGroups(background)),
    ).toThrow(/do not match/);
  });

  // zlib checks the Adler-32 at the end of the stream (libvips, above, may not): a wrong sum throws
  // "incorrect data check". Widths whose rows are and are not a multiple of 8 bytes, every length
  // of changed rows from one row to the whole picture.
  it.each([37, 40, 64])(
    'writes the Adler-32 of the rows it compresses (%i pixels wide)',
    (width) => {
      const height = 53;
      const pixels = (seed: number) =>
        Uint8Array.from({ length: width * height * 3 }, (_, i) => (i * seed + (i >> 3)) & 0xff);
      const bg = pngBackground(pixels(5), width, height);
      for (let to = 1; to <= height; to += 13) {
        const rows = rowsToChange(bg, 0, to);
        copyRows(rows, pixels(11), width);
        const png = encodePng(bg, rows);
        const inflated = inflateSync(idatOf(png));
        expect(inflated.length).toBe(height * (width * 3 + 1));
        expect(inflated[(height - 1) * (width * 3 + 1)]).toBe(0);
      }
    },
  );
});
