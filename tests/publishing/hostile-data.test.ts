import { execFileSync } from 'node:child_process';
import { readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it, vi } from 'vitest';
import { commitAndPush, git } from './git-fixture.ts';
import { publishingSession } from './editor-fixture.ts';
import { call, wordsOnly } from './hostile-fixture.ts';

/**
 * Issue 42, hostile data: a huge value, bytes that are not UTF-8, a name of punctuation only, a
 * version id that is no commit, restoring a page that was never published. Each is a problem in
 * words at its place, never a 500, never a freeze, and never a change to bytes the author did not
 * write.
 */
// Real git, a child editor and the site check per publish: minutes on a loaded 2-core machine.
vi.setConfig({ testTimeout: 240_000, hookTimeout: 60_000 });
const HOTELS = 'pages/solutions/hotels.yaml';
const PRICING = 'pages/pricing.yaml';
const TITLE = 'title: The Hotel OS Built for Independent Teams';
const author = { name: 'Alice Author', email: 'alice@example.com' };

const session = publishingSession();

const REPLACEMENT = Buffer.from('\uFFFD', 'utf8');
const conflictFiles = (answer: { body: { conflicts?: Array<{ file: string }> } }) =>
  (answer.body.conflicts ?? []).map((c) => c.file);

/** The most memory the process ever held, in bytes (Linux). */
function peakMemory(pid: number): number {
  const status = readFileSync(`/proc/${pid}/status`, 'utf8');
  return Number(/VmHWM:\s+(\d+) kB/.exec(status)![1]) * 1024;
}

describe('a huge value from upstream', () => {
  it('is a problem at its page before any merge: no freeze, no memory blow-up, mine kept', async () => {
    const team = session.makeTeam();
    const alice = team.clone('alice');
    const bob = team.clone('bob');
    // 16 times the page limit: enough to see a merge of it (50 MB took the editor 15-30 s and ~4 GB).
    // (This test also stands for the in-process editor's: the same handler runs in the child.)
    const huge = 'x'.repeat(16 * 1024 * 1024);
    bob.edit(HOTELS, 'description: ', `description: ${huge} `);
    commitAndPush(bob, 'huge');
    alice.edit(HOTELS, TITLE, 'title: Mine');
    const mine = alice.read(HOTELS);

    // A child process: a merge that takes gigabytes takes the editor down, not the test run.
    const child = session.childEditor(alice.root);
    await child.start();
    expect((await call(child, 'GET', '/api/blocks')).status).toBe(200);
    let done = false;
    const latest = call(child, 'POST', '/api/publish/latest', author).finally(() => (done = true));
    // Other requests are answered while it runs: three at once, then a cheap route asked again
    // and again for as long as Get latest runs, whose slowest answer is how long the editor was
    // held up (a merge on the request's thread held it 15–30 s).
    const others = await Promise.all(
      [0, 1, 2].map(() => call(child, 'GET', '/api/publish/status')),
    );
    for (const other of others) expect(other.status).toBe(200);
    let slowest = 0;
    let asked = 0;
    while (!done) {
      const start = performance.now();
      expect((await call(child, 'GET', '/api/blocks')).status).toBe(200);
      slowest = Math.max(slowest, performance.now() - start);
      asked++;
      await new Promise((resolve) => setTimeout(resolve, 50));
    }
    const answer = await latest;
    expect(answer.status, answer.raw.slice(0, 500)).not.toBe(500);
    expect(wordsOnly(answer, alice.root)).toEqual([]);
    // No git words of its own either (the status names where it publishes to: a folder here).
    expect(JSON.stringify({ ...answer.body, destination: undefined })).not.toMatch(
      /\.git\/|fatal:|error:/,
    );
    expect(asked).toBeGreaterThan(0);
    expect(slowest, `the slowest of ${asked} answers`).toBeLessThan(1000);
    expect(answer.raw.length).toBeLessThan(1024 * 1024);
    expect(conflictFiles(answer)).toContain(HOTELS);
    expect(alice.read(HOTELS)).toBe(mine);
    expect(peakMemory(child.child!.pid!)).toBeLessThan(1024 * 1024 * 1024);
    // Bob's published value is untouched on the remote.
    expect(git(team.remote, 'cat-file', '-s', `main:${HOTELS}`).trim()).toBe(
      String(Buffer.byteLength(bob.read(HOTELS))),
    );
  });
});

describe('bytes that are not UTF-8', () => {
  it('are a conflict when they cannot be merged, never replaced by U+FFFD', async () => {
    const team = session.makeTeam();
    const alice = team.clone('alice');
    const bob = team.clone('bob');
    const text = readFileSync(path.join(bob.root, HOTELS));
    const at = text.indexOf('badge: For Independent Hotels');
    const latin1 = Buffer.concat([
      text.subarray(0, at),
      Buffer.from('badge: Caf\xe9 \xff\xfe', 'latin1'),
      text.subarray(at + 'badge: For Independent Hotels'.length),
    ]);
    writeFileSync(path.join(bob.root, HOTELS), latin1);
    // And a page Alice did not touch: taken byte for byte.
    const pricing = readFileSync(path.join(bob.root, PRICING));
    const pricingLatin1 = Buffer.concat([pricing, Buffer.from('# caf\xe9\n', 'latin1')]);
    writeFileSync(path.join(bob.root, PRICING), pricingLatin1);
    commitAndPush(bob, 'latin-1');
    alice.edit(HOTELS, TITLE, 'title: Mine');
    const mine = readFileSync(path.join(alice.root, HOTELS));

    const server = await session.serve(alice.root);
    const latest = await call(server, 'POST', '/api/publish/latest', author);
    expect(latest.status, latest.raw).not.toBe(500);
    expect(wordsOnly(latest, alice.root)).toEqual([]);
    const onDisk = readFileSync(path.join(alice.root, HOTELS));
    expect(onDisk.includes(REPLACEMENT)).toBe(false);
    expect(onDisk.equals(mine), 'a merge that cannot keep the bytes leaves mine').toBe(true);
    expect(conflictFiles(latest)).toContain(HOTELS);
    expect(readFileSync(path.join(alice.root, PRICING)).equals(pricingLatin1)).toBe(true);
    // The remote keeps Bob's bytes.
    const remote = execFileSync('git', ['cat-file', 'blob', `main:${HOTELS}`], {
      cwd: team.remote,
    });
    expect(remote.equals(latin1)).toBe(true);
  });
});

describe('what the browser sends that git would refuse', () => {
  it('refuses a name of punctuation only in words (400), before git sees it', async () => {
    const team = session.makeTeam();
    const alice = team.clone('alice');
    const server = await session.serve(alice.root);
    for (const name of ['...', '.,;:', ' . ', '"\'']) {
      const saved = await call(server, 'POST', '/api/publish/identity', {
        name,
        email: 'alice@example.com',
      });
      expect(saved.status, `${JSON.stringify(name)}: ${saved.raw}`).toBe(400);
    }
    const before = team.remoteHead();
    alice.edit(HOTELS, TITLE, 'title: Mine');
    const published = await call(server, 'POST', '/api/publish', {
      name: '.,',
      email: 'alice@example.com',
      message: 'Hotels',
    });
    expect(published.status, published.raw).toBe(400);
    expect(wordsOnly(published, alice.root)).toEqual([]);
    const latest = await call(server, 'POST', '/api/publish/latest', {
      name: ';',
      email: 'alice@example.com',
    });
    expect(latest.status, latest.raw).toBe(400);
    expect(team.remoteHead()).toBe(before);
  });

  it('answers 404 in words for a version id that is a blob, a tree or all zeros', async () => {
    const team = session.makeTeam();
    const alice = team.clone('alice');
    const server = await session.serve(alice.root);
    const blob = alice.git('rev-parse', `HEAD:${HOTELS}`).trim();
    const tree = alice.git('rev-parse', 'HEAD^{tree}').trim();
    const text = alice.read(HOTELS);
    for (const id of [blob, tree, '0'.repeat(40)]) {
      const version = await call(
        server,
        'GET',
        `/api/publish/version?path=${encodeURIComponent(HOTELS)}&commit=${id}`,
      );
      expect(version.status, `${id}: ${version.raw}`).toBe(404);
      expect(wordsOnly(version, alice.root)).toEqual([]);
      const restore = await call(server, 'POST', '/api/publish/restore', {
        path: HOTELS,
        commit: id,
      });
      expect(restore.status, `${id}: ${restore.raw}`).toBe(404);
      expect(alice.read(HOTELS)).toBe(text);
    }
  });

  it('answers a commit of the store outside its history as an unknown id; its own versions shown', async () => {
    const team = session.makeTeam();
    const alice = team.clone('alice');
    const server = await session.serve(alice.root);
    const version = (id: string) =>
      call(server, 'GET', `/api/publish/version?path=${encodeURIComponent(HOTELS)}&commit=${id}`);
    // A commit no branch of the copy reaches (as a colleague's draft in a shared object store).
    alice.edit(HOTELS, TITLE, 'title: Stray');
    alice.git('add', HOTELS);
    const tree = alice.git('write-tree').trim();
    const stray = alice.git('commit-tree', tree, '-p', 'HEAD', '-m', 'stray').trim();
    const unknown = await version('0123456789abcdef0123456789abcdef01234567');
    expect(unknown.status).toBe(404);
    expect((await version(stray)).raw).toBe(unknown.raw);
    // Saved in the copy's own history, not published: shown.
    alice.git('commit', '-q', '-m', 'Mine', '--', HOTELS);
    const mine = await version(alice.git('rev-parse', 'HEAD').trim());
    expect(mine.status, mine.raw).toBe(200);
    expect(mine.body.text).toContain('title: Stray');
  });

  it('refuses to restore a version of a page that has none, and keeps the unpublished page', async () => {
    const team = session.makeTeam();
    const alice = team.clone('alice');
    const server = await session.serve(alice.root);
    const page = 'pages/new-offer.yaml';
    alice.write(page, alice.read(PRICING).replace('badge: Pricing', 'badge: New Offer'));
    const text = alice.read(page);
    const versions = await call(
      server,
      'GET',
      `/api/publish/versions?path=${encodeURIComponent(page)}`,
    );
    expect(versions.body.versions).toEqual([]);
    const head = alice.git('rev-parse', 'HEAD').trim();
    const restore = await call(server, 'POST', '/api/publish/restore', {
      path: page,
      commit: head,
    });
    expect(restore.status, restore.raw).not.toBe(200);
    expect(restore.status, restore.raw).not.toBe(500);
    expect(wordsOnly(restore, alice.root)).toEqual([]);
    expect(alice.read(page)).toBe(text);
  });
});
