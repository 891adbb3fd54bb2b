import { spawnSync } from 'node:child_process';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { publish } from '../../editor/git/publish.ts';
import { bob, git, makeTeam, ready, request, type Team } from './git-fixture.ts';

const HOTELS = 'pages/solutions/hotels.yaml';
let team: Team;
afterEach(() => team?.cleanup());

const filesOf = (repo: string, commit: string) =>
  git(repo, 'diff-tree', '--no-commit-id', '--name-only', '-r', commit).split('\n').filter(Boolean);

describe('publish, direct', () => {
  it('adds exactly one commit to the remote, touching exactly the changed files, by the author', async () => {
    team = makeTeam();
    const a = team.clone('alice');
    const before = team.remoteHead();
    a.edit(
      HOTELS,
      'title: The Hotel OS Built for Independent Teams',
      'title: A Hotel OS for Small Teams',
    );
    a.write(
      'pages/resources/new-guide.yaml',
      a
        .read('pages/solutions/hotels.yaml')
        .replace('title: Hotel Management', 'draft: true\ntitle: Guide'),
    );
    const result = await publish(a.root, await ready(a), request(a));
    expect(result.status).toBe('published');
    const added = team.remoteLog(before);
    expect(added).toHaveLength(1);
    expect(filesOf(team.remote, added[0]!).sort()).toEqual([
      'pages/resources/new-guide.yaml',
      HOTELS,
    ]);
    expect(git(team.remote, 'log', '-1', '--format=%an <%ae>|%cn|%s', 'main').trim()).toBe(
      'Alice Author <alice@example.com>|Alice Author|Hotels: new title',
    );
    // The author's copy is clean: the local history has the commit, nothing left to publish.
    expect(a.git('status', '--porcelain')).toBe('');
    expect(a.git('rev-parse', 'HEAD').trim()).toBe(added[0]);
    expect((await publish(a.root, await ready(a), request(a))).status).toBe('nothing-to-publish');
  });

  it("leaves a developer's uncommitted code and untracked files out of every commit", async () => {
    team = makeTeam();
    const a = team.clone('alice');
    const before = team.remoteHead();
    a.write('renderer/code.ts', 'export const answer = 43; // work in progress\n');
    a.write('renderer/new-idea.ts', 'export {};\n');
    a.write('notes.txt', 'private notes\n');
    a.git('add', 'renderer/new-idea.ts'); // staged by the developer, still not the editor's to send
    a.edit(HOTELS, 'badge: For Independent Hotels', 'badge: For Hotels');
    expect((await publish(a.root, await ready(a), request(a))).status).toBe('published');
    const [commit] = team.remoteLog(before);
    expect(filesOf(team.remote, commit!)).toEqual([HOTELS]);
    expect(git(team.remote, 'show', 'main:renderer/code.ts')).toBe('export const answer = 42;\n');
    // The developer's work is where it was: changed, staged and untracked as before.
    expect(a.read('renderer/code.ts')).toContain('work in progress');
    expect(a.git('status', '--porcelain').split('\n').filter(Boolean).sort()).toEqual([
      ' M renderer/code.ts',
      '?? notes.txt',
      'A  renderer/new-idea.ts',
    ]);
  });

  it('refuses a site with an error: nothing committed, the problem named at its field', async () => {
    team = makeTeam();
    const a = team.clone('alice');
    const before = team.remoteHead();
    const headBefore = a.git('rev-parse', 'HEAD');
    a.edit(
      HOTELS,
      '      - { label: Book a Demo, href: /book-demo, variant: primary }',
      '      - { label: Book a Demo, href: /book-demo, variant: loud }',
    );
    const result = await publish(a.root, await ready(a), request(a));
    expect(result.status).toBe('refused');
    if (result.status !== 'refused') return;
    // The page's own problem only: its German translation is not told to copy the wrong value.
    expect(result.problems.map((problem) => problem.file)).toEqual([HOTELS]);
    const own = result.problems.find((problem) => problem.file === HOTELS)!;
    expect(own).toMatchObject({ line: 9, path: ['blocks', 0, 'actions', 0, 'variant'] });
    expect(own.message).toContain('loud');
    expect(team.remoteHead()).toBe(before);
    expect(a.git('rev-parse', 'HEAD')).toBe(headBefore);
    expect(a.read(HOTELS)).toContain('variant: loud');
  });
});

describe('two authors', () => {
  it('merge different fields of the same page field by field, with no conflict markers', async () => {
    team = makeTeam();
    const a = team.clone('alice');
    const b = team.clone('bob');
    a.edit(HOTELS, 'title: The Hotel OS Built for Independent Teams', 'title: Alice Title');
    b.edit(HOTELS, 'badge: For Independent Hotels', 'badge: Bob Badge');
    expect((await publish(b.root, await ready(b), request(b, bob, 'Bob: badge'))).status).toBe(
      'published',
    );
    const aliceVersion = a.read(HOTELS);
    const result = await publish(a.root, await ready(a), request(a));
    expect(result.status).toBe('published');
    const final = git(team.remote, 'show', `main:${HOTELS}`);
    expect(final).toContain('title: Alice Title');
    expect(final).toContain('badge: Bob Badge');
    expect(final).not.toMatch(/^(<<<<<<<|=======|>>>>>>>)/m);
    expect(a.read(HOTELS)).toBe(final);
    // Against each author's own version, the result differs by the other author's line only.
    expect(changedLines(aliceVersion, final)).toEqual([
      '-    badge: For Independent Hotels',
      '+    badge: Bob Badge',
    ]);
    expect(changedLines(b.read(HOTELS), final)).toEqual([
      '-    title: The Hotel OS Built for Independent Teams',
      '+    title: Alice Title',
    ]);
    // Bob gets the latest on his next publish attempt (nothing of his left to send).
    expect((await publish(b.root, await ready(b), request(b, bob))).status).toBe(
      'nothing-to-publish',
    );
    expect(b.read(HOTELS)).toBe(final);
  });
});

/** The lines `git diff` shows between two texts (real git, on two files). */
function changedLines(from: string, to: string): string[] {
  const dir = mkdtempSync(path.join(os.tmpdir(), 'diff-'));
  writeFileSync(path.join(dir, 'a'), from);
  writeFileSync(path.join(dir, 'b'), to);
  const out = spawnSync('git', ['diff', '--no-index', '--unified=0', 'a', 'b'], {
    cwd: dir,
    encoding: 'utf8',
  }).stdout;
  rmSync(dir, { recursive: true, force: true });
  return out.split('\n').filter((line) => /^[-+](?![-+])/.test(line));
}

describe('a colleague publishes at the same moment', () => {
  it('brings their change in, merges, checks again and sends again, with no question asked', async () => {
    team = makeTeam();
    const a = team.clone('alice');
    const b = team.clone('bob');
    b.edit(HOTELS, 'badge: For Independent Hotels', 'badge: Just Before');
    b.git('-c', 'user.name=Bob', '-c', 'user.email=bob@example.com', 'commit', '-qam', 'badge');
    // Bob's commit lands on main between Alice's fetch and her push: the remote's own pre-receive
    // hook moves main to it, once (the editor runs no hook of the author's copy).
    b.git('push', '-q', 'origin', 'HEAD:refs/heads/bob-side');
    const marker = path.join(team.dir, 'bob-pushed');
    const hook = path.join(team.remote, 'hooks', 'pre-receive');
    writeFileSync(
      hook,
      `#!/bin/sh\nif [ ! -f '${marker}' ]; then touch '${marker}'; env -u GIT_QUARANTINE_PATH -u GIT_OBJECT_DIRECTORY -u GIT_ALTERNATE_OBJECT_DIRECTORIES git update-ref refs/heads/main refs/heads/bob-side; fi\nexit 0\n`,
      { mode: 0o755 },
    );
    const before = team.remoteHead();
    a.edit(HOTELS, 'title: The Hotel OS Built for Independent Teams', 'title: At The Same Time');
    const result = await publish(a.root, await ready(a), request(a));
    expect(result).toMatchObject({ status: 'published', attempts: 2 });
    // Bob's commit, then exactly one of Alice's on top, holding both changes.
    const added = team.remoteLog(before);
    expect(added).toHaveLength(2);
    expect(filesOf(team.remote, added[1]!)).toEqual([HOTELS]);
    const final = git(team.remote, 'show', `main:${HOTELS}`);
    expect(final).toContain('badge: Just Before');
    expect(final).toContain('title: At The Same Time');
    expect(a.read(HOTELS)).toBe(final);
    expect(a.git('status', '--porcelain')).toBe('');
  });
});
