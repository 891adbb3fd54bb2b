/** Values shown in a sentence: quoted, on one line, long ones shortened with an ellipsis. */

const MAX = 60;

const oneLine = (text: string) => text.replace(/\s+/g, ' ').trim();

export function shorten(text: string, max = MAX): string {
  const line = oneLine(text);
  return line.length <= max ? line : `${line.slice(0, max - 1).trimEnd()}…`;
}

const isObject = (value: unknown): value is Record<string, unknown> =>
  value !== null && typeof value === 'object' && !Array.isArray(value);

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

/** Two texts that differ in a small part of a long text: the part that changed, with a little around it. */
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
  const start = Math.max(0, prefix - 20);
  const window = (text: string) => {
    const end = Math.min(text.length, text.length - suffix + 20);
    let part = text.slice(start, end);
    if (part.length > MAX) part = part.slice(0, MAX - 1).trimEnd() + '…';
    else if (end < text.length) part += '…';
    return `'${start > 0 ? '…' : ''}${part}'`;
  };
  return `${window(a)} → ${window(b)}`;
}

const NAME_KEYS = ['title', 'question', 'label', 'heading', 'name', 'quote', 'author', 'text'];

/** What an item of a list is called in a sentence: its title, question or label, quoted; undefined if none. */
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
