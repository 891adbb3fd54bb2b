import { equalData, isObject, isLeaf, valueAt } from '../document/data-ops.ts';
import { readYaml } from '../document/read-yaml.ts';
import { mergeYaml, resolveConflictsOnto } from './merge.ts';
import type { Conflict, MergeInput, YamlPath } from './types.ts';

/** The paths of the leaves where two values differ. */
function differingLeaves(a: unknown, b: unknown, at: YamlPath = []): YamlPath[] {
  if (equalData(a, b)) return [];
  if (Array.isArray(a) && Array.isArray(b) && a.length === b.length)
    return a.flatMap((item, i) => differingLeaves(item, b[i], [...at, i]));
  if (isObject(a) && isObject(b))
    return [...new Set([...Object.keys(a), ...Object.keys(b)])].flatMap((key) =>
      differingLeaves(a[key], b[key], [...at, key]),
    );
  return [at];
}

/**
 * The conflicts of a merge with "ours" as the field holds it now: the author may have edited the
 * page since the merge, and "Keep mine" keeps the field as it is now (`resolveConflictsOnto`). The
 * field is found where taking theirs would change the page now, so a block moved since is followed.
 * A conflict of blocks or lists, or one whose field cannot be told apart, keeps the merge's value.
 */
export function conflictsAsTheyAreNow(current: string, input: MergeInput): Conflict[] {
  const merged = mergeYaml(input);
  const { text: left, conflicts } = merged;
  if (current === left) return conflicts;
  const now = readYaml(current);
  if (!now.ok) return conflicts;
  const keepAll = Object.fromEntries(conflicts.map((c) => [c.id, { pick: 'ours' } as const]));
  return conflicts.map((conflict) => {
    if (![conflict.ours, conflict.theirs].every(isLeaf)) return conflict;
    let taken: string | undefined;
    try {
      taken = resolveConflictsOnto(
        current,
        input,
        { ...keepAll, [conflict.id]: { pick: 'theirs' } },
        merged,
      );
    } catch {
      return conflict; // shown as the merge left it; choosing says what went wrong
    }
    const read = taken === undefined ? undefined : readYaml(taken);
    if (!read?.ok) return conflict;
    const [field, ...more] = differingLeaves(now.data, read.data);
    // Nothing would change: the field holds theirs already.
    if (!field) return { ...conflict, ours: conflict.theirs };
    if (more.length) return conflict;
    return { ...conflict, ours: valueAt(now.data, field) };
  });
}
