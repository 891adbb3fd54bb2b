/**
 * npm test: everything CI runs, in four steps; each step runs only when the one before passed.
 *
 * 1. The type check, Prettier and ESLint + knip beside the build of the site.
 * 2. The unit tests (vitest).
 * 3. The built site's browser tests (Playwright, playwright.config.ts).
 * 4. The page editor's browser tests (playwright.editor.config.ts).
 *
 * The tests run one kind at a time: run side by side, the unit tests' real-git publishing tests and
 * the browser tests both ran into their timeouts on two cores. Then how long each step took. Every
 * command runs as its own process, without a shell.
 */
import { spawn } from 'node:child_process';
import path from 'node:path';
import { readCommandLine } from '../engine/command-line.ts';

readCommandLine({
  usage: 'npm test',
  summary:
    'Everything CI runs: type check, Prettier, ESLint and knip beside the build, then the unit ' +
    "tests, the built site's browser tests and the editor's browser tests.",
  options: {},
});

interface Command {
  name: string;
  args: string[];
  /** Printed when it ends, not as it comes. */
  quiet?: boolean;
}

const bin = (tool: string) => path.join('node_modules', '.bin', tool);
const npm = process.platform === 'win32' ? 'npm.cmd' : 'npm';

function run({ name, args, quiet }: Command): Promise<boolean> {
  return new Promise((resolve) => {
    const [command, ...rest] = args as [string, ...string[]];
    const child = spawn(command, rest, { stdio: quiet ? ['ignore', 'pipe', 'pipe'] : 'inherit' });
    const held: Buffer[] = [];
    child.stdout?.on('data', (chunk: Buffer) => held.push(chunk));
    child.stderr?.on('data', (chunk: Buffer) => held.push(chunk));
    child.on('error', (error) => {
      console.error(`${name}: ${error.message}`);
      resolve(false);
    });
    child.on('close', (code) => {
      if (quiet) process.stdout.write(Buffer.concat(held));
      if (code !== 0) console.error(`\n✗ ${name} failed (exit ${code})`);
      resolve(code === 0);
    });
  });
}

const steps: Array<{ name: string; commands: Command[] }> = [
  {
    name: 'static checks and build',
    commands: [
      { name: 'type check', args: [npm, 'run', '--silent', 'typecheck'], quiet: true },
      { name: 'Prettier', args: [npm, 'run', '--silent', 'format:check'], quiet: true },
      { name: 'ESLint and knip', args: [npm, 'run', '--silent', 'lint'], quiet: true },
      { name: 'build', args: [npm, 'run', 'build', '--', '--catalogue'] },
    ],
  },
  { name: 'unit tests', commands: [{ name: 'unit tests', args: [bin('vitest'), 'run'] }] },
  {
    name: 'the built site in Chromium',
    commands: [{ name: 'site browser tests', args: [bin('playwright'), 'test'] }],
  },
  {
    name: "the editor's browser tests",
    commands: [
      {
        name: 'editor browser tests',
        args: [bin('playwright'), 'test', '-c', 'playwright.editor.config.ts'],
      },
    ],
  },
];

const took: string[] = [];
const minutes = (ms: number) => {
  const seconds = Math.round(ms / 1000);
  return `${Math.floor(seconds / 60)} min ${String(seconds % 60).padStart(2, '0')} s`;
};
let passed = true;
for (const step of steps) {
  const start = Date.now();
  const results = await Promise.all(step.commands.map(run));
  took.push(`${step.name}: ${minutes(Date.now() - start)}`);
  if (results.includes(false)) {
    passed = false;
    break;
  }
}
console.log(`\n${took.join('\n')}`);
process.exit(passed ? 0 : 1);
