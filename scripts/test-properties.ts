/**
 * npm run test:properties [-- --runs 2000] [-- --seed 42]: the property-based tests (`*.property.test.ts`) alone, with
 * more runs than `npm test` gives them (tests/helpers/properties.ts reads PROPERTY_RUNS and PROPERTY_SEED). Without
 * --runs each property gets its own default, as in `npm test`.
 */
import { spawnSync } from 'node:child_process';
import { parseArgs } from 'node:util';

let values: { runs?: string; seed?: string };
try {
  ({ values } = parseArgs({
    options: { runs: { type: 'string' }, seed: { type: 'string' } },
    strict: true,
  }));
} catch (error) {
  console.error(
    `${(error as Error).message}\nUsage: npm run test:properties -- [--runs N] [--seed S]`,
  );
  process.exit(2);
}
const whole = (value: string | undefined, name: string, min: number) => {
  if (value === undefined) return undefined;
  if (!/^-?\d+$/.test(value) || Number(value) < min) {
    console.error(
      `--${name} takes a whole number${min > 0 ? ` of at least ${min}` : ''}, not "${value}".`,
    );
    process.exit(2);
  }
  return value;
};
const runs = whole(values.runs, 'runs', 1);
const seed = whole(values.seed, 'seed', Number.MIN_SAFE_INTEGER);

const result = spawnSync(
  process.execPath,
  // A long run takes as long as it takes: each test's own time limit scales with PROPERTY_RUNS where it must.
  ['node_modules/vitest/vitest.mjs', 'run', '--testTimeout', '86400000', '.property.test.'],
  {
    stdio: 'inherit',
    env: {
      ...process.env,
      ...(runs ? { PROPERTY_RUNS: runs } : {}),
      ...(seed ? { PROPERTY_SEED: seed } : {}),
    },
  },
);
process.exit(result.status ?? 1);
