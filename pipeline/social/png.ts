import { constants, crc32, deflateRawSync } from 'node:zlib';

/**
 * A PNG encoder for pictures that are a fixed background with a small changed rectangle (a social
 * card: the section's background and the page's title). The background's rows are compressed in
 * groups, each its own deflate stream ended by a full flush (byte-aligned, no reference to earlier
 * data), so its compressed groups can be concatenated with any other stream's: they are compressed
 * once, and a card compresses only the groups its title touches, in one stream of their own. RGB,
 * 8 bits, no interlacing, no filter on any row (a filter that reads the row above would tie the
 * groups together; "Sub" and "Up", measured, made larger files more slowly than none: the title's
 * rows are mostly flat colour and sharp edges, the background a gradient).
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
  /** Its rows as the PNG holds them (`filteredRows`). */
  rows: Uint8Array;
  groups: Group[];
}

/** The bytes a row of a picture `width` pixels wide takes in the PNG: its filter byte, then RGB. */
export const rowBytes = (width: number) => width * 3 + 1;

/** The rows of an RGB picture as the PNG holds them: each its filter byte (0, none), then its RGB. */
function filteredRows(rgb: Uint8Array, width: number, height: number): Buffer {
  const stride = width * 3;
  const out = Buffer.allocUnsafe(height * (stride + 1));
  for (let row = 0, at = 0; row < height; row++, at += stride + 1) {
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

function group(filtered: Uint8Array, level: number, adler = adler32(filtered)): Group {
  return {
    deflated: deflateRawSync(filtered, { level, finishFlush: constants.Z_FULL_FLUSH }),
    adler,
    length: filtered.length,
  };
}

/** `rgb`: the background, `width` × `height`, 3 bytes a pixel. */
export function pngBackground(rgb: Uint8Array, width: number, height: number): PngBackground {
  const rows = filteredRows(rgb, width, height);
  const groupBytes = ROWS_PER_GROUP * rowBytes(width);
  const groups: Group[] = [];
  for (let at = 0; at < rows.length; at += groupBytes)
    groups.push(group(rows.subarray(at, at + groupBytes), BACKGROUND_LEVEL));
  return { width, height, rows, groups };
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

/** A background from its rows (`filteredRows`) and the bytes `backgroundGroups` made of its groups. */
export function pngBackgroundFrom(
  rows: Uint8Array,
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
  if (
    groups.length !== Math.ceil(height / ROWS_PER_GROUP) ||
    rows.length !== height * rowBytes(width)
  )
    throw new Error('The background row groups do not match the picture.');
  return { width, height, rows, groups };
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
  /**
   * Whole rows as the PNG holds them (each its filter byte, then RGB: `rowBytes` a row), from
   * `from` to the end of a group (or of the picture).
   */
  rows: Buffer;
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
  const bytes = rowBytes(background.width);
  const from = Math.floor(fromRow / ROWS_PER_GROUP) * ROWS_PER_GROUP;
  const to = Math.min(background.height, Math.ceil(toRow / ROWS_PER_GROUP) * ROWS_PER_GROUP);
  const rows = Buffer.from(background.rows.subarray(from * bytes, Math.max(from, to) * bytes));
  if (!noted) return { from, rows };
  const groups = Math.ceil(Math.max(0, to - from) / ROWS_PER_GROUP);
  return { from, rows, adlerChanges: new Float64Array(groups * 2) };
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
  const bytes = rowBytes(background.width);
  const group = Math.floor(row / ROWS_PER_GROUP);
  const firstRow = changed.from + group * ROWS_PER_GROUP;
  const rows = Math.min(ROWS_PER_GROUP, background.height - firstRow);
  // The row's first byte (after its filter byte) is at this place of the group's filtered bytes.
  const start = (row - group * ROWS_PER_GROUP) * bytes + 1;
  const changes = changed.adlerChanges!;
  changes[group * 2] = changes[group * 2]! + sum;
  changes[group * 2 + 1] = changes[group * 2 + 1]! + (rows * bytes - start) * sum - byPlace;
}

/** Adler-32 sums from a group's and the changes noted to it (`noteRowChange`). */
function adlerWithChanges(kept: Group, sum: number, weighted: number): number {
  const a = ((((kept.adler & 0xffff) + sum) % ADLER_BASE) + ADLER_BASE) % ADLER_BASE;
  const b = ((((kept.adler >>> 16) + weighted) % ADLER_BASE) + ADLER_BASE) % ADLER_BASE;
  return ((b << 16) | a) >>> 0;
}

/**
 * The PNG of the background with `changed` rows in place of its own: the background's compressed
 * groups before and after them, and the changed rows compressed now, in one stream (fewer and
 * larger deflate blocks than a stream a group: less time and fewer bytes). Its checksum is the
 * background groups' with the noted changes, or read from the rows when none were noted.
 */
export function encodePng(background: PngBackground, changed: ChangedRows): Buffer {
  const { width, height, groups } = background;
  const firstChanged = changed.from / ROWS_PER_GROUP;
  const changedGroups = Math.ceil(changed.rows.length / (ROWS_PER_GROUP * rowBytes(width)));
  const noted = changed.adlerChanges;
  const deflated: Buffer[] = [];
  let adler = 1;
  const add = (kept: Group) => {
    deflated.push(kept.deflated);
    adler = adlerCombine(adler, kept.adler, kept.length);
  };
  groups.slice(0, firstChanged).forEach(add);
  if (changedGroups) {
    let changedAdler = 1;
    if (noted)
      for (let index = 0; index < changedGroups; index++) {
        const kept = groups[firstChanged + index]!;
        const own = adlerWithChanges(kept, noted[index * 2]!, noted[index * 2 + 1]!);
        changedAdler = adlerCombine(changedAdler, own, kept.length);
      }
    add(group(changed.rows, CARD_LEVEL, noted ? changedAdler : undefined));
  }
  groups.slice(firstChanged + changedGroups).forEach(add);
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
