import { expect, it } from 'vitest';
import { problemsInOrder } from './problem-order.ts';

const problem = (file: string, line: number) => ({
  file,
  line,
  col: 1,
  code: 'bad-value',
  message: `at ${line}`,
});

it("puts the problems in the author's changed files first, each group in the check's order", () => {
  const ordered = problemsInOrder(
    [
      problem('pages/de/solutions/hotels.yaml', 9),
      problem('pages/solutions/hotels.yaml', 9),
      problem('pages/about.yaml', 3),
      problem('pages/solutions/hotels.yaml', 20),
    ],
    ['pages/solutions/hotels.yaml'],
  );
  expect(ordered.map((p) => [p.file, p.line, p.elsewhere])).toEqual([
    ['pages/solutions/hotels.yaml', 9, false],
    ['pages/solutions/hotels.yaml', 20, false],
    ['pages/de/solutions/hotels.yaml', 9, true],
    ['pages/about.yaml', 3, true],
  ]);
});
