import type { Scalar } from 'yaml';
import { readYaml, yamlData } from './read-yaml.ts';

export type ScalarValue = string | number | boolean | null;
type ScalarStyle = Scalar.Type;

export interface ScalarContext {
  /** The style the value was written in: kept when the new value allows it. */
  type: ScalarStyle | undefined;
  /** Inside `{ }` or `[ ]`: plain text may not contain `,` `[` `]` `{` `}`. */
  inFlow: boolean;
  /** Indentation of a block scalar's content lines (`|` and `>`). */
  blockIndent: number;
  /**
   * The scalar's source as written, for block scalars: header and line breaks are reused where
   * possible.
   */
  source?: string;
}

/**
 * True when `text`, written without quotes at this place, reads back as exactly `value` (a string).
 */
function plainReadsAs(text: string, value: string, inFlow: boolean): boolean {
  if (!text || text !== text.trim() || text.includes('\n')) return false;
  // Text that reads as an alias of no anchor (`*note`) is not readable either: only quotes keep it
  // text.
  const parsed = readYaml(inFlow ? `[${text}]` : `k: ${text}`);
  if (!parsed.ok) return false;
  const read = parsed.data;
  const back = inFlow ? (read as unknown[])[0] : (read as Record<string, unknown>).k;
  return Array.isArray(read) ? (read as unknown[]).length === 1 && back === value : back === value;
}

const doubleQuoted = (value: string) => JSON.stringify(value);

/**
 * Characters that only double quotes can hold (as escapes): YAML's non-printable ones, the
 * carriage return (a line break everywhere else) and the byte order mark.
 */
const NEEDS_ESCAPES =
  /[^\t\n\x20-\x7e\x85\xa0-\ud7ff\ue000-\ufefe\uff00-\ufffd\u{10000}-\u{10ffff}]/u;

/**
 * The source text for a scalar value, in the style it was written in when that style can hold the
 * new value (plain stays plain, 'single' stays single, "double" stays double, `|` and `>` stay
 * block scalars); otherwise the nearest style that can, double quotes as the last resort. Never
 * folds a long line.
 */
export function scalarSource(value: ScalarValue, context: ScalarContext): string {
  if (value === null) return 'null';
  if (typeof value !== 'string') return String(value);
  if (NEEDS_ESCAPES.test(value)) return doubleQuoted(value);
  switch (context.type) {
    case 'QUOTE_DOUBLE':
      return doubleQuoted(value);
    case 'QUOTE_SINGLE':
      return value.includes('\n') ? doubleQuoted(value) : `'${value.replace(/'/g, "''")}'`;
    case 'BLOCK_LITERAL':
      if (!context.inFlow) return checked(literalBlock(value, context), value);
      return doubleQuoted(value);
    case 'BLOCK_FOLDED':
      if (!context.inFlow)
        return checked(foldedBlock(value, context) ?? literalBlock(value, context), value);
      return doubleQuoted(value);
    default:
      if (plainReadsAs(value, value, context.inFlow)) return value;
      if (value.includes('\n') && !context.inFlow)
        return checked(literalBlock(value, context), value);
      return doubleQuoted(value);
  }
}

/**
 * A block scalar's source when it reads back as exactly `value`, else `value` in double quotes
 * (which hold any text): a block scalar of only blank or space-only lines reads back as less.
 */
function checked(block: string | undefined, value: string): string {
  if (block === undefined) return doubleQuoted(value);
  const read = yamlData(`k: ${block}`) as Record<string, unknown> | undefined;
  return read?.k === value ? block : doubleQuoted(value);
}

/**
 * `|` or `|-` depending on the trailing newline, then the lines indented. Never `|+`: a text ending
 * in a blank line is left to double quotes, as a `|+` block would take in the blank line that
 * separates it from what follows.
 */
function literalBlock(value: string, context: ScalarContext): string | undefined {
  const body = value.replace(/\n+$/, '');
  const trailing = value.length - body.length;
  // A first line that starts with a space would need an indentation indicator: leave that to double
  // quotes.
  if (!body || /^[ \t]/.test(body) || trailing > 1) return undefined;
  const pad = ' '.repeat(context.blockIndent);
  const lines = body.split('\n').map((line) => (line ? pad + line : ''));
  return `|${trailing === 0 ? '-' : ''}\n${lines.join('\n')}\n`;
}

/**
 * `>` / `>-` with one paragraph: the words are wrapped at the same places as before wherever the
 * text there is unchanged, so editing one word changes one source line. Paragraph breaks and
 * more-indented lines are left to `|`.
 */
function foldedBlock(value: string, context: ScalarContext): string | undefined {
  const trailing = value.length - value.replace(/\n+$/, '').length;
  const body = value.slice(0, value.length - trailing);
  if (!body || body.includes('\n') || /^[ \t]|[ \t]$| {2}/.test(body) || trailing > 1)
    return undefined;
  const chomp = trailing === 0 ? '-' : '';
  const pad = ' '.repeat(context.blockIndent);
  const old = oldFoldedLines(context.source);
  const width = Math.max(40, ...old.map((line) => line.length));
  const lines = rewrap(body, old, width);
  return `>${chomp}\n${lines.map((line) => pad + line).join('\n')}\n`;
}

function oldFoldedLines(source: string | undefined): string[] {
  if (!source || !source.startsWith('>')) return [];
  return source
    .split('\n')
    .slice(1)
    .map((line) => line.trim())
    .filter(Boolean);
}

/**
 * Keeps the unchanged first and last lines of the old wrapping; wraps what is between at `width`.
 */
function rewrap(body: string, old: string[], width: number): string[] {
  const head: string[] = [];
  let rest = body;
  for (const line of old) {
    if (rest.startsWith(line + ' ')) {
      head.push(line);
      rest = rest.slice(line.length + 1);
    } else break;
  }
  const tail: string[] = [];
  for (let i = old.length - 1; i >= head.length; i--) {
    const line = old[i]!;
    if (rest === line || rest.endsWith(' ' + line)) {
      tail.unshift(line);
      rest = rest.slice(0, Math.max(0, rest.length - line.length - 1));
    } else break;
  }
  const middle: string[] = [];
  let current = '';
  for (const word of rest ? rest.split(' ') : []) {
    if (current && current.length + 1 + word.length > width) {
      middle.push(current);
      current = word;
    } else current = current ? `${current} ${word}` : word;
  }
  if (current) middle.push(current);
  return [...head, ...middle, ...tail];
}
