import fc from 'fast-check';
import { inflateSync } from 'node:zlib';
import { describe, expect, it } from 'vitest';
import {
  encodePng,
  noteRowChange,
  pngBackground,
  rowsToChange,
  type ChangedRows,
  type PngBackground,
} from '../../pipeline/social/png.ts';
import { propertyParameters } from '../helpers/properties.ts';
import { idatOf } from './idat.ts';

/**
 * A card's PNG takes the Adler-32 of its changed row groups from the background's and the changes
 * noted as the title is laid over (`noteRowChange`), instead of reading the rows again. Seeded
 * pictures of any size, any rows changed in any bytes: the file must be the one whose checksums
 * are read from the rows, byte for byte, and zlib must accept it.
 */
const picture = fc
  .record({ width: fc.integer({ min: 1, max: 40 }), height: fc.integer({ min: 1, max: 50 }) })
  .chain(({ width, height }) =>
    fc.record({
      width: fc.constant(width),
      height: fc.constant(height),
      pixels: fc.uint8Array({ minLength: width * height * 3, maxLength: width * height * 3 }),
      rows: fc
        .tuple(fc.nat(height - 1), fc.nat(height - 1))
        .map(([a, b]) => [Math.min(a, b), Math.max(a, b) + 1] as const),
      changes: fc.array(fc.tuple(fc.nat(), fc.nat(255)), { maxLength: 200 }),
    }),
  );

/** Sets bytes of the rows [from, to) (picked by `changes`), noting each row's change when asked. */
function changedRows(
  background: PngBackground,
  [from, to]: readonly [number, number],
  changes: Array<[number, number]>,
  noted: boolean,
): ChangedRows {
  const rows = rowsToChange(background, from, to, { noted });
  const stride = background.width * 3;
  const first = (from - rows.from) * stride;
  const bytes = (to - from) * stride;
  for (const [where, value] of changes) {
    const at = first + (where % bytes);
    const row = Math.floor(at / stride);
    const place = at - row * stride;
    // In the PNG's rows, each row starts with its filter byte.
    const index = row * (stride + 1) + 1 + place;
    const delta = value - rows.rows[index]!;
    rows.rows[index] = value;
    if (noted) noteRowChange(background, rows, row, delta, place * delta);
  }
  return rows;
}

describe('row-group PNG encoder, checksums from noted changes', () => {
  it('writes the file whose checksums are read from the rows', () => {
    fc.assert(
      fc.property(picture, ({ width, height, pixels, rows, changes }) => {
        const background = pngBackground(pixels, width, height);
        const noted = encodePng(background, changedRows(background, rows, changes, true));
        const read = encodePng(background, changedRows(background, rows, changes, false));
        expect(Buffer.compare(noted, read)).toBe(0);
        expect(inflateSync(idatOf(noted)).length).toBe(height * (width * 3 + 1));
      }),
      propertyParameters(60),
    );
  });

  it('can fail: a change left unnoted gives a wrong checksum, which zlib refuses', () => {
    const background = pngBackground(new Uint8Array(8 * 20 * 3).fill(9), 8, 20);
    const [unnoted, plain] = [true, false].map((noted) => {
      const rows = rowsToChange(background, 3, 5, { noted });
      rows.rows[5] = 200;
      return encodePng(background, rows);
    });
    expect(Buffer.compare(unnoted!, plain!)).not.toBe(0);
    expect(() => inflateSync(idatOf(unnoted!))).toThrow(/incorrect data check/);
    expect(inflateSync(idatOf(plain!)).length).toBe(20 * 25);
  });
});
