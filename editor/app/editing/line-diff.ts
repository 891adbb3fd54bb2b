interface DiffLine {
  text: string;
  /** Not in the other version. */
  changed: boolean;
}

/**
 * Marks the lines of each text that the other one does not have (longest common subsequence of
 * lines).
 */
export function lineDiff(mine: string, theirs: string): { mine: DiffLine[]; theirs: DiffLine[] } {
  const a = mine.split('\n');
  const b = theirs.split('\n');
  const n = a.length;
  const m = b.length;
  // lcs[i][j]: length of the common subsequence of a[i..] and b[j..].
  const lcs = Array.from({ length: n + 1 }, () => new Uint32Array(m + 1));
  for (let i = n - 1; i >= 0; i--)
    for (let j = m - 1; j >= 0; j--)
      lcs[i]![j] =
        a[i] === b[j] ? lcs[i + 1]![j + 1]! + 1 : Math.max(lcs[i + 1]![j]!, lcs[i]![j + 1]!);
  const keptA = new Set<number>();
  const keptB = new Set<number>();
  for (let i = 0, j = 0; i < n && j < m;) {
    if (a[i] === b[j]) {
      keptA.add(i++);
      keptB.add(j++);
    } else if (lcs[i + 1]![j]! >= lcs[i]![j + 1]!) i++;
    else j++;
  }
  return {
    mine: a.map((text, i) => ({ text, changed: !keptA.has(i) })),
    theirs: b.map((text, j) => ({ text, changed: !keptB.has(j) })),
  };
}
