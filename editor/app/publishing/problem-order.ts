import type { PublishProblem } from '../../shared/publish-api.ts';

/**
 * The problems that stopped a publish, those in the files the author changed first (in the order
 * the check gave them), then those elsewhere: what their own edit broke comes before what it broke
 * in other pages (a translation of a page they changed, a page linking to one they removed).
 */
export function problemsInOrder(
  problems: readonly PublishProblem[],
  changedFiles: readonly string[],
): Array<PublishProblem & { elsewhere: boolean }> {
  const changed = new Set(changedFiles);
  const marked = problems.map((problem) => ({ ...problem, elsewhere: !changed.has(problem.file) }));
  return [
    ...marked.filter((problem) => !problem.elsewhere),
    ...marked.filter((problem) => problem.elsewhere),
  ];
}
