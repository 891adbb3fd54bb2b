/** Offsets and lines in a file's text. Offsets are UTF-16 indexes, as `yaml` reports them. */

export const lineStart = (text: string, offset: number) => text.lastIndexOf('\n', offset - 1) + 1;

/**
 * The offset just after the line that `offset` is on (after its newline); `offset` itself when it
 * starts a line.
 */
export function lineEndAfter(text: string, offset: number): number {
  if (offset > 0 && text[offset - 1] === '\n') return offset;
  const next = text.indexOf('\n', offset);
  return next < 0 ? text.length : next + 1;
}

export const columnOf = (text: string, offset: number) => offset - lineStart(text, offset);

/** True when only spaces stand between the start of the line and `offset`. */
export const startsItsLine = (text: string, offset: number) =>
  /^[ \t]*$/.test(text.slice(lineStart(text, offset), offset));

export const splice = (text: string, from: number, to: number, insert: string) =>
  text.slice(0, from) + insert + text.slice(to);

/** Prefixes every non-empty line with `indent` spaces. */
export const indentLines = (block: string, indent: number) =>
  block
    .split('\n')
    .map((line) => (line ? ' '.repeat(indent) + line : line))
    .join('\n');

/** Blank lines only (no comments): safe to copy between list items. */
export const isBlankGap = (gap: string) => /^[ \t\n]*$/.test(gap);

/** 1-based line of an offset. */
export function lineOf(text: string, offset: number): number {
  let line = 1;
  for (let i = text.indexOf('\n'); i >= 0 && i < offset; i = text.indexOf('\n', i + 1)) line++;
  return line;
}

/** 1-based line and column of an offset (`offsetOf`'s inverse). */
export const positionOf = (text: string, offset: number) => ({
  line: lineOf(text, offset),
  col: columnOf(text, offset) + 1,
});

/** Offset of a 1-based line and column. */
export function offsetOf(text: string, line: number, col: number): number {
  let offset = 0;
  for (let n = 1; n < line; n++) {
    const next = text.indexOf('\n', offset);
    if (next < 0) return text.length;
    offset = next + 1;
  }
  return Math.min(text.length, offset + col - 1);
}
