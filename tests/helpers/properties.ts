/**
 * Settings shared by every property-based test (files named `*.property.test.ts`). `npm test` runs
 * each with its own small default; `npm run test:properties -- --runs 2000 [--seed 42]` runs them
 * longer. The seed is fixed, so a failure is reproducible: fast-check prints the seed and the
 * shrunk path of a counterexample, and each one found is kept as a regression test of its own.
 */
const DEFAULT_SEED = 20261126;

/**
 * How many runs a property gets: PROPERTY_RUNS when set (the long run), else the test's own
 * default.
 */
export function propertyRuns(defaultRuns: number): number {
  const runs = Number(process.env.PROPERTY_RUNS);
  return Number.isInteger(runs) && runs > 0 ? runs : defaultRuns;
}

/**
 * fast-check parameters for a property: fixed seed (PROPERTY_SEED overrides it) and the number of
 * runs.
 */
export function propertyParameters(defaultRuns: number): { seed: number; numRuns: number } {
  const seed = Number(process.env.PROPERTY_SEED);
  return {
    seed: Number.isInteger(seed) ? seed : DEFAULT_SEED,
    numRuns: propertyRuns(defaultRuns),
  };
}

/**
 * True in `npm run test:properties`: the property tests too slow for `npm test`'s time budget (a
 * child editor killed and restarted at every step, on real git) run only there.
 */
export const inPropertyRun = process.env.PROPERTY_TESTS === '1';
