import { isMap, isScalar, type Pair } from 'yaml';
import { labelKeysAfter } from '../../engine/translation-sync.ts';
import { equalData, isObject } from './data-ops.ts';
import { deleteKey, setValue } from './edit.ts';
import { readYaml } from './read-yaml.ts';

type Labels = Record<string, unknown>;

const localesOf = (data: unknown): unknown[] => {
  const locales = isObject(data) ? data.locales : undefined;
  return isObject(locales) && Array.isArray(locales.list) ? locales.list : [];
};

/** Each language's labels with their keys moved as `moves` says (null: removed). */
function movedLabels(labels: Labels, moves: ReadonlyMap<string, string | null>): Labels {
  const out: Labels = {};
  for (const [key, value] of Object.entries(labels)) {
    const to = moves.has(key) ? moves.get(key)! : key;
    if (to !== null && !(to in out && !moves.has(key))) out[to] = value;
  }
  return out;
}

/**
 * site.config.yaml after an edit of the form, with each language's `labels` following the texts
 * that moved (engine/translation-sync.ts `labelKeysAfter`): a menu entry moved keeps its German
 * label, so no label is reported missing or unused. Keys are renamed in place (every other byte
 * kept); a label whose text is gone is removed. The text unchanged when nothing moved or either
 * version cannot be read.
 */
export function labelsFollowText(beforeText: string, afterText: string): string {
  const before = readYaml(beforeText);
  const after = readYaml(afterText);
  if (!before.ok || !after.ok) return afterText;
  const moves = labelKeysAfter(before.data, after.data);
  if (moves.size === 0) return afterText;
  const locales = localesOf(after.data);
  const expected = structuredClone(after.data) as Record<string, unknown>;
  const splices: Array<{ start: number; end: number; text: string }> = [];
  let changed = false;
  locales.forEach((locale, index) => {
    const labels = isObject(locale) && isObject(locale.labels) ? locale.labels : undefined;
    if (!labels || !Object.keys(labels).some((key) => moves.has(key))) return;
    changed = true;
    (localesOf(expected)[index] as Labels).labels = movedLabels(labels, moves);
    const node = after.doc.getIn(['locales', 'list', index, 'labels'], true);
    if (!isMap(node)) return;
    for (const pair of node.items as Array<Pair<unknown, unknown>>) {
      const key = pair.key;
      if (!isScalar(key) || !key.range || !moves.has(String(key.value))) continue;
      const to = moves.get(String(key.value))!;
      if (to !== null) splices.push({ start: key.range[0], end: key.range[1], text: to });
      else {
        // The entry's whole line (a label on one line, as the site writes them).
        const start = afterText.lastIndexOf('\n', key.range[0]) + 1;
        const valueEnd = (pair.value as { range?: number[] } | null)?.range?.[1] ?? key.range[1];
        const lineEnd = afterText.indexOf('\n', valueEnd);
        splices.push({ start, end: lineEnd === -1 ? afterText.length : lineEnd + 1, text: '' });
      }
    }
  });
  if (!changed) return afterText;
  let out = afterText;
  for (const { start, end, text } of splices.sort((a, b) => b.start - a.start))
    out = out.slice(0, start) + text + out.slice(end);
  const check = readYaml(out);
  if (check.ok && equalData(check.data, expected)) return out;
  // Keys that cannot be renamed in place (quoted, or a label in the way): written by the edits.
  out = afterText;
  locales.forEach((locale, index) => {
    const labels = isObject(locale) && isObject(locale.labels) ? locale.labels : undefined;
    if (!labels) return;
    const path = ['locales', 'list', index, 'labels'];
    const wanted = (localesOf(expected)[index] as Labels).labels as Labels;
    for (const key of Object.keys(labels))
      if (!(key in wanted) || !equalData(labels[key], wanted[key]))
        out = deleteKey(out, [...path, key]);
    for (const [key, value] of Object.entries(wanted))
      if (!equalData(labels[key], value)) out = setValue(out, [...path, key], value);
  });
  return out;
}
