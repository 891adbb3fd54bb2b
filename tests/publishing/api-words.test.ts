import { mkdirSync, rmSync, symlinkSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { publishMessages } from '../../engine/errors.ts';
import { commitAndPush, git } from './git-fixture.ts';
import { publishingSession } from './editor-fixture.ts';
import { call as request, type Answer } from './hostile-fixture.ts';

/**
 * Issue 42, the server's side: every publishing answer is words (the catalogue's, never a 500, a
 * stack or a path of the machine), and a merge of hostile data never holds up the editor's other
 * requests.
 */
const HOTELS = 'pages/solutions/hotels.yaml';
const TITLE = 'title: The Hotel OS Built for Independent Teams';
const author = { name: 'Alice Author', email: 'alice@example.com' };

const session = publishingSession();

/** A request to the author's editor, as the browser app makes it. */
const call = (method: string, url: string, body?: unknown) =>
  request(session.server!, method, url, body);

/** An answer an author may read: no stack, no path of the machine, no git words of its own. */
function expectWords(answer: Answer, root: string) {
  expect(answer.status, answer.raw).not.toBe(500);
  // The status names where it publishes to: in these tests, a folder of the machine.
  const raw = JSON.stringify({ ...answer.body, destination: undefined });
  expect(raw).not.toMatch(/\n\s+at |\bat .*\.ts:\d+/);
  expect(raw).not.toContain(root);
  expect(raw).not.toMatch(/\/tmp\/|\.git\/|fatal:|error:/);
}

/**
 * Each test starts a team of clones and an editor, and pushes with plain git: slow on a loaded
 * machine.
 */
const SLOW = 180_000;

describe('publishing answers are words', () => {
  it(
    'a stale lock of the staging area: Publish says so and changes nothing; the retry publishes cleanly',
    async () => {
      const team = session.makeTeam();
      const alice = team.clone('alice');
      await session.serve(alice.root);
      alice.edit(HOTELS, TITLE, 'title: Mine');
      const before = team.remoteHead();
      const lock = path.join(alice.root, '.git/index.lock');
      writeFileSync(lock, '');

      const refused = await call('POST', '/api/publish', { ...author, message: 'Hotels' });
      expectWords(refused, alice.root);
      expect(refused.status).toBe(409);
      expect(refused.body.error.message).toBe(publishMessages.interrupted('index-locked').message);
      expect(team.remoteHead()).toBe(before);
      expect(alice.read(HOTELS)).toContain('title: Mine');

      rmSync(lock);
      const published = await call('POST', '/api/publish', { ...author, message: 'Hotels' });
      expect(published.status, published.raw).toBe(200);
      expect(published.body.status).toBe('published');
      // Nothing left staged that would undo it, and the branch is the published one.
      expect(alice.git('diff', '--cached', '--name-only')).toBe('');
      expect(alice.git('status', '--porcelain', '--', HOTELS)).toBe('');
      expect(alice.git('rev-parse', 'HEAD').trim()).toBe(team.remoteHead());
    },
    SLOW,
  );

  it(
    'a .gitattributes asking for another encoding: Changes and Publish answer, the bytes as written',
    async () => {
      const team = session.makeTeam();
      const alice = team.clone('alice');
      const bob = team.clone('bob');
      bob.write('.gitattributes', '*.yaml working-tree-encoding=UTF-16LE\n');
      commitAndPush(bob, 'attributes', ['.gitattributes']);
      await session.serve(alice.root);
      const latest = await call('POST', '/api/publish/latest', author);
      expectWords(latest, alice.root);
      expect(latest.status).toBe(200);

      alice.edit(HOTELS, TITLE, 'title: Mine');
      const changes = await call('GET', '/api/publish/changes');
      expectWords(changes, alice.root);
      expect(changes.status).toBe(200);
      expect(changes.body.files.map((file: { file: string }) => file.file)).toEqual([HOTELS]);
      const published = await call('POST', '/api/publish', { ...author, message: 'Hotels' });
      expectWords(published, alice.root);
      expect(published.status).toBe(200);
      const onRemote = git(team.remote, 'cat-file', 'blob', `main:${HOTELS}`);
      expect(onRemote).toBe(alice.read(HOTELS));
    },
    SLOW,
  );

  it(
    'a .gitmodules from a colleague: Get latest keeps working, never "no network"',
    async () => {
      const team = session.makeTeam();
      const alice = team.clone('alice');
      const bob = team.clone('bob');
      bob.write('.gitmodules', '[submodule "vendor"]\n\tpath = vendor\n\turl = ../nowhere.git\n');
      const commit = bob.git('rev-parse', 'HEAD').trim();
      bob.git('update-index', '--add', '--cacheinfo', `160000,${commit},vendor`);
      commitAndPush(bob, 'submodule');
      await session.serve(alice.root);
      const first = await call('POST', '/api/publish/latest', author);
      expectWords(first, alice.root);
      expect(first.status, first.raw).toBe(200);

      bob.edit('pages/pricing.yaml', 'badge: Pricing', 'badge: Prices');
      commitAndPush(bob, 'pricing');
      const second = await call('POST', '/api/publish/latest', author);
      expectWords(second, alice.root);
      expect(second.status, second.raw).toBe(200);
      expect(second.body.taken).toContain('pages/pricing.yaml');
      expect(alice.read('pages/pricing.yaml')).toContain('badge: Prices');
    },
    SLOW,
  );
});

describe('what Changes says besides the changes', () => {
  it(
    "a colleague's link and a name the editor cannot open are listed as left as published; a recovery is said",
    async () => {
      const team = session.makeTeam();
      const alice = team.clone('alice');
      const bob = team.clone('bob');
      symlinkSync('../site.config.yaml', path.join(bob.root, 'pages/shared.yaml'));
      bob.write('pages/-ideas.yaml', 'title: Ideas\nblocks: []\n');
      commitAndPush(bob, 'a link and an odd name');
      await session.serve(alice.root);
      expect((await call('POST', '/api/publish/latest', author)).status).toBe(200);
      alice.edit(HOTELS, TITLE, 'title: Mine');

      const changes = await call('GET', '/api/publish/changes');
      expectWords(changes, alice.root);
      expect(changes.body.files.map((file: { file: string }) => file.file)).toEqual([HOTELS]);
      expect(changes.body.waiting).toEqual([
        { file: 'pages/-ideas.yaml', ...publishMessages.waitingFile('name') },
        { file: 'pages/shared.yaml', ...publishMessages.waitingFile('link') },
      ]);
      expect(changes.body.waiting[1].label).toBe('A link the editor does not edit');
      expect(changes.body.waiting[0].label).toBe('Waiting: cannot be opened here');

      // A journal the editor's last run left: undone before the next answer, and said once.
      mkdirSync(path.join(alice.root, '.git/editor'), { recursive: true });
      const journal = { op: 'latest', writes: [], index: [] };
      writeFileSync(path.join(alice.root, '.git/editor/journal.json'), JSON.stringify(journal));
      const status = await call('GET', '/api/publish/status');
      expectWords(status, alice.root);
      expect(status.body.recovered).toBe(publishMessages.recovered('latest', false));
      expect(alice.read(HOTELS)).toContain('title: Mine');
    },
    SLOW,
  );

  it(
    'a published history replaced by an unrelated one: Get latest and Publish say so, nothing changes',
    async () => {
      const team = session.makeTeam();
      const alice = team.clone('alice');
      const other = path.join(team.dir, 'other');
      git(team.dir, 'init', '-q', '-b', 'main', other);
      writeFileSync(path.join(other, 'README.md'), 'another project\n');
      git(other, 'add', '-A');
      git(other, '-c', 'user.name=X', '-c', 'user.email=x@example.com', 'commit', '-qm', 'other');
      git(other, 'push', '-q', '--force', team.remote, 'main');
      alice.edit(HOTELS, TITLE, 'title: Mine');
      const text = alice.read(HOTELS);
      await session.serve(alice.root);

      const latest = await call('POST', '/api/publish/latest', author);
      expectWords(latest, alice.root);
      expect(latest.status).toBe(409);
      expect(latest.body.error.message).toBe(publishMessages.unrelated().message);
      const published = await call('POST', '/api/publish', { ...author, message: 'Hotels' });
      expectWords(published, alice.root);
      expect(published.status).toBe(409);
      expect(published.body.error.message).toBe(publishMessages.unrelated().message);
      expect(alice.read(HOTELS)).toBe(text);
      expect(git(team.remote, 'ls-tree', '--name-only', 'main').trim()).toBe('README.md');
    },
    SLOW,
  );
});

describe('a merge of hostile data', () => {
  // A huge value from upstream merged while other requests are answered: tests/publishing/
  // hostile-data.test.ts ('is a problem at its page before any merge'), 16 times the page limit.

  it(
    'a conflict on a large page: shown as the page is now, chosen without holding up the editor',
    async () => {
      const team = session.makeTeam();
      const bob = team.clone('bob');
      // Over 32 KB of fields (merging it again takes seconds on one thread).
      const text = 'A long label that takes room on the page'.repeat(2);
      const items = Array.from({ length: 300 }, (_, i) => `  - { label: ${text} ${i}, n: ${i} }`);
      bob.write(HOTELS, `${bob.read(HOTELS)}padding:\n${items.join('\n')}\n`);
      commitAndPush(bob, 'padding');
      const alice = team.clone('alice');
      bob.edit(HOTELS, TITLE, 'title: Bob Title');
      commitAndPush(bob, 'Bob');
      alice.edit(HOTELS, TITLE, 'title: Alice Title');
      expect(alice.read(HOTELS).length).toBeGreaterThan(32 * 1024);
      await session.serve(alice.root);
      const latest = await call('POST', '/api/publish/latest', author);
      expect(latest.status, latest.raw).toBe(200);
      expect(latest.body.conflicts.map((c: { file: string }) => c.file)).toEqual([HOTELS]);

      // "Yours" is the field as it is now: the author wrote in it after the conflict.
      alice.edit(HOTELS, 'title: Alice Title', 'title: Alice Later');
      const shown = await call('GET', '/api/publish/conflicts');
      const [conflict] = shown.body.conflicts[0].conflicts;
      expect(conflict, JSON.stringify(conflict)).toMatchObject({
        ours: 'Alice Later',
        theirs: 'Bob Title',
      });

      let done = false;
      const resolved = call('POST', '/api/publish/resolve', {
        path: HOTELS,
        choices: { [conflict.id]: { pick: 'theirs' } },
      }).finally(() => (done = true));
      let slowest = 0;
      let asked = 0;
      while (!done) {
        const start = performance.now();
        expect((await call('GET', '/api/blocks')).status).toBe(200);
        slowest = Math.max(slowest, performance.now() - start);
        asked++;
        await new Promise((resolve) => setTimeout(resolve, 50));
      }
      const answer = await resolved;
      expect(answer.status, answer.raw.slice(0, 300)).toBe(200);
      expect(slowest, `the slowest of ${asked} answers`).toBeLessThan(1000);
      expect(alice.read(HOTELS)).toContain('title: Bob Title');
      expect(alice.read(HOTELS)).toContain(`  - { label: ${text} 299, n: 299 }`);
    },
    SLOW,
  );
});
