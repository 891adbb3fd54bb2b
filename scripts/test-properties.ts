/**
 * npm run test:properties [-- --runs 2000] [--seed 42] [--list] [filter…]
 *
 * Runs every property-based test of the project (files named `*.property.test.ts`, wherever they are) and nothing
 * else, with the number of runs and the seed given to them as PROPERTY_RUNS and PROPERTY_SEED
 * (tests/helpers/properties.ts). `npm test` runs the same files with each one's small default.
 */
import { spawn } from 'node:child_process';
import { readdirSync } from 'node:fs';
import path from 'node:path';
import { parseArgs } from 'node:util';

const HELP = `Usage: npm run test:properties -- [options] [filter…]

Runs every *.property.test.ts file of the project with vitest.

Options:
  --runs N     runs per property (PROPERTY_RUNS); default: each test's own small default
  --seed S     fast-check seed (PROPERTY_SEED), an integer; default: the fixed seed of
               tests/helpers/properties.ts. A failure prints the seed and path to replay it.
  --list       print the files that would run, and the settings, without running them
  -h, --help   show this help

A filter keeps only the files whose path contains it, e.g. tests/security.

Example: npm run test:properties -- --runs 2000 --seed 42`;

/** Folders that hold no test of the project's own. */
const SKIPPED = new Set(['node_modules', 'dist', '.git', '.cache']);

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
  console.error(`${message}\n\n${HELP}`);
  process.exit(2);
}

let parsed: ReturnType<typeof parse>;
function parse() {
  return parseArgs({
    allowPositionals: true,
    options: {
      runs: { type: 'string' },
      seed: { type: 'string' },
      list: { type: 'boolean', default: false },
      help: { type: 'boolean', short: 'h', default: false },
    },
  });
}
try {
  parsed = parse();
} catch (error) {
  fail((error as Error).message);
}
const { values, positionals } = parsed;
if (values.help) {
  console.log(HELP);
  process.exit(0);
}
const env: Record<string, string> = {};
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
const settings = `PROPERTY_RUNS=${env.PROPERTY_RUNS ?? '(each test’s default)'} PROPERTY_SEED=${env.PROPERTY_SEED ?? '(fixed default)'}`;
console.log(`${files.length} property test files, ${settings}`);
if (values.list) {
  for (const file of files) console.log(`  ${file}`);
  process.exit(0);
}

const vitest = spawn(
  process.execPath,
  [path.join(root, 'node_modules/vitest/vitest.mjs'), 'run', ...files],
  { cwd: root, stdio: 'inherit', env: { ...process.env, ...env } },
);
vitest.on('exit', (code, signal) => process.exit(code ?? (signal ? 1 : 0)));
