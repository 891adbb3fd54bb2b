import { equalData, isObject } from '../document/data-ops.ts';

/**
 * Which item of one list is which item of another: the identity of blocks and list items across two
 * versions of a file. Equal items are matched in order first (a longest common subsequence), then
 * items that changed or moved by how much of their content they share (same block type required),
 * then what is left between two matched items pairs up in order when of the same kind (an edited
 * item, not a removed one and a new one).
 */
export interface Alignment {
  /** For each index of `from`, the index of the same item in `to`, or -1 (removed). */
  forward: number[];
  /** For each index of `to`, the index of the same item in `from`, or -1 (added). */
  backward: number[];
  /**
   * Indexes in `from` of matched items that changed place (not in the longest run kept in order).
   */
  moved: Set<number>;
}

const typeOf = (value: unknown) => (isObject(value) ? value.type : undefined);

/** Both scalars, both lists, or both objects of the same `type`. */
function sameKind(a: unknown, b: unknown): boolean {
  if (isObject(a) && isObject(b)) return typeOf(a) === typeOf(b);
  if (Array.isArray(a) || Array.isArray(b)) return Array.isArray(a) && Array.isArray(b);
  return !isObject(a) && !isObject(b);
}

function leaves(value: unknown, prefix = '', out = new Map<string, string>()) {
  if (isObject(value) || Array.isArray(value)) {
    for (const [key, item] of Object.entries(value)) leaves(item, `${prefix}/${key}`, out);
  } else out.set(prefix, JSON.stringify(value));
  return out;
}

/** How much two objects share: 1 = the same, 0 = nothing (or not the same kind of block). */
function similarity(a: Map<string, string>, b: Map<string, string>): number {
  let common = 0;
  for (const [path, value] of a) if (b.get(path) === value) common++;
  return a.size + b.size === 0 ? 1 : (2 * common) / (a.size + b.size);
}

const SIMILAR = 0.5;

function lcsPairs(from: unknown[], to: unknown[]): Array<[number, number]> {
  const n = from.length;
  const m = to.length;
  const table = Array.from({ length: n + 1 }, () => new Array<number>(m + 1).fill(0));
  for (let i = n - 1; i >= 0; i--)
    for (let j = m - 1; j >= 0; j--)
      table[i]![j] = equalData(from[i], to[j])
        ? table[i + 1]![j + 1]! + 1
        : Math.max(table[i + 1]![j]!, table[i]![j + 1]!);
  const pairs: Array<[number, number]> = [];
  for (let i = 0, j = 0; i < n && j < m;) {
    if (equalData(from[i], to[j])) pairs.push([i++, j++]);
    else if (table[i + 1]![j]! >= table[i]![j + 1]!) i++;
    else j++;
  }
  return pairs;
}

/**
 * The matched `from` indexes that stay in order: a longest increasing run of their `to` indexes.
 */
function inOrder(forward: number[]): Set<number> {
  const matched = forward.flatMap((to, from) => (to >= 0 ? [from] : []));
  const length = matched.map(() => 1);
  const previous = matched.map(() => -1);
  matched.forEach((from, k) => {
    for (let p = 0; p < k; p++)
      if (forward[matched[p]!]! < forward[from]! && length[p]! + 1 > length[k]!) {
        length[k] = length[p]! + 1;
        previous[k] = p;
      }
  });
  let best = -1;
  length.forEach((value, k) => {
    if (best < 0 || value > length[best]!) best = k;
  });
  const kept = new Set<number>();
  for (let k = best; k >= 0; k = previous[k]!) kept.add(matched[k]!);
  return kept;
}

export function alignLists(from: unknown[], to: unknown[]): Alignment {
  const forward = from.map(() => -1);
  const backward = to.map(() => -1);
  const match = (i: number, j: number) => {
    forward[i] = j;
    backward[j] = i;
  };
  for (const [i, j] of lcsPairs(from, to)) match(i, j);

  // Changed or moved objects: the most similar pairs first, the nearer of two equally similar ones.
  const fromLeaves = from.map((item) => (isObject(item) ? leaves(item) : undefined));
  const toLeaves = to.map((item) => (isObject(item) ? leaves(item) : undefined));
  const candidates: Array<{ i: number; j: number; score: number }> = [];
  from.forEach((a, i) => {
    if (forward[i]! >= 0 || !fromLeaves[i]) return;
    to.forEach((b, j) => {
      if (backward[j]! >= 0 || !toLeaves[j] || !sameKind(a, b)) return;
      const sameId =
        isObject(a) && isObject(b) && a.id !== undefined && a.id === (b as { id?: unknown }).id;
      const score = sameId ? 1 : similarity(fromLeaves[i]!, toLeaves[j]!);
      if (score >= SIMILAR) candidates.push({ i, j, score });
    });
  });
  candidates.sort(
    (x, y) => y.score - x.score || Math.abs(x.i - x.j) - Math.abs(y.i - y.j) || x.i - y.i,
  );
  for (const { i, j } of candidates) if (forward[i]! < 0 && backward[j]! < 0) match(i, j);

  // What is left between two items kept in order pairs up in order: the same item, edited.
  const kept = [...inOrder(forward)].sort((a, b) => a - b);
  const bounds: Array<[number, number]> = [
    [-1, -1],
    ...kept.map((i) => [i, forward[i]!] as [number, number]),
  ];
  bounds.push([from.length, to.length]);
  for (let k = 0; k + 1 < bounds.length; k++) {
    const [fromStart, toStart] = bounds[k]!;
    const [fromEnd, toEnd] = bounds[k + 1]!;
    let j = toStart + 1;
    for (let i = fromStart + 1; i < fromEnd; i++) {
      if (forward[i]! >= 0) continue;
      let k = j;
      while (k < toEnd && (backward[k]! >= 0 || !sameKind(from[i], to[k]))) k++;
      if (k >= toEnd) continue;
      match(i, k);
      j = k + 1;
    }
  }
  const stay = inOrder(forward);
  const moved = new Set(forward.flatMap((to, i) => (to >= 0 && !stay.has(i) ? [i] : [])));
  return { forward, backward, moved };
}
