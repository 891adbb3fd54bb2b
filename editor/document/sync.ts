import { isMap, isScalar, stringify, type Pair, type YAMLMap } from 'yaml';
import type { RecordEntry, SyncEdit } from '../../engine/translation-sync.ts';
import { translationSyncEdits } from '../../engine/translation-sync.ts';
import { equalData, isObject } from './data-ops.ts';
import { deleteKey, insertItem, moveItem, removeItem, setValue } from './edit.ts';
import { readYaml } from './read-yaml.ts';

/**
 * A translation's YAML with `edits` (engine/translation-sync.ts) applied through the same edits as
 * the page editor's form: lines that do not change keep their bytes, comments and style.
 */
function applySyncEdits(text: string, edits: readonly SyncEdit[]): string {
  let out = text;
  for (const edit of edits) {
    switch (edit.op) {
      case 'set':
        out = setValue(out, edit.path, edit.value, edit.keyOrder);
        break;
      case 'delete':
        out = deleteKey(out, edit.path);
        break;
      case 'insert':
        out = insertItem(out, edit.path, edit.index, edit.value);
        break;
      case 'remove':
        out = removeItem(out, edit.path, edit.index);
        break;
      case 'move':
        out = moveItem(out, edit.path, edit.from, edit.to);
        break;
    }
  }
  return out;
}

const plainLine = (value: unknown) => {
  const line = stringify(value, { lineWidth: 0 }).trimEnd();
  return line.includes('\n') ? undefined : line;
};

/**
 * The `translatedFrom` block written as `entries`, each line as it was when its key and value are
 * (a moved entry keeps its value's text and quotes under its new key): one splice of the block
 * instead of an edit per key, as a move renames every key after it. Undefined when the block is
 * not a plain one (flow style, comments, values over several lines), for the edits to do it.
 */
function splicedRecord(text: string, entries: readonly RecordEntry[]): string | undefined {
  const read = readYaml(text);
  if (!read.ok || !isObject(read.data)) return undefined;
  const node = read.doc.get('translatedFrom', true);
  if (!isMap(node) || node.flow || entries.length === 0) return undefined;
  const pairs = (node as YAMLMap).items as Array<Pair<unknown, unknown>>;
  const old = new Map<string, { key: string; value: string }>();
  for (const pair of pairs) {
    const { key, value } = pair;
    if (!isScalar(key) || !isScalar(value) || key.commentBefore || value.comment) return undefined;
    if (!key.range || !value.range) return undefined;
    const valueText = text.slice(value.range[0], value.range[1]);
    if (valueText.includes('\n')) return undefined;
    old.set(String(key.value), { key: text.slice(key.range[0], key.range[1]), value: valueText });
  }
  const first = pairs[0]?.key as { range?: number[] } | undefined;
  const last = pairs[pairs.length - 1]?.value as { range?: number[] } | undefined;
  if (!first?.range || !last?.range) return undefined;
  const start = text.lastIndexOf('\n', first.range[0]) + 1;
  const indent = text.slice(start, first.range[0]);
  if (indent.trim() !== '') return undefined;
  const lineEnd = text.indexOf('\n', last.range[1]);
  const end = lineEnd === -1 ? text.length : lineEnd;
  const lines: string[] = [];
  for (const entry of entries) {
    const was = entry.was === undefined ? undefined : old.get(entry.was);
    const sameKey = entry.was === entry.key;
    const key = sameKey && was ? was.key : plainLine(entry.key);
    const value = was ? was.value : plainLine(entry.value);
    if (key === undefined || value === undefined) return undefined;
    lines.push(`${indent}${key}: ${value}`);
  }
  const out = text.slice(0, start) + lines.join('\n') + text.slice(end);
  const expected = {
    ...read.data,
    translatedFrom: Object.fromEntries(entries.map((entry) => [entry.key, entry.value])),
  };
  const check = readYaml(out);
  return check.ok && equalData(check.data, expected) ? out : undefined;
}

/** `translatedFrom` written as `entries`, by the edits of a form when it cannot be spliced. */
function editedRecord(text: string, entries: readonly RecordEntry[]): string {
  const read = readYaml(text);
  const record = read.ok && isObject(read.data) ? read.data.translatedFrom : undefined;
  const before = isObject(record) ? record : {};
  const wanted = new Map(entries.map((entry) => [entry.key, entry.value]));
  const order = entries.map((entry) => entry.key);
  let out = text;
  for (const key of Object.keys(before))
    if (!wanted.has(key)) out = deleteKey(out, ['translatedFrom', key]);
  for (const [key, value] of wanted)
    if (!(key in before) || !equalData(before[key], value))
      out = setValue(out, ['translatedFrom', key], value, order);
  return out;
}

/**
 * A translation's text brought in line with its source's text (engine/translation-sync.ts), or the
 * text as it is when it already matches or either file cannot be read as YAML.
 */
export function syncTranslationText(translationText: string, sourceText: string): string {
  const translation = readYaml(translationText);
  const source = readYaml(sourceText);
  if (!translation.ok || !source.ok) return translationText;
  const { edits, record } = translationSyncEdits(translation.data, source.data);
  const out = applySyncEdits(translationText, edits);
  if (!record) return out;
  return splicedRecord(out, record) ?? editedRecord(out, record);
}
