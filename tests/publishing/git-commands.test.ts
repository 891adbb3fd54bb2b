import { chmodSync, existsSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import { setTimeout as sleep } from 'node:timers/promises';
import path from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { publish } from '../../editor/git/publish.ts';
import { git as runGit, GitError, gitText } from '../../editor/git/run.ts';
import { readBlob, readBlobs } from '../../editor/git/tree.ts';
import { commitAndPush, git, makeTeam, ready, request, type Team } from './git-fixture.ts';

/**
 * How many git commands one publish runs: a figure that does not depend on the machine's load,
 * unlike its time (docs/performance.md#team-editor). Counted by a `git` first on PATH that notes
 * its arguments and runs the real one.
 */
const HOTELS = 'pages/solutions/hotels.yaml';
const NEWS = 'pages/resources/news.yaml';
let team: Team;
afterEach(() => team?.cleanup());

/**
 * A `git` first on PATH while `run` runs, which notes who started it and its arguments (`<parent
 * pid> <arguments>` a line), waits `pause` seconds when its arguments match, then runs the real git.
 */
async function withGitOnPath<T>(
  run: (log: () => string[]) => Promise<T>,
  pause?: { when: string; seconds: number },
): Promise<{ result: T; lines: string[] }> {
  const real = (process.env.PATH ?? '')
    .split(path.delimiter)
    .map((dir) => path.join(dir, 'git'))
    .find((file) => existsSync(file));
  if (!real) throw new Error('git is not on PATH');
  const dir = mkdtempSync(path.join(os.tmpdir(), 'git-count-'));
  const log = path.join(dir, 'commands.log');
  writeFileSync(log, '');
  const quoted = (text: string) => `'${text.replaceAll("'", `'\\''`)}'`;
  const wait = pause ? `case "$*" in *${quoted(pause.when)}*) sleep ${pause.seconds};; esac\n` : '';
  writeFileSync(
    path.join(dir, 'git'),
    `#!/bin/sh\nprintf '%s %s\\n' "$PPID" "$*" >> ${quoted(log)}\n${wait}exec ${quoted(real)} "$@"\n`,
  );
  chmodSync(path.join(dir, 'git'), 0o755);
  const before = process.env.PATH;
  process.env.PATH = `${dir}${path.delimiter}${before}`;
  const lines = () => readFileSync(log, 'utf8').split('\n').filter(Boolean);
  try {
    return { result: await run(lines), lines: lines() };
  } finally {
    process.env.PATH = before;
    rmSync(dir, { recursive: true, force: true });
  }
}

/** The git commands `run` ran, without the `-c <setting>` pairs each starts with (run.ts). */
async function gitCommandsOf<T>(run: () => Promise<T>): Promise<{ result: T; commands: string[] }> {
  const { result, lines } = await withGitOnPath(run);
  const commands = lines.map((line) => line.replace(/^\d+ /, '').replace(/^(-c \S+ )*/, ''));
  return { result, commands };
}

/** Commits whose tree was listed more than once. */
const listedTwice = (commands: string[]) => {
  const listed = commands.filter((c) => c.startsWith('ls-tree')).map((c) => c.split(' ').at(-1));
  return listed.filter((id, i) => listed.indexOf(id) !== i);
};

describe('the git commands of one publish', () => {
  it('a colleague published two pages first: at most 24, no commit listed twice', async () => {
    team = makeTeam();
    const a = team.clone('alice');
    const b = team.clone('bob');
    b.edit('pages/index.yaml', '    title: The AI', '    title: Bob says The AI');
    b.edit(NEWS, 'title: News and Announcements', 'title: Bob News');
    commitAndPush(b, 'Bob: two pages');
    a.edit(HOTELS, 'title: The Hotel OS Built for Independent Teams', 'title: A Hotel OS');
    const state = await ready(a);
    const { result, commands } = await gitCommandsOf(() => publish(a.root, state, request(a)));
    expect(result).toMatchObject({
      status: 'published',
      files: [HOTELS],
      latest: { status: 'updated', taken: ['pages/index.yaml', NEWS] },
    });
    // Bob's pages came in as he published them (both read in one command), Alice's went out.
    for (const file of ['pages/index.yaml', NEWS, HOTELS])
      expect(a.read(file)).toBe(git(team.remote, 'show', `main:${file}`));
    expect(commands.filter((c) => c.startsWith('cat-file'))).toEqual(['cat-file --batch']);
    expect(listedTwice(commands)).toEqual([]);
    expect(commands.length, commands.join('\n')).toBeLessThanOrEqual(24);
  });

  it('nobody published since: at most 17, the published commit listed once', async () => {
    team = makeTeam();
    const a = team.clone('alice');
    a.edit(HOTELS, 'title: The Hotel OS Built for Independent Teams', 'title: A Hotel OS');
    const state = await ready(a);
    const { result, commands } = await gitCommandsOf(() => publish(a.root, state, request(a)));
    expect(result).toMatchObject({ status: 'published', files: [HOTELS] });
    expect(a.read(HOTELS)).toBe(git(team.remote, 'show', `main:${HOTELS}`));
    expect(commands.filter((c) => c.startsWith('ls-tree')).length).toBeLessThanOrEqual(1);
    expect(commands.length, commands.join('\n')).toBeLessThanOrEqual(17);
  });
});

describe('readBlobs', () => {
  it('reads several blobs in one command, byte for byte; anything but blobs of the copy: undefined', async () => {
    team = makeTeam();
    const a = team.clone('alice');
    const bytes = Buffer.from([0, 10, 13, 10, 255, 32, 10]);
    a.write('public/odd.bin', '');
    writeFileSync(path.join(a.root, 'public/odd.bin'), bytes);
    const odd = git(a.root, 'hash-object', '-w', 'public/odd.bin').trim();
    const page = git(a.root, 'rev-parse', `HEAD:${HOTELS}`).trim();
    const empty = git(a.root, 'hash-object', '-w', '--stdin').trim();
    const read = await readBlobs(a.root, [odd, page, empty, page]);
    expect(read?.get(odd)).toEqual(bytes);
    expect(read?.get(page)).toEqual(await readBlob(a.root, page));
    expect(read?.get(empty)).toEqual(Buffer.alloc(0));
    const tree = git(a.root, 'rev-parse', 'HEAD^{tree}').trim();
    expect(await readBlobs(a.root, [page, tree])).toBeUndefined();
    expect(await readBlobs(a.root, [page, 'f'.repeat(40)])).toBeUndefined();
    expect(await readBlobs(a.root, [page, 'HEAD'])).toBeUndefined();
  });
});

describe('the process that runs git', () => {
  it("starts every command, not the editor's process; a command it could not finish fails", async () => {
    team = makeTeam();
    const a = team.clone('alice');
    const head = git(a.root, 'rev-parse', 'HEAD').trim();
    const { result, lines } = await withGitOnPath(
      async (log) => {
        expect(await gitText(a.root, ['rev-parse', 'HEAD'])).toBe(head);
        // The process that started that command is stopped while the next one runs: git's answer
        // is unknown, so even an exit code the caller accepts is not taken for it.
        const runner = Number(log()[0]!.split(' ')[0]);
        expect(runner).not.toBe(process.pid);
        const asked = runGit(a.root, ['merge-base', '--is-ancestor', head, head], { okCodes: [1] });
        while (!log().some((line) => line.includes('merge-base'))) await sleep(20);
        process.kill(runner, 'SIGKILL');
        const refused = await asked.then(
          () => undefined,
          (error: unknown) => error,
        );
        // Started again for the next command.
        return { refused, after: await gitText(a.root, ['rev-parse', 'HEAD']) };
      },
      { when: 'merge-base', seconds: 2 },
    );
    expect(result.refused).toBeInstanceOf(GitError);
    expect(result.refused).toMatchObject({ kind: 'failed', exitCode: null });
    expect(result.after).toBe(head);
    const parents = lines.map((line) => Number(line.split(' ')[0]));
    expect(parents).not.toContain(process.pid);
    expect(new Set(parents).size).toBe(2);
  });
});
