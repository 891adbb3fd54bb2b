import { chmodSync, existsSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { publish } from '../../editor/git/publish.ts';
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

async function gitCommandsOf<T>(run: () => Promise<T>): Promise<{ result: T; commands: string[] }> {
  const real = (process.env.PATH ?? '')
    .split(path.delimiter)
    .map((dir) => path.join(dir, 'git'))
    .find((file) => existsSync(file));
  if (!real) throw new Error('git is not on PATH');
  const dir = mkdtempSync(path.join(os.tmpdir(), 'git-count-'));
  const log = path.join(dir, 'commands.log');
  writeFileSync(log, '');
  const quoted = (text: string) => `'${text.replaceAll("'", `'\\''`)}'`;
  writeFileSync(
    path.join(dir, 'git'),
    `#!/bin/sh\nprintf '%s\\n' "$*" >> ${quoted(log)}\nexec ${quoted(real)} "$@"\n`,
  );
  chmodSync(path.join(dir, 'git'), 0o755);
  const before = process.env.PATH;
  process.env.PATH = `${dir}${path.delimiter}${before}`;
  try {
    const result = await run();
    // Each line without the `-c <setting>` pairs every command starts with (editor/git/run.ts).
    const commands = readFileSync(log, 'utf8')
      .split('\n')
      .filter(Boolean)
      .map((line) => line.replace(/^(-c \S+ )*/, ''));
    return { result, commands };
  } finally {
    process.env.PATH = before;
    rmSync(dir, { recursive: true, force: true });
  }
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
