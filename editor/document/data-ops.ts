import { readYaml } from './read-yaml.ts';
import type { FieldPath } from '../shared/api.ts';

/**
 * The same edits on plain data, to check the text edits against: an edit's new text must read back
 * as exactly the old data with the edit applied, nothing more.
 */

const clone = <T>(data: T): T => structuredClone(data);

/** A mapping of plain data (YAML's map), not a list or a scalar. */
export const isObject = (value: unknown): value is Record<string, unknown> =>
  value !== null && typeof value === 'object' && !Array.isArray(value);

/** A leaf of plain data: a scalar (or nothing there), not a map or a list. */
export const isLeaf = (value: unknown) => value === null || typeof value !== 'object';

/** The value at `path` in plain data, or undefined when the path leads nowhere. */
export function valueAt(data: unknown, path: FieldPath): unknown {
  let current = data;
  for (const key of path) {
    if (current === null || typeof current !== 'object') return undefined;
    current = (current as Record<string | number, unknown>)[key];
  }
  return current;
}

export function withValue(data: unknown, path: FieldPath, value: unknown): unknown {
  if (path.length === 0) return clone(value);
  const out = clone(data) ?? (typeof path[0] === 'number' ? [] : {});
  let at = out as Record<string | number, unknown>;
  path.slice(0, -1).forEach((key, i) => {
    if (at[key] === null || typeof at[key] !== 'object')
      at[key] = typeof path[i + 1] === 'number' ? [] : {};
    at = at[key] as Record<string | number, unknown>;
  });
  at[path[path.length - 1]!] = clone(value);
  return out;
}

export function withoutKey(data: unknown, path: FieldPath): unknown {
  const out = clone(data);
  const parent = valueAt(out, path.slice(0, -1));
  const last = path[path.length - 1]!;
  if (Array.isArray(parent)) parent.splice(Number(last), 1);
  else if (parent && typeof parent === 'object') delete (parent as Record<string, unknown>)[last];
  return out;
}

function withList(data: unknown, listPath: FieldPath, change: (list: unknown[]) => void): unknown {
  const out = clone(data);
  const list = valueAt(out, listPath);
  if (!Array.isArray(list)) throw new Error(`No list at ${listPath.join('.')}`);
  change(list);
  return out;
}

export const withItemInserted = (
  data: unknown,
  listPath: FieldPath,
  index: number,
  value: unknown,
) => withList(data, listPath, (list) => list.splice(index, 0, clone(value)));
export const withItemRemoved = (data: unknown, listPath: FieldPath, index: number) =>
  withList(data, listPath, (list) => list.splice(index, 1));
export const withItemMoved = (data: unknown, listPath: FieldPath, from: number, to: number) =>
  withList(data, listPath, (list) => list.splice(to, 0, list.splice(from, 1)[0]));
export const withItemDuplicated = (data: unknown, listPath: FieldPath, index: number) =>
  withList(data, listPath, (list) => list.splice(index + 1, 0, clone(list[index])));

/**
 * Deep equality of plain data; key order does not matter (a new key goes where the schema puts it).
 */
export function equalData(a: unknown, b: unknown): boolean {
  if (a === b) return true;
  if (typeof a === 'number' && typeof b === 'number') return Number.isNaN(a) && Number.isNaN(b);
  if (a === null || b === null || typeof a !== 'object' || typeof b !== 'object') return false;
  if (Array.isArray(a) !== Array.isArray(b)) return false;
  if (Array.isArray(a))
    return (
      a.length === (b as unknown[]).length &&
      a.every((item, i) => equalData(item, (b as unknown[])[i]))
    );
  const keysA = Object.keys(a);
  const keysB = Object.keys(b);
  return (
    keysA.length === keysB.length &&
    keysA.every(
      (key) =>
        Object.hasOwn(b, key) &&
        equalData((a as Record<string, unknown>)[key], (b as Record<string, unknown>)[key]),
    )
  );
}

/** True when `text` is valid YAML holding exactly `expected`. */
export function sameData(text: string, expected: unknown): boolean {
  const read = readYaml(text);
  return read.ok && equalData(read.data, expected);
}
