import { existsSync, rmSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it, vi } from 'vitest';
import { commitAndPush, git, type Clone } from './git-fixture.ts';
import { publishingSession } from './editor-fixture.ts';
import { call, pushPlumbing, wordsOnly, type Endpoint } from './hostile-fixture.ts';

/**
 * Issue 42, history: a Get latest or a publish interrupted part way (killed, or failing on a folder
 * that became a file), names the editor cannot write, a colleague's force-push to an unrelated
 * history, a stale index lock. In each, the next ordinary publish must send exactly the author's
 * own change: never undo a colleague's, never leave the local branch ahead of the published one.
 */
// Real git, a child editor and the site check per publish: minutes on a loaded 2-core machine.
vi.setConfig({ testTimeout: 240_000, hookTimeout: 60_000 });
const HOTELS = 'pages/solutions/hotels.yaml';
const PRICING = 'pages/pricing.yaml';
const TITLE = 'title: The Hotel OS Built for Independent Teams';
const BADGE = 'badge: For Independent Hotels';
const author = { name: 'Alice Author', email: 'alice@example.com' };

const session = publishingSession();

/** The files a commit on the remote changed (against its first parent). */
const touched = (commit: string) =>
  git(session.team!.remote, 'diff-tree', '--no-commit-id', '--name-only', '-r', '-z', commit)
    .split('\0')
    .filter(Boolean);

/** The local branch is the published one: no commit of its own, no merge of the editor's. */
function converged(alice: Clone) {
  alice.git('fetch', '-q', 'origin');
  expect(alice.git('rev-parse', 'HEAD')).toBe(git(session.team!.remote, 'rev-parse', 'main'));
  expect(alice.git('rev-list', '--merges', 'HEAD')).toBe('');
  expect(git(session.team!.remote, 'rev-list', '--merges', 'main')).toBe('');
  expect(alice.git('status', '--porcelain', '--', 'pages', 'public', 'site.config.yaml')).toBe('');
  expect(alice.git('diff', '--cached', '--name-only')).toBe('');
}

/** Publishes Alice's edit through `editor` and checks it sent exactly that file. */
async function publishExactly(editor: Endpoint, file: string, message: string) {
  const changes = await call(editor, 'GET', '/api/publish/changes');
  expect(changes.status, changes.raw).toBe(200);
  expect(changes.body.files.map((f: { file: string }) => f.file)).toEqual([file]);
  const published = await call(editor, 'POST', '/api/publish', { ...author, message });
  expect(published.status, published.raw).toBe(200);
  expect(touched(git(session.team!.remote, 'rev-parse', 'main').trim())).toEqual([file]);
  return published;
}

describe('an interrupted Get latest never makes the next publish undo a colleague', () => {
  it('recovers from a kill right after HEAD moved', async () => {
    const team = session.makeTeam();
    const alice = team.clone('alice');
    const bob = team.clone('bob');
    bob.edit(PRICING, 'badge: Pricing', 'badge: Bob');
    bob.edit(HOTELS, BADGE, 'badge: Bob Badge');
    commitAndPush(bob, 'Bob');
    const bobs = bob.git('rev-parse', 'HEAD').trim();

    const editor = session.childEditor(alice.root);
    await editor.start();
    editor.killWhenHeadLeaves(alice.git('rev-parse', 'HEAD').trim());
    expect(await editor.callOrDie('POST', '/api/publish/latest', author)).toBeUndefined();
    editor.clearPlan();
    await editor.start();

    alice.edit(HOTELS, TITLE, 'title: Mine');
    await publishExactly(editor, HOTELS, 'Hotels: Mine');
    const remote = git(team.remote, 'show', `main:${HOTELS}`);
    expect(remote).toContain('title: Mine');
    expect(remote).toContain('badge: Bob Badge');
    expect(git(team.remote, 'show', `main:${PRICING}`)).toContain('badge: Bob');
    git(team.remote, 'merge-base', '--is-ancestor', bobs, 'main');
    converged(alice);
  });

  it('recovers from a folder that became a file upstream (fails part way)', async () => {
    const team = session.makeTeam();
    const bob = team.clone('bob');
    bob.write('public/extra/a.txt', 'a\n');
    bob.write('public/extra/b.txt', 'b\n');
    commitAndPush(bob, 'extra');
    const alice = team.clone('alice');
    // The folder becomes a file, and more changes come after it in name order.
    rmSync(path.join(bob.root, 'public/extra'), { recursive: true });
    bob.write('public/extra', 'now a file\n');
    bob.write('public/zz-notes.txt', 'new\n');
    bob.edit(PRICING, 'badge: Pricing', 'badge: Bob');
    commitAndPush(bob, 'folder to file');

    const server = await session.serve(alice.root);
    const head = alice.git('rev-parse', 'HEAD');
    const latest = await call(server, 'POST', '/api/publish/latest', author);
    expect(latest.status, latest.raw).not.toBe(500);
    expect(wordsOnly(latest, alice.root)).toEqual([]);
    // Either it came in whole, or the copy is as it was.
    if (latest.status !== 200) expect(alice.git('rev-parse', 'HEAD')).toBe(head);
    else expect(alice.read('public/extra')).toBe('now a file\n');

    alice.edit(HOTELS, TITLE, 'title: Mine');
    const publishedAnswer = await call(server, 'POST', '/api/publish', {
      ...author,
      message: 'Hotels: Mine',
    });
    expect(publishedAnswer.status, publishedAnswer.raw).toBe(200);
    expect(touched(git(team.remote, 'rev-parse', 'main').trim())).toEqual([HOTELS]);
    expect(git(team.remote, 'show', 'main:public/extra')).toBe('now a file\n');
    expect(git(team.remote, 'show', 'main:public/zz-notes.txt')).toBe('new\n');
    expect(git(team.remote, 'show', `main:${PRICING}`)).toContain('badge: Bob');
    converged(alice);
  });
});

describe('names the editor cannot write are never deleted upstream', () => {
  it('leaves a leading dash and a line break in a name as the colleague published them', async () => {
    const team = session.makeTeam();
    const alice = team.clone('alice');
    const bob = team.clone('bob');
    const odd = ['pages/-draft.yaml', 'pages/line\nbreak.yaml', 'public/-x.txt'];
    pushPlumbing(
      team.remote,
      bob.root,
      odd.map((file) => ({ path: file, content: 'title: odd\n' })),
    );
    const server = await session.serve(alice.root);
    const latest = await call(server, 'POST', '/api/publish/latest', author);
    expect(latest.status, latest.raw).not.toBe(500);
    alice.edit(HOTELS, TITLE, 'title: Mine');
    await publishExactly(server, HOTELS, 'Hotels: Mine');
    const names = git(team.remote, 'ls-tree', '-r', '-z', '--name-only', 'main').split('\0');
    for (const file of odd) expect(names).toContain(file);
    // And the next publish leaves them too.
    alice.edit(HOTELS, 'title: Mine', 'title: Mine Again');
    await publishExactly(server, HOTELS, 'Hotels: again');
    const after = git(team.remote, 'ls-tree', '-r', '-z', '--name-only', 'main').split('\0');
    for (const file of odd) expect(after).toContain(file);
  });
});

describe('a force-push to an unrelated history', () => {
  it("offers nothing of the colleague's as the author's, discards nothing untouched, moves nothing", async () => {
    const team = session.makeTeam();
    const alice = team.clone('alice');
    const bob = team.clone('bob');
    // A new history: the site without the contact page, a new pricing badge.
    const text = bob.read(PRICING).replace('badge: Pricing', 'badge: Rewritten');
    const rewritten = pushPlumbing(
      team.remote,
      bob.root,
      [
        { path: 'pages/contact.yaml', remove: true },
        { path: PRICING, content: text },
      ],
      { force: true, parent: null, message: 'a new history' },
    );
    // Alice's copy on the old history, untouched by her.
    const server = await session.serve(alice.root);
    const latest = await call(server, 'POST', '/api/publish/latest', author);
    expect(latest.status, latest.raw).not.toBe(500);
    expect(wordsOnly(latest, alice.root)).toEqual([]);
    const changes = await call(server, 'GET', '/api/publish/changes');
    expect([200, 409], changes.raw).toContain(changes.status);
    if (changes.status === 200) expect(changes.body.files).toEqual([]);
    const contact = alice.read('pages/contact.yaml');
    const discard = await call(server, 'POST', '/api/publish/discard', {
      path: 'pages/contact.yaml',
    });
    expect(discard.status, discard.raw).not.toBe(500);
    expect(alice.read('pages/contact.yaml')).toBe(contact);
    expect(alice.read(PRICING)).toContain('badge: Pricing');

    alice.edit(HOTELS, TITLE, 'title: Mine');
    const published = await call(server, 'POST', '/api/publish', {
      ...author,
      message: 'Hotels: Mine',
    });
    expect(published.status, published.raw).not.toBe(500);
    // The remote's history only grows from the rewritten one.
    git(team.remote, 'merge-base', '--is-ancestor', rewritten, 'main');
    expect(git(team.remote, 'ls-tree', 'main', 'pages/contact.yaml')).toBe('');
    expect(git(team.remote, 'show', `main:${PRICING}`)).toContain('badge: Rewritten');
  });
});

describe('a stale index lock', () => {
  it('answers in words, and no retry leaves the index staging the undoing of the publish', async () => {
    const team = session.makeTeam();
    const alice = team.clone('alice');
    const bob = team.clone('bob');
    bob.edit(PRICING, 'badge: Pricing', 'badge: Bob');
    commitAndPush(bob, 'Bob');
    writeFileSync(path.join(alice.root, '.git/index.lock'), '');
    const server = await session.serve(alice.root);
    alice.edit(HOTELS, TITLE, 'title: Mine');
    const first = await call(server, 'POST', '/api/publish', { ...author, message: 'Hotels' });
    expect(first.status, first.raw).not.toBe(500);
    expect(wordsOnly(first, alice.root)).toEqual([]);
    // The author (or a developer told so) removes the lock and tries again.
    if (existsSync(path.join(alice.root, '.git/index.lock')))
      rmSync(path.join(alice.root, '.git/index.lock'));
    if (first.status !== 200) {
      const retry = await call(server, 'POST', '/api/publish', { ...author, message: 'Hotels' });
      expect(retry.status, retry.raw).toBe(200);
    }
    expect(git(team.remote, 'show', `main:${HOTELS}`)).toContain('title: Mine');
    expect(git(team.remote, 'show', `main:${PRICING}`)).toContain('badge: Bob');
    // A developer's next commit would commit nothing: the index is HEAD's.
    expect(alice.git('diff', '--cached', '--name-only', 'HEAD')).toBe('');
    converged(alice);
  });
});

describe('after an interrupted publish the local branch converges', () => {
  it('is not "ahead of origin" after a publish saved offline and sent later', async () => {
    const team = session.makeTeam();
    const alice = team.clone('alice');
    const server = await session.serve(alice.root);
    alice.git('remote', 'set-url', 'origin', path.join(team.dir, 'gone.git'));
    alice.edit(HOTELS, TITLE, 'title: Offline');
    const offline = await call(server, 'POST', '/api/publish', { ...author, message: 'Offline' });
    expect(offline.body.status, offline.raw).toBe('saved-locally');
    alice.git('remote', 'set-url', 'origin', team.remote);
    const sent = await call(server, 'POST', '/api/publish', { ...author, message: 'Online' });
    expect(sent.status, sent.raw).toBe(200);
    converged(alice);
    alice.edit(PRICING, 'badge: Pricing', 'badge: Later');
    await publishExactly(server, PRICING, 'Pricing: later');
    converged(alice);
    expect(git(team.remote, 'show', `main:${HOTELS}`)).toContain('title: Offline');
  });

  it('is not "ahead of origin" after a kill between recording the publish and sending it', async () => {
    const team = session.makeTeam();
    const alice = team.clone('alice');
    const editor = session.childEditor(alice.root);
    await editor.start();
    alice.edit(HOTELS, TITLE, 'title: Killed');
    editor.killWhenHeadLeaves(alice.git('rev-parse', 'HEAD').trim());
    const killed = await editor.callOrDie('POST', '/api/publish', { ...author, message: 'Killed' });
    expect(killed, killed?.raw).toBeUndefined();
    editor.clearPlan();
    await editor.start();
    alice.edit(PRICING, 'badge: Pricing', 'badge: After');
    const sent = await call(editor, 'POST', '/api/publish', { ...author, message: 'After' });
    expect(sent.status, sent.raw).toBe(200);
    expect(git(team.remote, 'show', `main:${HOTELS}`)).toContain('title: Killed');
    expect(git(team.remote, 'show', `main:${PRICING}`)).toContain('badge: After');
    converged(alice);
  });
});
