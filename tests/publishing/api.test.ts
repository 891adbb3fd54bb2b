import { cpSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { git } from './git-fixture.ts';
import { publishingSession } from './editor-fixture.ts';
import { call as request } from './hostile-fixture.ts';

const HOTELS = 'pages/solutions/hotels.yaml';
const session = publishingSession();

/** A request to the author's editor (with another token: a stranger's). */
const call = (method: string, url: string, body?: unknown, token = session.server!.token) =>
  request({ port: session.server!.port, token }, method, url, body);

describe('publishing API', () => {
  it('asks the identity once, lists changes in words, refuses a broken site and publishes a good one', async () => {
    const team = session.makeTeam();
    const a = team.clone('alice');
    await session.serve(a.root);
    const status = await call('GET', '/api/publish/status');
    expect(status.body).toMatchObject({
      available: true,
      identity: null,
      mode: 'direct',
      conflicts: 0,
    });
    // The remote is a folder of this machine: its path is never shown.
    expect(status.body.destination).toBeUndefined();

    expect(
      (await call('POST', '/api/publish/identity', { name: 'A\nB', email: 'a@b.c' })).status,
    ).toBe(400);
    const saved = await call('POST', '/api/publish/identity', {
      name: '-Alice',
      email: 'alice@example.com',
    });
    expect(saved.body.identity).toEqual({ name: '-Alice', email: 'alice@example.com' });
    expect(a.git('config', '--local', 'user.name').trim()).toBe('-Alice');

    a.edit(HOTELS, 'title: The Hotel OS Built for Independent Teams', 'title: New Hero Title');
    const changes = await call('GET', '/api/publish/changes');
    expect(changes.status).toBe(200);
    expect(changes.body.files).toHaveLength(1);
    expect(changes.body.files[0]).toMatchObject({
      file: HOTELS,
      route: '/solutions/hotels',
      status: 'changed',
    });
    expect(changes.body.files[0].changes.map((c: { text: string }) => c.text).join('\n')).toContain(
      'New Hero Title',
    );
    expect(changes.body.message).toContain('/solutions/hotels');

    const diff = await call('GET', `/api/publish/diff?path=${encodeURIComponent(HOTELS)}`);
    expect(diff.body.published).toContain('The Hotel OS Built for Independent Teams');
    expect(diff.body.current).toContain('New Hero Title');

    // A broken field: refused with the problem at its field, nothing published.
    const before = team.remoteHead();
    a.edit(HOTELS, 'variant: primary }', 'variant: loud }');
    const refused = await call('POST', '/api/publish', {
      name: 'Alice',
      email: 'alice@example.com',
      message: changes.body.message,
    });
    expect(refused.status).toBe(422);
    expect(refused.body.error.code).toBe('publish-refused');
    expect(
      (refused.body.problems as Array<{ file: string }>).find((problem) => problem.file === HOTELS),
    ).toMatchObject({
      file: HOTELS,
      path: ['blocks', 0, 'actions', 0, 'variant'],
    });
    expect(team.remoteHead()).toBe(before);

    a.edit(HOTELS, 'variant: loud }', 'variant: primary }');
    const published = await call('POST', '/api/publish', {
      name: 'Alice',
      email: 'alice@example.com',
      message: changes.body.message,
      files: [HOTELS],
    });
    expect(published.status).toBe(200);
    expect(published.body).toMatchObject({ status: 'published', files: [HOTELS] });
    expect(git(team.remote, 'show', `main:${HOTELS}`)).toContain('title: New Hero Title');
    expect((await call('GET', '/api/publish/changes')).body.files).toEqual([]);

    const versions = await call('GET', `/api/publish/versions?path=${encodeURIComponent(HOTELS)}`);
    expect(versions.body.versions.map((v: { author: string }) => v.author)).toEqual([
      'Alice',
      'Seed',
    ]);
    expect(versions.body.versions[0].change.changes[0].text).toContain('New Hero Title');

    // Paths and bodies from the browser are checked before git sees them.
    for (const bad of ['--output=/tmp/x', 'renderer/code.ts', 'pages/../../etc/passwd'])
      expect((await call('GET', `/api/publish/diff?path=${encodeURIComponent(bad)}`)).status).toBe(
        403,
      );
    expect(
      (await call('POST', '/api/publish/restore', { path: HOTELS, commit: '--all' })).status,
    ).toBe(404);
    expect((await call('POST', '/api/publish', { message: 'x' })).status).toBe(400);
    expect((await call('GET', '/api/publish/status', undefined, 'wrong')).status).toBe(401);
  });

  it('says plainly when the project is not in git, and saving keeps working', async () => {
    const root = mkdtempSync(path.join(os.tmpdir(), 'no-git-'));
    for (const entry of ['pages', 'public', 'site.config.yaml'])
      cpSync(path.join(import.meta.dirname, '../..', entry), path.join(root, entry), {
        recursive: true,
      });
    try {
      await session.serve(root);
      const status = await call('GET', '/api/publish/status');
      expect(status.body.available).toBe(false);
      expect(status.body.reason.message).toContain('not kept in git');
      const changes = await call('GET', '/api/publish/changes');
      expect(changes.status).toBe(409);
      const file = await call('GET', `/api/file?path=${encodeURIComponent(HOTELS)}`);
      const save = await call('PUT', '/api/file', {
        path: HOTELS,
        text: file.body.text + '\n',
        baseVersion: file.body.version,
      });
      expect(save.status).toBe(200);
    } finally {
      rmSync(root, { recursive: true, force: true });
    }
  });
});

describe('a conflict, through the API', () => {
  it('Get latest waits for the choice; the choice keeps later edits, or is refused with the reason', async () => {
    const team = session.makeTeam();
    const a = team.clone('alice');
    const b = team.clone('bob');
    const title = 'title: The Hotel OS Built for Independent Teams';
    b.edit(HOTELS, title, 'title: Bob Title');
    b.git('-c', 'user.name=Bob', '-c', 'user.email=bob@example.com', 'commit', '-qam', 'Bob');
    b.git('push', '-q');
    await session.serve(a.root);
    const alice = { name: 'Alice', email: 'alice@example.com' };
    a.edit(HOTELS, title, 'title: Alice Title');
    const first = await call('POST', '/api/publish/latest', alice);
    expect(first.body).toMatchObject({ status: 'updated', merged: [HOTELS] });
    expect(first.body.conflicts).toHaveLength(1);
    // Who changed the field and when: the upstream commit that brought their version.
    expect(first.body.conflicts[0].theirsBy).toMatchObject({ author: 'Bob' });
    expect(Date.parse(first.body.conflicts[0].theirsBy.date)).toBeGreaterThan(0);

    // Bob publishes again; Alice's Get latest brings nothing in until she has chosen.
    b.edit(HOTELS, 'badge: For Independent Hotels', 'badge: Bob Later');
    b.git('-c', 'user.name=Bob', '-c', 'user.email=bob@example.com', 'commit', '-qam', 'Bob 2');
    b.git('push', '-q');
    const waiting = await call('POST', '/api/publish/latest', alice);
    expect(waiting.body).toMatchObject({ status: 'conflicts-waiting', taken: [], merged: [] });
    expect(waiting.body.message).toContain('Choose what to keep');
    expect(waiting.body.conflicts).toHaveLength(1);
    expect(a.read(HOTELS)).not.toContain('Bob Later');
    const listed = await call('GET', '/api/publish/changes');
    expect(listed.body.files.map((f: { file: string }) => f.file)).toEqual([HOTELS]);

    const id = first.body.conflicts[0].conflicts[0].id;
    // "Yours" is the field as it is now: the author wrote in it after the conflict.
    a.edit(HOTELS, 'title: Alice Title', 'title: Alice Later');
    const shown = await call('GET', '/api/publish/conflicts');
    expect(shown.body.conflicts[0].conflicts[0]).toMatchObject({
      ours: 'Alice Later',
      theirs: 'Bob Title',
    });
    const choose = () =>
      call('POST', '/api/publish/resolve', { path: HOTELS, choices: { [id]: { pick: 'theirs' } } });
    a.edit(HOTELS, 'badge: For Independent Hotels', 'badge: [broken');
    const refused = await choose();
    expect(refused.status).toBe(409);
    expect(refused.body.error.code).toBe('publish-changed-since-conflict');
    a.edit(HOTELS, 'badge: [broken', 'badge: Alice Later');
    const resolved = await choose();
    expect(resolved.status).toBe(200);
    expect(resolved.body.text).toContain('title: Bob Title');
    expect(resolved.body.text).toContain('badge: Alice Later');
  });
});

describe('review mode, through the API', () => {
  it('sends a change set for review with its link, and lists it as in review until it clashes', async () => {
    const team = session.makeTeam();
    const seedGit = (...args: string[]) =>
      git(session.team!.seed, '-c', 'user.name=Dev', '-c', 'user.email=dev@example.com', ...args);
    const config = readFileSync(path.join(team.seed, 'site.config.yaml'), 'utf8');
    writeFileSync(
      path.join(team.seed, 'site.config.yaml'),
      `${config}publishing:\n  mode: review\n`,
    );
    seedGit('commit', '-qam', 'review mode');
    seedGit('push', '-q');
    const a = team.clone('alice');
    // The project's address as people know it; git is sent to the local remote instead.
    a.git('config', `url.${team.remote}.insteadOf`, 'git@github.com:acme/site.git');
    a.git('remote', 'set-url', 'origin', 'git@github.com:acme/site.git');
    await session.serve(a.root);
    const status = await call('GET', '/api/publish/status');
    expect(status.body).toMatchObject({
      mode: 'review',
      destination: 'github.com:acme/site.git (main)',
    });

    const before = team.remoteHead();
    a.edit(HOTELS, 'title: The Hotel OS Built for Independent Teams', 'title: For Review');
    const sent = await call('POST', '/api/publish', {
      name: 'Alice',
      email: 'alice@example.com',
      message: 'Hotels: title for review',
    });
    expect(sent.status).toBe(200);
    expect(sent.body.status).toBe('in-review');
    expect(sent.body.reviewUrl).toBe(
      `https://github.com/acme/site/compare/main...${sent.body.name}?expand=1`,
    );
    expect(team.remoteHead()).toBe(before);
    expect(git(team.remote, 'show', `${sent.body.name}:${HOTELS}`)).toContain('title: For Review');

    let review = await call('GET', '/api/publish/review');
    expect(review.body.items).toHaveLength(1);
    expect(review.body.items[0]).toMatchObject({
      name: sent.body.name,
      author: 'Alice',
      files: [HOTELS],
      mergesCleanly: true,
      reviewUrl: sent.body.reviewUrl,
    });

    // Someone publishes the same field on the published branch: the change set no longer merges
    // cleanly.
    seedGit('pull', '-q');
    const text = readFileSync(path.join(team.seed, HOTELS), 'utf8');
    writeFileSync(
      path.join(team.seed, HOTELS),
      text.replace('title: The Hotel OS Built for Independent Teams', 'title: Meanwhile'),
    );
    seedGit('commit', '-qam', 'meanwhile');
    seedGit('push', '-q');
    review = await call('GET', '/api/publish/review');
    expect(review.body.items[0].mergesCleanly).toBe(false);
  });
});
