/** Values shown in a sentence: quoted, on one line, long ones shortened with an ellipsis. */

import { isObject } from '../document/data-ops.ts';

const MAX = 60;

const oneLine = (text: string) => text.replace(/\s+/g, ' ').trim();

export function shorten(text: string, max = MAX): string {
  const line = oneLine(text);
  if (line.length <= max) return line;
  let cut = line.slice(0, max - 1);
  // At a space, unless the text has none late enough.
  const space = cut.lastIndexOf(' ');
  if (line[max - 1] !== ' ' && space > max / 2) cut = cut.slice(0, space);
  return `${cut.trimEnd()}…`;
}

/** `'Book a demo'`, `35`, `yes`, `(empty)`, `3 items`. */
export function show(value: unknown, max = MAX): string {
  if (value === undefined || value === null || value === '') return '(empty)';
  if (typeof value === 'string') return `'${shorten(value, max)}'`;
  if (typeof value === 'boolean') return value ? 'yes' : 'no';
  if (typeof value === 'number') return String(value);
  if (Array.isArray(value)) {
    if (value.every((item) => typeof item === 'string' || typeof item === 'number')) {
      const joined = `[${value.join(', ')}]`;
      if (joined.length <= max) return joined;
    }
    return value.length === 1 ? '1 item' : `${value.length} items`;
  }
  const name = itemName(value);
  return name ?? '(a group of fields)';
}

/**
 * Two texts that differ in a small part of a long text: the part that changed, with a little around
 * it.
 */
export function showChange(before: unknown, after: unknown): string {
  if (typeof before !== 'string' || typeof after !== 'string')
    return `${show(before)} → ${show(after)}`;
  const a = oneLine(before);
  const b = oneLine(after);
  if (a.length <= MAX && b.length <= MAX) return `${show(a)} → ${show(b)}`;
  let prefix = 0;
  while (prefix < a.length && prefix < b.length && a[prefix] === b[prefix]) prefix++;
  let suffix = 0;
  while (
    suffix < a.length - prefix &&
    suffix < b.length - prefix &&
    a[a.length - 1 - suffix] === b[b.length - 1 - suffix]
  )
    suffix++;
  // Texts with little in common are shown from their start.
  if (prefix < 20 && suffix < 20) return `${show(a)} → ${show(b)}`;
  // About 20 characters either side of the change, cut at spaces.
  let start = Math.max(0, prefix - 20);
  const space = a.indexOf(' ', start);
  if (start > 0 && space >= 0 && space < prefix) start = space + 1;
  const window = (text: string) => {
    let end = Math.min(text.length, text.length - suffix + 20);
    const before = text.lastIndexOf(' ', end);
    if (end < text.length && before > text.length - suffix) end = before;
    const part = text.slice(start, end);
    if (part.length > MAX) return `'${start > 0 ? '…' : ''}${shorten(part)}'`;
    return `'${start > 0 ? '…' : ''}${part}${end < text.length ? '…' : ''}'`;
  };
  return `${window(a)} → ${window(b)}`;
}

const NAME_KEYS = ['title', 'question', 'label', 'heading', 'name', 'quote', 'author', 'text'];

/**
 * What an item of a list is called in a sentence: its title, question or label, quoted; undefined
 * if none.
 */
export function itemName(value: unknown, max = 40): string | undefined {
  if (typeof value === 'string' || typeof value === 'number') return show(value, max);
  if (!isObject(value)) return undefined;
  for (const key of NAME_KEYS) {
    const field = value[key];
    if (typeof field === 'string' && field.trim()) return show(field, max);
  }
  return undefined;
}

/** `1.2 MB`, `240 KB`, `512 B` (powers of 1000, as file managers show them). */
export function bytes(count: number): string {
  if (count < 1000) return `${count} B`;
  if (count < 1_000_000) return `${Math.round(count / 1000)} KB`;
  return `${(count / 1_000_000).toFixed(1).replace(/\.0$/, '')} MB`;
}
