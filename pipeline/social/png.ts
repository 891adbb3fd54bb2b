import { constants, crc32, deflateRawSync } from 'node:zlib';

/**
 * A PNG encoder for pictures that are a fixed background with a small changed rectangle (a social
 * card: the section's background and the page's title). The rows are compressed in groups, each
 * its own deflate stream ended by a full flush (byte-aligned, no reference to earlier data), so a
 * group's compressed bytes can be concatenated with any other's: the background's groups are
 * compressed once, and a card compresses only the groups its title touches. RGB, 8 bits, no
 * interlacing, no filter on any row (a filter that reads the row above would tie the groups
 * together; "Sub", measured, made larger files more slowly than none: the title's rows are mostly
 * flat colour and sharp edges).
 */

const ROWS_PER_GROUP = 16;
/** zlib level of a card's own rows (compressed per card) and of the background's (once). */
const CARD_LEVEL = 3;
const BACKGROUND_LEVEL = 9;

interface Group {
  /** Deflate of the group's filtered rows, ended by a full flush. */
  deflated: Buffer;
  adler: number;
  length: number;
}

/** A background split into compressed row groups, ready to be encoded with changed rows. */
export interface PngBackground {
  width: number;
  height: number;
  rgb: Uint8Array;
  groups: Group[];
}

/** The filtered bytes of rows [from, to) of an RGB picture: each row its filter byte (0, none). */
function filteredRows(rgb: Uint8Array, width: number, from: number, to: number): Buffer {
  const stride = width * 3;
  const out = Buffer.allocUnsafe((to - from) * (stride + 1));
  for (let row = from, at = 0; row < to; row++, at += stride + 1) {
    out[at] = 0;
    out.set(rgb.subarray(row * stride, (row + 1) * stride), at + 1);
  }
  return out;
}

const ADLER_BASE = 65521;

function adler32(data: Uint8Array): number {
  let a = 1;
  let b = 0;
  for (let i = 0; i < data.length;) {
    // 3792 bytes (a multiple of 8) keep b below 2^31 between the modulo steps.
    const end = Math.min(data.length, i + 3792);
    // Eight bytes a step (half the time of one; a background is 2.3 MB): over bytes x0…x7, a grows
    // by their sum and b by 8·a + 8·x0 + 7·x1 + … + 1·x7.
    for (; i + 8 <= end; i += 8) {
      // Eight variables, not an array: the unpacking took back most of the gain.
      const x0 = data[i]!;
      const x1 = data[i + 1]!;
      const x2 = data[i + 2]!;
      const x3 = data[i + 3]!;
      const x4 = data[i + 4]!;
      const x5 = data[i + 5]!;
      const x6 = data[i + 6]!;
      const x7 = data[i + 7]!;
      b += 8 * a + 8 * x0 + 7 * x1 + 6 * x2 + 5 * x3 + 4 * x4 + 3 * x5 + 2 * x6 + x7;
      a += x0 + x1 + x2 + x3 + x4 + x5 + x6 + x7;
    }
    for (; i < end; i++) {
      a += data[i]!;
      b += a;
    }
    a %= ADLER_BASE;
    b %= ADLER_BASE;
  }
  return ((b << 16) | a) >>> 0;
}

/** The Adler-32 of two pieces of data from theirs (zlib's adler32_combine). */
function adlerCombine(first: number, second: number, secondLength: number): number {
  const rem = secondLength % ADLER_BASE;
  let sum1 = first & 0xffff;
  let sum2 = (rem * sum1) % ADLER_BASE;
  sum1 += (second & 0xffff) + ADLER_BASE - 1;
  sum2 += ((first >>> 16) & 0xffff) + ((second >>> 16) & 0xffff) + ADLER_BASE - rem;
  if (sum1 >= ADLER_BASE) sum1 -= ADLER_BASE;
  if (sum1 >= ADLER_BASE) sum1 -= ADLER_BASE;
  if (sum2 >= ADLER_BASE * 2) sum2 -= ADLER_BASE * 2;
  if (sum2 >= ADLER_BASE) sum2 -= ADLER_BASE;
  return ((sum2 << 16) | sum1) >>> 0;
}

function group(filtered: Buffer, level: number, adler = adler32(filtered)): Group {
  return {
    deflated: deflateRawSync(filtered, { level, finishFlush: constants.Z_FULL_FLUSH }),
    adler,
    length: filtered.length,
  };
}

/** `rgb`: the background, `width` × `height`, 3 bytes a pixel. */
export function pngBackground(rgb: Uint8Array, width: number, height: number): PngBackground {
  const groups: Group[] = [];
  for (let from = 0; from < height; from += ROWS_PER_GROUP) {
    const to = Math.min(height, from + ROWS_PER_GROUP);
    groups.push(group(filteredRows(rgb, width, from, to), BACKGROUND_LEVEL));
  }
  return { width, height, rgb, groups };
}

/**
 * A background's compressed row groups as bytes (kept in the cache beside its pixels, so a process
 * does not compress them again: level 9 over the whole card is most of a first card's time). Per
 * group: its Adler-32, uncompressed and compressed length, then the compressed bytes.
 */
export function backgroundGroups(background: PngBackground): Buffer {
  const parts = background.groups.flatMap((kept) => {
    const head = Buffer.alloc(12);
    head.writeUInt32BE(kept.adler, 0);
    head.writeUInt32BE(kept.length, 4);
    head.writeUInt32BE(kept.deflated.length, 8);
    return [head, kept.deflated];
  });
  return Buffer.concat(parts);
}

/** A background from its pixels and the bytes `backgroundGroups` made of its groups. */
export function pngBackgroundFrom(
  rgb: Uint8Array,
  width: number,
  height: number,
  groupBytes: Buffer,
): PngBackground {
  const groups: Group[] = [];
  for (let at = 0; at < groupBytes.length;) {
    const deflatedLength = groupBytes.readUInt32BE(at + 8);
    groups.push({
      adler: groupBytes.readUInt32BE(at),
      length: groupBytes.readUInt32BE(at + 4),
      deflated: groupBytes.subarray(at + 12, at + 12 + deflatedLength),
    });
    at += 12 + deflatedLength;
  }
  if (groups.length !== Math.ceil(height / ROWS_PER_GROUP))
    throw new Error('The background row groups do not match the picture.');
  return { width, height, rgb, groups };
}

function chunk(type: string, data: Buffer[]): Buffer[] {
  const head = Buffer.alloc(8);
  head.writeUInt32BE(
    data.reduce((sum, part) => sum + part.length, 0),
    0,
  );
  head.write(type, 4, 'latin1');
  const crc = Buffer.alloc(4);
  crc.writeUInt32BE(data.reduce((sum, part) => crc32(part, sum), crc32(head.subarray(4))));
  return [head, ...data, crc];
}

const SIGNATURE = Buffer.from([137, 80, 78, 71, 13, 10, 26, 10]);
/** A final, empty deflate block (fixed Huffman codes, only the end-of-block code). */
const FINAL_BLOCK = Buffer.from([0x03, 0x00]);

/** Rows of a picture that differ from its background, from a group's first row. */
export interface ChangedRows {
  /** The first row: the first of a group. */
  from: number;
  /** RGB of whole rows, from `from` to the end of a group (or of the picture). */
  rgb: Buffer;
  /**
   * What the changes noted so far (`noteRowChange`) add to the Adler-32 sums of each group of the
   * rows (its first sum, then its second): given, the groups' Adler-32 come from the background's
   * without reading their bytes again; absent, they are read.
   */
  adlerChanges?: Float64Array;
}

/**
 * A copy of the background's rows that cover [`fromRow`, `toRow`), widened to whole groups: draw
 * on it, then `encodePng` it. Only these rows are copied (a card's are a fraction of its 2.3 MB).
 * `noted`: every change to the rows will be noted with `noteRowChange`.
 */
export function rowsToChange(
  background: PngBackground,
  fromRow: number,
  toRow: number,
  { noted = false } = {},
): ChangedRows {
  const stride = background.width * 3;
  const from = Math.floor(fromRow / ROWS_PER_GROUP) * ROWS_PER_GROUP;
  const to = Math.min(background.height, Math.ceil(toRow / ROWS_PER_GROUP) * ROWS_PER_GROUP);
  const rgb = Buffer.from(background.rgb.subarray(from * stride, Math.max(from, to) * stride));
  if (!noted) return { from, rgb };
  const groups = Math.ceil(Math.max(0, to - from) / ROWS_PER_GROUP);
  return { from, rgb, adlerChanges: new Float64Array(groups * 2) };
}

/**
 * Notes a change to row `row` of `changed` (counted from its first): its bytes' new values minus
 * the background's add up to `sum`, and to `byPlace` when each difference is multiplied by its
 * byte's place in the row (from 0). Adler-32's sums are linear: a byte at place i of a group's n
 * bytes that changes by δ adds δ to the first sum and (n − i)·δ to the second.
 */
export function noteRowChange(
  background: PngBackground,
  changed: ChangedRows,
  row: number,
  sum: number,
  byPlace: number,
): void {
  const stride = background.width * 3;
  const group = Math.floor(row / ROWS_PER_GROUP);
  const firstRow = changed.from + group * ROWS_PER_GROUP;
  const rows = Math.min(ROWS_PER_GROUP, background.height - firstRow);
  // The row's first byte (after its filter byte) is at this place of the group's filtered bytes.
  const start = (row - group * ROWS_PER_GROUP) * (stride + 1) + 1;
  const changes = changed.adlerChanges!;
  changes[group * 2] = changes[group * 2]! + sum;
  changes[group * 2 + 1] = changes[group * 2 + 1]! + (rows * (stride + 1) - start) * sum - byPlace;
}

/** Adler-32 sums from a group's and the changes noted to it (`noteRowChange`). */
function changedAdler(kept: Group, sum: number, weighted: number): number {
  const a = ((((kept.adler & 0xffff) + sum) % ADLER_BASE) + ADLER_BASE) % ADLER_BASE;
  const b = ((((kept.adler >>> 16) + weighted) % ADLER_BASE) + ADLER_BASE) % ADLER_BASE;
  return ((b << 16) | a) >>> 0;
}

/** The PNG of the background with `changed` rows in place of its own: only their groups are compressed now. */
export function encodePng(background: PngBackground, changed: ChangedRows): Buffer {
  const { width, height } = background;
  const stride = width * 3;
  const changedTo = changed.from + changed.rgb.length / stride;
  const deflated: Buffer[] = [];
  let adler = 1;
  const noted = changed.adlerChanges;
  // Where the changed rows' first group's sums are in `noted` (two a group).
  const first = (changed.from / ROWS_PER_GROUP) * 2;
  background.groups.forEach((kept, index) => {
    const from = index * ROWS_PER_GROUP;
    const to = Math.min(height, from + ROWS_PER_GROUP);
    const own =
      from >= changed.from && to <= changedTo
        ? group(
            filteredRows(changed.rgb, width, from - changed.from, to - changed.from),
            CARD_LEVEL,
            noted && changedAdler(kept, noted[index * 2 - first]!, noted[index * 2 - first + 1]!),
          )
        : kept;
    deflated.push(own.deflated);
    adler = adlerCombine(adler, own.adler, own.length);
  });
  const header = Buffer.alloc(13);
  header.writeUInt32BE(width, 0);
  header.writeUInt32BE(height, 4);
  header.set([8, 2, 0, 0, 0], 8); // 8 bits, RGB, deflate, adaptive filtering, not interlaced
  const trailer = Buffer.alloc(4);
  trailer.writeUInt32BE(adler);
  return Buffer.concat([
    SIGNATURE,
    ...chunk('IHDR', [header]),
    // zlib's header: deflate, 32 KB window, no dictionary (0x7801 is a multiple of 31).
    ...chunk('IDAT', [Buffer.from([0x78, 0x01]), ...deflated, FINAL_BLOCK, trailer]),
    ...chunk('IEND', []),
  ]);
}
