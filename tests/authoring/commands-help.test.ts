import { spawn } from 'node:child_process';
import { beforeAll, describe, expect, it } from 'vitest';
import { packageScripts } from '../helpers/entry-point.ts';
import { projectRoot } from '../helpers/project-copy.ts';

/**
 * Every command of the project answers --help with its options, one line each, and refuses an
 * unknown option with that help (exit 2), as `npm run` runs it: the command line of the script in
 * package.json, started directly (`tsx file` as `node --import tsx file`: the same loader without
 * the CLI's second process, and without npm and a shell around it; three processes fewer per
 * command, a third of this file's CPU time). `npm run validate` still goes through npm, which
 * proves the arguments after `--` reach the script.
 */
interface Result {
  status: number | null;
  stdout: string;
  stderr: string;
}

/** A command line as node arguments: `node <flags> file` and `tsx file` are the shapes used. */
function nodeArguments(commandLine: string): string[] {
  const [program, ...rest] = commandLine.split(/\s+/);
  if (program === 'node') return rest;
  if (program === 'tsx') return ['--import', 'tsx', ...rest];
  throw new Error(
    `"${commandLine}" is neither \`node …\` nor \`tsx …\`: start it here as npm would.`,
  );
}

/** Two at a time: the commands import much of the project (CPU), a few cores at most. */
let running = 0;
const waiting: Array<() => void> = [];
async function run(command: string, args: string[]): Promise<Result> {
  if (running >= 2) await new Promise<void>((resolve) => waiting.push(resolve));
  running++;
  try {
    return await new Promise<Result>((resolve, reject) => {
      const child = spawn(command, args, {
        cwd: projectRoot,
        env: { ...process.env, NO_COLOR: '1' },
        timeout: 60_000,
      });
      let stdout = '';
      let stderr = '';
      child.stdout.setEncoding('utf8').on('data', (chunk: string) => (stdout += chunk));
      child.stderr.setEncoding('utf8').on('data', (chunk: string) => (stderr += chunk));
      child.on('error', reject);
      child.on('close', (status) => resolve({ status, stdout, stderr }));
    });
  } finally {
    running--;
    waiting.shift()?.();
  }
}

const npm = (script: string, ...args: string[]) =>
  run('npm', ['run', '--silent', script, '--', ...args]);
/** `npm run <script> -- args`, the script's command line started directly. */
const script = (name: string, ...args: string[]) => {
  const commandLine = packageScripts[name];
  if (!commandLine) throw new Error(`package.json has no script "${name}"`);
  return run(process.execPath, [...nodeArguments(commandLine), ...args]);
};
const tsx = (file: string, ...args: string[]) =>
  run(process.execPath, ['--import', 'tsx', file, ...args]);

const COMMANDS: Array<{
  name: string;
  run: (...args: string[]) => Promise<Result>;
  options: string[];
}> = [
  {
    name: 'npm run validate',
    run: (...a) => npm('validate', ...a),
    options: ['--format pretty|github|json', '--drafts', '--production', '--watch', '--root <dir>'],
  },
  {
    name: 'npm run build',
    run: (...a) => script('build', ...a),
    options: ['--clean', '--catalogue'],
  },
  {
    name: 'npm run dev',
    run: (...a) => script('dev', ...a),
    options: ['--port <port>', '--strictPort', '--host', '--force'],
  },
  {
    name: 'npm start',
    run: (...a) => script('start', ...a),
    options: ['--port <port>', '--dir <dir>'],
  },
  {
    name: 'npm run serve',
    run: (...a) => script('serve', ...a),
    options: ['--port <port>', '--dir <dir>'],
  },
  {
    name: 'npm run team',
    run: (...a) => script('team', ...a),
    options: ['--repository <url or path>', '--branch <name>', '--data <folder>', '--port <port>'],
  },
  {
    name: 'npm run edit',
    run: (...a) => script('edit', ...a),
    options: ['--port <port>', '--host <address>', '--root <dir>'],
  },
  {
    name: 'npm run new-page',
    run: (...a) => script('new-page', ...a),
    options: ['[route]', '--template <name>', '--title <title>', '--publish', '--root <dir>'],
  },
  { name: 'npm run schema', run: (...a) => script('schema', ...a), options: [] },
  {
    name: 'npm run bench',
    run: (...a) => script('bench', ...a),
    options: ['--build', '--no-lighthouse', '--pages', '--runs <count>', '--no-image-page'],
  },
  {
    name: 'npm run bench:scale',
    run: (...a) => script('bench:scale', ...a),
    options: ['--sizes <n,n,…>', '--incremental', '--keep', '--no-build', '--cards <dir>'],
  },
  {
    name: 'npm run bench:peers',
    run: (...a) => script('bench:peers', ...a),
    options: ['--pages <n>', '--runs <n>', '--keep'],
  },
  {
    name: 'npm run bench:cards',
    run: (...a) => script('bench:cards', ...a),
    options: ['--cards <n>', '--rounds <n>'],
  },
  { name: 'npm test', run: (...a) => script('test', ...a), options: [] },
  {
    name: 'npm run test:properties',
    run: (...a) => script('test:properties', ...a),
    options: ['[filter…]', '--runs <n>', '--seed <s>', '--list'],
  },
  {
    name: 'scripts/change-scope.ts',
    run: (...a) => tsx('scripts/change-scope.ts', ...a),
    options: ['--base <commit>', '--head <commit>'],
  },
  {
    name: 'npm run bench:editor',
    run: (...a) => script('bench:editor', ...a),
    options: ['--keys <count>', '--api'],
  },
  {
    name: 'scripts/flatten-html.ts',
    run: (...a) => tsx('scripts/flatten-html.ts', ...a),
    options: ['--dir <dir>'],
  },
  {
    name: 'scripts/screenshots.ts',
    run: (...a) => tsx('scripts/screenshots.ts', ...a),
    options: ['[routes…]'],
  },
  {
    name: 'scripts/make-example-images.ts',
    run: (...a) => tsx('scripts/make-example-images.ts', ...a),
    options: [],
  },
];

/**
 * Every command started once with an unknown option (two at a time, each test awaiting its own):
 * the help it prints with the error lists its options. `--help` itself (exit 0, the help on
 * stdout) is the same shared reader (engine/command-line.ts), so it is run for two commands, one
 * of them through npm.
 */
const HELP_RUNS = new Set(['npm run validate', 'npm run build']);
const results = new Map<string, { help?: Promise<Result>; unknown: Promise<Result> }>();
beforeAll(() => {
  for (const { name, run } of COMMANDS) {
    const help = HELP_RUNS.has(name) ? run('--help') : undefined;
    const unknown = run('--no-such-option');
    // Awaited by the tests; a failure to start is theirs to report, not an unhandled rejection.
    for (const started of [help, unknown]) started?.catch(() => {});
    results.set(name, { help, unknown });
  }
});

/** The option lines of a help text: each option once, then --help. */
function expectOptions(help: string, options: string[]) {
  const lines = help.split('\n');
  expect(lines.find((line) => line.trim() !== '')).toMatch(/^Usage: /);
  for (const option of [...options, '--help'])
    expect(lines.filter((line) => line.trimStart().startsWith(option))).toHaveLength(1);
}

describe.each(COMMANDS.filter(({ name }) => HELP_RUNS.has(name)))('$name', ({ name, options }) => {
  it('--help lists its options, one line each, and exits 0', async () => {
    const result = await results.get(name)!.help!;
    expect(result.status, result.stderr).toBe(0);
    expectOptions(result.stdout, options);
  });
});

describe.each(COMMANDS)('$name', ({ name, options }) => {
  it('an unknown option is an error that prints the help with each option, exit 2', async () => {
    const result = await results.get(name)!.unknown;
    expect(result.status, result.stderr).toBe(2);
    expect(result.stderr).toContain('Unknown option "--no-such-option".');
    expectOptions(result.stderr.slice(result.stderr.indexOf('Usage: ')), options);
    expect(result.stdout).toBe('');
  });
});
