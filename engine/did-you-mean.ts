/**
 * Levenshtein distance, case-insensitive: typos like `titel` → `title` or `Hero` → `hero` score
 * low.
 */
function editDistance(a: string, b: string): number {
  const s = a.toLowerCase();
  const t = b.toLowerCase();
  let previous = Array.from({ length: t.length + 1 }, (_, i) => i);
  for (let i = 1; i <= s.length; i++) {
    const current = [i];
    for (let j = 1; j <= t.length; j++) {
      const cost = s[i - 1] === t[j - 1] ? 0 : 1;
      current[j] = Math.min(previous[j]! + 1, current[j - 1]! + 1, previous[j - 1]! + cost);
    }
    previous = current;
  }
  return previous[t.length]!;
}

/**
 * The closest candidate, if it is close enough to be a plausible typo (at most a third of the word
 * differs).
 */
export function didYouMean(input: string, candidates: readonly string[]): string | undefined {
  let best: string | undefined;
  let bestScore = Infinity;
  for (const candidate of candidates) {
    const score = editDistance(input, candidate);
    if (score < bestScore) {
      best = candidate;
      bestScore = score;
    }
  }
  if (best === undefined) return undefined;
  const limit = Math.max(2, Math.ceil(Math.max(input.length, best.length) / 3));
  const containsOther =
    input.length > 2 &&
    best.length > 2 &&
    (best.toLowerCase().includes(input.toLowerCase()) ||
      input.toLowerCase().includes(best.toLowerCase()));
  return bestScore <= limit || containsOther ? best : undefined;
}
