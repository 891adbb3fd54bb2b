import { spawnSync } from 'node:child_process';
import { describe, expect, it } from 'vitest';
import { projectRoot } from '../helpers/project-copy.ts';

/**
 * Every command of the project answers --help with its options, one line each, and refuses an
 * unknown option with that help (exit 2), as `npm run` runs it.
 */
const npm = (script: string, ...args: string[]) =>
  spawnSync('npm', ['run', '--silent', script, '--', ...args], {
    cwd: projectRoot,
    encoding: 'utf8',
    env: { ...process.env, NO_COLOR: '1' },
    timeout: 60_000,
  });
const tsx = (file: string, ...args: string[]) =>
  spawnSync(process.execPath, ['--import', 'tsx', file, ...args], {
    cwd: projectRoot,
    encoding: 'utf8',
    timeout: 60_000,
  });

const COMMANDS: Array<{
  name: string;
  run: (...args: string[]) => ReturnType<typeof npm>;
  options: string[];
}> = [
  {
    name: 'npm run validate',
    run: (...a) => npm('validate', ...a),
    options: ['--format pretty|github|json', '--drafts', '--production', '--watch', '--root <dir>'],
  },
  { name: 'npm run build', run: (...a) => npm('build', ...a), options: ['--clean', '--catalogue'] },
  {
    name: 'npm run dev',
    run: (...a) => npm('dev', ...a),
    options: ['--port <port>', '--strictPort', '--host', '--force'],
  },
  {
    name: 'npm start',
    run: (...a) => npm('start', ...a),
    options: ['--port <port>', '--dir <dir>'],
  },
  {
    name: 'npm run serve',
    run: (...a) => npm('serve', ...a),
    options: ['--port <port>', '--dir <dir>'],
  },
  {
    name: 'npm run edit',
    run: (...a) => npm('edit', ...a),
    options: ['--port <port>', '--host <address>', '--root <dir>'],
  },
  {
    name: 'npm run new-page',
    run: (...a) => npm('new-page', ...a),
    options: ['[route]', '--template <name>', '--title <title>', '--publish', '--root <dir>'],
  },
  { name: 'npm run schema', run: (...a) => npm('schema', ...a), options: [] },
  {
    name: 'npm run bench',
    run: (...a) => npm('bench', ...a),
    options: ['--build', '--no-lighthouse', '--pages', '--runs <count>', '--no-image-page'],
  },
  {
    name: 'npm run bench:scale',
    run: (...a) => npm('bench:scale', ...a),
    options: ['--sizes <n,n,…>', '--incremental', '--keep', '--no-build', '--cards <dir>'],
  },
  {
    name: 'npm run bench:peers',
    run: (...a) => npm('bench:peers', ...a),
    options: ['--pages <n>', '--runs <n>', '--keep'],
  },
  {
    name: 'npm run bench:cards',
    run: (...a) => npm('bench:cards', ...a),
    options: ['--cards <n>', '--rounds <n>'],
  },
  {
    name: 'npm run test:properties',
    run: (...a) => npm('test:properties', ...a),
    options: ['[filter…]', '--runs <n>', '--seed <s>', '--list'],
  },
  {
    name: 'scripts/change-scope.ts',
    run: (...a) => tsx('scripts/change-scope.ts', ...a),
    options: ['--base <commit>', '--head <commit>'],
  },
  {
    name: 'npm run bench:editor',
    run: (...a) => npm('bench:editor', ...a),
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

describe.each(COMMANDS)('$name', ({ run, options }) => {
  it('--help lists its options, one line each, and exits 0', () => {
    const result = run('--help');
    expect(result.status, result.stderr).toBe(0);
    const lines = result.stdout.split('\n');
    expect(lines[0]).toMatch(/^Usage: /);
    for (const option of [...options, '--help'])
      expect(lines.filter((line) => line.trimStart().startsWith(option))).toHaveLength(1);
  });

  it('an unknown option is an error that prints the help, exit 2', () => {
    const result = run('--no-such-option');
    expect(result.status).toBe(2);
    expect(result.stderr).toContain('Unknown option "--no-such-option".');
    expect(result.stderr).toMatch(/^Usage: /m);
    expect(result.stdout).toBe('');
  });
});
