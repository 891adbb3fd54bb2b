/**
 * Runs every property-based test of the project (files named `*.property.test.ts`, wherever they
 * are) and nothing else, with the number of runs and the seed given to them as PROPERTY_RUNS and
 * PROPERTY_SEED (tests/helpers/properties.ts). `npm test` runs the same files with each one's small
 * default.
 */
import { spawn } from 'node:child_process';
import { readdirSync } from 'node:fs';
import path from 'node:path';
import { helpText, readCommandLine, type CommandSpec } from '../engine/command-line.ts';

const COMMAND = {
  usage: 'npm run test:properties --',
  summary:
    'Runs the property-based tests (*.property.test.ts) alone, longer than npm test does. ' +
    'A failure prints its seed and the shrunk counterexample to replay it.',
  options: {
    runs: { type: 'string', value: '<n>', help: "runs per property (default: each test's own)" },
    seed: { type: 'string', value: '<s>', help: 'fast-check seed, an integer (default: fixed)' },
    list: { type: 'boolean', help: 'print the files and settings without running them' },
  },
  positionals: {
    usage: '[filter…]',
    help: 'only the files whose path contains one of these, e.g. tests/security',
    max: Infinity,
  },
} as const satisfies CommandSpec;

/** Folders that hold no test of the project's own. */
const SKIPPED = new Set(['node_modules', 'dist', '.git', '.cache', 'bench']);

/** Every `*.property.test.ts` under `root`, as paths relative to it, sorted. */
function propertyTestFiles(root: string, folder = ''): string[] {
  const found: string[] = [];
  for (const entry of readdirSync(path.join(root, folder), { withFileTypes: true })) {
    const relative = folder ? `${folder}/${entry.name}` : entry.name;
    if (entry.isDirectory() && !SKIPPED.has(entry.name))
      found.push(...propertyTestFiles(root, relative));
    else if (entry.isFile() && entry.name.endsWith('.property.test.ts')) found.push(relative);
  }
  return found.sort();
}

function fail(message: string): never {
  console.error(`${message}\n\n${helpText(COMMAND)}`);
  process.exit(2);
}

const { values, positionals } = readCommandLine(COMMAND);
const env: Record<string, string> = { PROPERTY_TESTS: '1' };
if (values.runs !== undefined) {
  if (!/^[1-9]\d*$/.test(values.runs))
    fail(`--runs must be a whole number above 0, not "${values.runs}".`);
  env.PROPERTY_RUNS = values.runs;
}
if (values.seed !== undefined) {
  if (!/^-?\d+$/.test(values.seed)) fail(`--seed must be an integer, not "${values.seed}".`);
  env.PROPERTY_SEED = values.seed;
}

const root = path.resolve(import.meta.dirname, '..');
const files = propertyTestFiles(root).filter(
  (file) => !positionals.length || positionals.some((filter) => file.includes(filter)),
);
if (!files.length) fail(`No *.property.test.ts file matches ${positionals.join(', ')}.`);
const runs = env.PROPERTY_RUNS ?? "(each test's default)";
console.log(
  `${files.length} property test files, PROPERTY_RUNS=${runs} PROPERTY_SEED=${env.PROPERTY_SEED ?? '(fixed)'}`,
);
if (values.list) {
  for (const file of files) console.log(`  ${file}`);
  process.exit(0);
}

// A long run takes as long as it takes: each test's own time limit scales with PROPERTY_RUNS where
// it must.
const vitest = spawn(
  process.execPath,
  [path.join(root, 'node_modules/vitest/vitest.mjs'), 'run', '--testTimeout', '86400000', ...files],
  { cwd: root, stdio: 'inherit', env: { ...process.env, ...env } },
);
vitest.on('exit', (code, signal) => process.exit(code ?? (signal ? 1 : 0)));
