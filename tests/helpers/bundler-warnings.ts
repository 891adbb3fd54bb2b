/**
 * The lines of a build's output in which Vite, Rolldown or a plugin warns: `[plugin …]`, Rollup's
 * `(!)`, a "warning:" or "deprecated" line, a module "externalized for browser compatibility". The
 * build's own summary lines ("0 errors, 0 warnings") are not warnings.
 */
export const bundlerWarnings = (output: string): string[] =>
  output
    .split('\n')
    .filter((line) =>
      /\[plugin [^\]]*\]|\(!\)|\bwarn(ing)?:|\[vite\]|externalized|deprecated/i.test(line),
    );
