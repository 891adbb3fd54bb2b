import LineBreaker from 'linebreak';
import { COMMAND_NUMBERS, COMMANDS, type GlyphTable, type ShapedGlyph } from './glyphs.ts';

/**
 * The card's title, laid out and turned into glyph paths here instead of by satori: the same
 * arithmetic satori 0.63 does for this one box (src/text/index.ts, src/font.ts; one font, one size,
 * left to right, no wrapping inside words), so the SVG path is the same string satori writes, for
 * a fraction of its CPU and without loading it. A title this cannot prove it lays out as satori
 * does gets `undefined`, and satori draws it (see `fastTitle`).
 */

/** The card's box model, shared with its satori layout in card.ts. */
export const CARD_PADDING = { x: 72, y: 64 } as const;
export const TITLE_MAX_WIDTH = 1000;
export const TITLE_LINE_HEIGHT = 1.08;
export const TITLE_LETTER_SPACING_EM = -0.03;
export const TITLE_COLOUR = '#0f172a';
export const HOST_FONT_SIZE = 26;
/**
 * The square with the brand's initial is the tallest thing in the top row: the row is as high as
 * it.
 */
export const BRAND_ROW_HEIGHT = 64;
/** The title's type size: smaller for longer titles. */
export const titleFontSize = (title: string) =>
  title.length > 70 ? 56 : title.length > 40 ? 68 : 80;

export interface TitleFont {
  /** The title's font (Inter, bold). */
  table: GlyphTable;
  shape: (text: string) => ShapedGlyph[];
  /** The host row's font (Inter, regular): only its height matters. */
  host: { unitsPerEm: number; ascender: number; descender: number };
}

/** satori's `wordSeparators`: a piece of text that is one of these ends a shaped run. */
const WORD_SEPARATORS = new Set([
  ' ',
  '\u00a0',
  '\u1361',
  '\u{10100}',
  '\u{10101}',
  '\u1039',
  '\u1091',
  '\n',
]);
/**
 * Characters the layout here does not follow satori for: controls, the no-break space (satori joins
 * the words around it), the soft hyphen, every space but U+0020, zero-width and direction marks,
 * line and paragraph separators.
 */
const UNPROVEN = /[\p{Cc}\u00a0\u00ad\u2000-\u200f\u2028-\u202f\u205f-\u206f\u3000\ufeff]/u;

const wordSegmenter = new Intl.Segmenter(undefined, { granularity: 'word' });

/**
 * A path number as satori writes it, from the number of tenths satori rounds it to (half away from
 * zero): the string of `tenths / 10`, kept for the card's range (formatting numbers was most of the
 * layout's time).
 */
const TENTHS: string[] = [];
const written = (tenths: number) =>
  tenths >= 0 && tenths < 20_000 ? (TENTHS[tenths] ??= String(tenths / 10)) : String(tenths / 10);
const toTenths = (value: number) => (value < 0 ? -Math.round(-value * 10) : Math.round(value * 10));

const codePointSets = new WeakMap<GlyphTable, ReadonlySet<number>>();
/** The characters a glyph table has, as a set made once per table (not once per card). */
function codePointsOf(table: GlyphTable): ReadonlySet<number> {
  let set = codePointSets.get(table);
  if (!set) codePointSets.set(table, (set = new Set(table.codePoints)));
  return set;
}

export interface TitleSvg {
  /** The title layer: 1200 × 630, only the title's glyphs. */
  svg: string;
  /** The bounds of every point of its path (control points included), px. */
  bounds: { left: number; top: number; right: number; bottom: number };
  lines: string[];
}

/**
 * The title layer's SVG as satori draws it (the same path data), or `undefined` when the title
 * needs what this layout does not do: a character the font lacks, right to left, a forced break, a
 * word wider than the box, more lines than the card holds.
 */
export function fastTitle(
  title: string,
  font: TitleFont,
  card: { width: number; height: number },
): TitleSvg | undefined {
  // satori's white-space: normal: newlines become spaces, runs of spaces one, the ends trimmed.
  const content = title
    .replace(/\n/g, ' ')
    .replace(/([ ]|\t)+/g, ' ')
    .replace(/^[ ]|[ ]$/g, '');
  if (!content || UNPROVEN.test(content)) return undefined;
  const { table, shape } = font;
  const codePoints = codePointsOf(table);
  for (const char of content) if (!codePoints.has(char.codePointAt(0)!)) return undefined;

  const fontSize = titleFontSize(title);
  const letterSpacing = TITLE_LETTER_SPACING_EM * fontSize;
  const { unitsPerEm } = table;
  const measured = new Map<string, number>();
  // FontLoader.measure: the shaped advances, and the letter spacing after every cluster.
  const measure = (text: string) => {
    let width = measured.get(text);
    if (width === undefined) {
      const glyphs = shape(text);
      let advance = 0;
      let clusters = 0;
      for (let i = 0; i < glyphs.length; i++) {
        advance += glyphs[i]!.ax;
        if (glyphs[i + 1]?.cl !== glyphs[i]!.cl) clusters++;
      }
      width = (advance / unitsPerEm) * fontSize + letterSpacing * clusters;
      measured.set(text, width);
    }
    return width;
  };

  // Words between line break opportunities (UAX #14, the `linebreak` package satori uses).
  const words: string[] = [];
  const breaker = new LineBreaker(content);
  for (let last = 0, next = breaker.nextBreak(); next; next = breaker.nextBreak()) {
    if (next.required && next.position < content.length) return undefined;
    words.push(content.slice(last, next.position));
    last = next.position;
  }

  const lineHeight = Math.round(fontSize * TITLE_LINE_HEIGHT);
  const ascent = Math.round((table.ascender / unitsPerEm) * fontSize);
  const descent = Math.round(-((table.descender / unitsPerEm) * fontSize));
  const baseline = ascent + Math.floor((fontSize * TITLE_LINE_HEIGHT - ascent - descent) / 2);

  // satori's flow(): a word goes on the line when it fits, its trailing spaces allowed to overhang.
  const lineWidths: number[] = [];
  const pieces: Array<{ text: string; x: number; line: number }> = [];
  let currentWidth = 0;
  let previousEndingSpaces = 0;
  words.forEach((word, index) => {
    const width = measure(word);
    const trimmed = word.trimEnd();
    const endingSpaces = width - (trimmed === word ? width : measure(trimmed));
    if (index && currentWidth + width > TITLE_MAX_WIDTH + endingSpaces) {
      lineWidths.push(currentWidth - previousEndingSpaces);
      currentWidth = width;
    } else currentWidth += width;
    let x = currentWidth - width;
    for (const { segment } of wordSegmenter.segment(word)) {
      pieces.push({ text: segment, x, line: lineWidths.length });
      x += measure(segment);
    }
    previousEndingSpaces = endingSpaces;
  });
  lineWidths.push(currentWidth);
  // A word wider than the box would widen it (the flex item's min-content size).
  if (words.some((word) => measure(word) > TITLE_MAX_WIDTH)) return undefined;

  // The column: padding, the brand row, the title, the host row, spread apart (space-between), the
  // layout rounded to whole pixels.
  const hostHeight = Math.round(
    (font.host.ascender / font.host.unitsPerEm) * HOST_FONT_SIZE -
      (font.host.descender / font.host.unitsPerEm) * HOST_FONT_SIZE,
  );
  const titleHeight = lineWidths.length * lineHeight;
  const free = card.height - 2 * CARD_PADDING.y - BRAND_ROW_HEIGHT - titleHeight - hostHeight;
  if (free < 0) return undefined;
  const left = CARD_PADDING.x;
  const top = Math.round(CARD_PADDING.y + BRAND_ROW_HEIGHT + free / 2);

  // In tenths of a pixel.
  let [minX, minY, maxX, maxY] = [Infinity, Infinity, -Infinity, -Infinity];
  let d = '';
  // Glyph paths of a run of text from its left end on the baseline (FontLoader.getSVG).
  const drawRun = (text: string, x: number, y: number) => {
    const scale = fontSize / unitsPerEm;
    let cursorX = x;
    const glyphs = shape(text);
    for (let i = 0; i < glyphs.length; i++) {
      const glyph = glyphs[i]!;
      const [pathUnitsPerEm, commands] = table.glyphs[glyph.g]!;
      const gX = cursorX + glyph.dx * scale;
      const gY = y + glyph.dy * scale;
      const pathScale = fontSize / (pathUnitsPerEm || 1000);
      for (let at = 0; at < commands.length;) {
        const code = commands[at++]!;
        d += COMMANDS[code];
        for (let n = 0; n < COMMAND_NUMBERS[code]!; n += 2, at += 2) {
          // satori's glyphPathData without a slant: x + cx·scale, y − cy·scale.
          const px = toTenths(gX + commands[at]! * pathScale);
          const py = toTenths(gY - commands[at + 1]! * pathScale);
          d += n ? ` ${written(px)} ${written(py)}` : `${written(px)} ${written(py)}`;
          if (px < minX) minX = px;
          if (px > maxX) maxX = px;
          if (py < minY) minY = py;
          if (py > maxY) maxY = py;
        }
      }
      cursorX += glyph.ax * scale;
      if (glyphs[i + 1]?.cl !== glyph.cl) cursorX += letterSpacing;
    }
    d += ' ';
  };

  // Pieces of a line are shaped together up to and including a word separator.
  const multiline = lineWidths.length > 1;
  let run: string | undefined;
  let runLeft = 0;
  pieces.forEach((piece, index) => {
    const next = pieces[index + 1];
    const leftOffset = multiline ? Math.round(piece.x) : piece.x;
    if (!WORD_SEPARATORS.has(piece.text) && next?.text && next.line === piece.line) {
      if (run === undefined) runLeft = leftOffset;
      run = (run ?? '') + piece.text;
      return;
    }
    const x = run === undefined ? leftOffset : runLeft;
    drawRun((run ?? '') + piece.text, left + x, top + piece.line * lineHeight + baseline);
    run = undefined;
  });
  if (minX === Infinity) return undefined;

  const lines = lineWidths.map((_, line) =>
    pieces
      .filter((piece) => piece.line === line)
      .map((piece) => piece.text)
      .join(''),
  );
  return {
    svg: `<svg width="${card.width}" height="${card.height}" viewBox="0 0 ${card.width} ${card.height}" xmlns="http://www.w3.org/2000/svg"><g><path fill="${TITLE_COLOUR}" d="${d}"/></g></svg>`,
    bounds: { left: minX / 10, top: minY / 10, right: maxX / 10, bottom: maxY / 10 },
    lines,
  };
}
