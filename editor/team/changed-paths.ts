import type { YamlPath } from '../../engine/yaml-source.ts';

const isRecord = (value: unknown): value is Record<string, unknown> =>
  value !== null && typeof value === 'object' && !Array.isArray(value);

/**
 * The YAML paths where `after` differs from `before`, as deep as both have the same shape: a
 * changed text is its own path, an added or removed item or field is the path of that item or
 * field, a value whose kind changed (text → list) is its path. What a save changes is read from
 * the two documents, never from the screen that sent it.
 */
export function changedPaths(before: unknown, after: unknown): YamlPath[] {
  const out: YamlPath[] = [];
  compare(before, after, [], out);
  return out;
}

function compare(before: unknown, after: unknown, path: YamlPath, out: YamlPath[]) {
  if (Array.isArray(before) && Array.isArray(after)) {
    const length = Math.max(before.length, after.length);
    for (let index = 0; index < length; index++) {
      if (index >= before.length || index >= after.length) out.push([...path, index]);
      else compare(before[index], after[index], [...path, index], out);
    }
    return;
  }
  if (isRecord(before) && isRecord(after)) {
    const keys = new Set([...Object.keys(before), ...Object.keys(after)]);
    for (const key of keys) {
      if (!Object.hasOwn(before, key) || !Object.hasOwn(after, key)) out.push([...path, key]);
      else compare(before[key], after[key], [...path, key], out);
    }
    return;
  }
  if (!Object.is(before, after)) out.push(path);
}
