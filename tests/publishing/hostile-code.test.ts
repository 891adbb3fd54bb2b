import {
  existsSync,
  lstatSync,
  readdirSync,
  readFileSync,
  symlinkSync,
  writeFileSync,
} from 'node:fs';
import path from 'node:path';
import { describe, expect, it, vi } from 'vitest';
import { git, type Clone } from './git-fixture.ts';
import { publishingSession } from './editor-fixture.ts';
import { call, hashTree, plantTree, pushPlumbing, wordsOnly } from './hostile-fixture.ts';

/**
 * Issue 42, code and configuration that arrive in a colleague's commit: hooks and config under
 * `.git/`, folders that are links (out of the project), `.gitmodules`, `.gitattributes` and tree
 * entries git itself refuses. Each is pushed with plain git or plumbing to a bare remote that
 * accepts any object, then the author works through the editor's API.
 */
// Real git, a child editor and the site check per publish: minutes on a loaded 2-core machine.
vi.setConfig({ testTimeout: 240_000, hookTimeout: 60_000 });
const HOTELS = 'pages/solutions/hotels.yaml';
const PRICING = 'pages/pricing.yaml';
const TITLE = 'title: The Hotel OS Built for Independent Teams';
const author = { name: 'Alice Author', email: 'alice@example.com' };

const session = publishingSession();

const api = (method: string, url: string, body?: unknown) =>
  call(session.server!, method, url, body);

/** The remote's pricing page with Bob's badge, as a plumbing change. */
function pricingBy(badge: string) {
  const text = git(session.team!.remote, 'show', `main:${PRICING}`).replace(
    /badge: .*/,
    `badge: ${badge}`,
  );
  return { path: PRICING, content: text };
}

/** Alice's title edit, published through the API: the answer. */
async function publishTitle(alice: Clone, title: string) {
  alice.edit(HOTELS, TITLE, `title: ${title}`);
  return api('POST', '/api/publish', { ...author, message: `Hotels: ${title}` });
}

describe("a colleague's commit never runs code on the author's machine", () => {
  it('writes no .git/hooks or .git/config of theirs: no hook or configured command runs', async () => {
    const team = session.makeTeam();
    const alice = team.clone('alice');
    const bob = team.clone('bob');
    const marker = path.join(team.dir, 'hook-ran');
    const command = path.join(team.dir, 'command.sh');
    writeFileSync(command, `#!/bin/sh\necho "$0 $*" >> '${marker}'\n`, { mode: 0o755 });
    const hook = `#!/bin/sh\necho "hook $0" >> '${marker}'\n`;
    const hooks = [
      'reference-transaction',
      'pre-push',
      'post-checkout',
      'post-merge',
      'post-index-change',
      'pre-auto-gc',
      'fsmonitor-watchman',
    ];
    // The author's own configuration, with a command git would run on every status.
    const config = `${readFileSync(path.join(alice.root, '.git/config'), 'utf8')}[core]\n\tfsmonitor = ${command}\n\thooksPath = ${path.join(team.dir, 'hooks')}\n`;
    pushPlumbing(team.remote, bob.root, [
      ...hooks.map((name) => ({
        path: `.git/hooks/${name}`,
        content: hook,
        mode: '100755' as const,
      })),
      { path: '.git/config', content: config },
      { path: '.GIT/hooks/pre-push', content: hook, mode: '100755' },
      pricingBy('Bob One'),
    ]);

    await session.serve(alice.root);
    const first = await api('POST', '/api/publish/latest', author);
    expect(first.status, first.raw).not.toBe(500);
    expect(wordsOnly(first, alice.root)).toEqual([]);
    // Whatever the answer, the next fetch, ref update and publish run no hook of theirs.
    pushPlumbing(team.remote, bob.root, [pricingBy('Bob Two')]);
    const second = await api('POST', '/api/publish/latest', author);
    expect(second.status, second.raw).not.toBe(500);
    const unwritten = () => {
      expect(existsSync(marker) ? readFileSync(marker, 'utf8') : '').toBe('');
      const hooksNow = readdirSync(path.join(alice.root, '.git/hooks')).filter(
        (name) => !name.endsWith('.sample'),
      );
      expect(hooksNow).toEqual([]);
      expect(existsSync(path.join(alice.root, '.GIT'))).toBe(false);
      expect(readFileSync(path.join(alice.root, '.git/config'), 'utf8')).not.toContain(command);
    };
    unwritten();
    const published = await publishTitle(alice, 'Mine');
    expect(published.status, published.raw).toBe(200);
    await api('GET', '/api/publish/changes');
    unwritten();
    // Bob's work and Alice's are both published.
    expect(git(team.remote, 'show', `main:${PRICING}`)).toContain('badge: Bob Two');
    expect(git(team.remote, 'show', `main:${HOTELS}`)).toContain('title: Mine');
  });
});

describe('nothing is written through a link, out of the project', () => {
  it("leaves the targets of the author's linked folders (public/, node_modules) as they were", async () => {
    const team = session.makeTeam();
    const alice = team.clone('alice');
    const bob = team.clone('bob');
    const sharedPublic = path.join(team.dir, 'shared-public');
    const sharedInstall = path.join(team.dir, 'shared-install');
    plantTree(sharedPublic);
    plantTree(sharedInstall);
    const before = [hashTree(sharedPublic), hashTree(sharedInstall)];
    // The author's copy links a folder of images and the shared install in.
    symlinkSync(sharedPublic, path.join(alice.root, 'public/shared'));
    symlinkSync(sharedInstall, path.join(alice.root, 'node_modules'));
    pushPlumbing(team.remote, bob.root, [
      { path: 'public/shared/keep.txt', content: 'overwritten by a colleague\n' },
      { path: 'public/shared/new.txt', content: 'new from a colleague\n' },
      { path: 'node_modules/inner/index.js', content: 'module.exports = "hacked";\n' },
      { path: 'node_modules/inner/extra.js', content: 'module.exports = "extra";\n' },
      pricingBy('Bob'),
    ]);

    await session.serve(alice.root);
    const latest = await api('POST', '/api/publish/latest', author);
    expect(latest.status, latest.raw).not.toBe(500);
    expect(wordsOnly(latest, alice.root, sharedPublic)).toEqual([]);
    expect([hashTree(sharedPublic), hashTree(sharedInstall)]).toEqual(before);
    // The links are still links, and Bob's other change came in.
    expect(lstatSync(path.join(alice.root, 'public/shared')).isSymbolicLink()).toBe(true);
    expect(lstatSync(path.join(alice.root, 'node_modules')).isSymbolicLink()).toBe(true);
    expect(alice.read(PRICING)).toContain('badge: Bob');
    // A second Get latest, and the Changes list, write nothing there either.
    await api('POST', '/api/publish/latest', author);
    await api('GET', '/api/publish/changes');
    expect([hashTree(sharedPublic), hashTree(sharedInstall)]).toEqual(before);
  });

  it('does not follow a link committed earlier that a colleague replaced by a folder', async () => {
    const team = session.makeTeam();
    const bob = team.clone('bob');
    const planted = path.join(team.dir, 'planted-vendor');
    plantTree(planted);
    const before = hashTree(planted);
    // A link committed earlier (relative: out of the project), checked out by git in Alice's copy.
    pushPlumbing(team.remote, bob.root, [{ path: 'vendor', link: '../planted-vendor' }]);
    const alice = team.clone('alice');
    expect(lstatSync(path.join(alice.root, 'vendor')).isSymbolicLink()).toBe(true);
    pushPlumbing(team.remote, bob.root, [
      { path: 'vendor', remove: true },
      // Names the planted folder does not have yet (and one it has).
      { path: 'vendor/fresh.txt', content: 'through the link\n' },
      { path: 'vendor/inner/new.js', content: 'module.exports = "through";\n' },
      { path: 'vendor/keep.txt', content: 'over the planted file\n' },
    ]);

    await session.serve(alice.root);
    const latest = await api('POST', '/api/publish/latest', author);
    expect(latest.status, latest.raw).not.toBe(500);
    expect(hashTree(planted)).toBe(before);
    const published = await publishTitle(alice, 'Mine');
    expect(published.status, published.raw).toBe(200);
    expect(git(team.remote, 'show', 'main:vendor/fresh.txt')).toBe('through the link\n');
    expect(hashTree(planted)).toBe(before);
  });

  it("never publishes a colleague's link in pages/ back as the author's change", async () => {
    const team = session.makeTeam();
    const alice = team.clone('alice');
    const bob = team.clone('bob');
    writeFileSync(path.join(team.dir, 'outside.yaml'), 'title: outside\n');
    pushPlumbing(team.remote, bob.root, [
      { path: 'pages/link.yaml', link: '../../outside.yaml' },
      { path: 'public/link.svg', link: '/etc/hostname' },
    ]);
    await session.serve(alice.root);
    const latest = await api('POST', '/api/publish/latest', author);
    expect(latest.status, latest.raw).not.toBe(500);
    const changes = await api('GET', '/api/publish/changes');
    expect(changes.status, changes.raw).toBe(200);
    expect(changes.body.files.map((f: { file: string }) => f.file)).toEqual([]);
    const published = await publishTitle(alice, 'Mine');
    expect(published.status, published.raw).toBe(200);
    expect(published.body.files).toEqual([HOTELS]);
    expect(git(team.remote, 'ls-tree', 'main', 'pages/link.yaml').slice(0, 6)).toBe('120000');
    expect(git(team.remote, 'ls-tree', 'main', 'public/link.svg').slice(0, 6)).toBe('120000');
    expect(readFileSync(path.join(team.dir, 'outside.yaml'), 'utf8')).toBe('title: outside\n');
  });
});

describe("a colleague's link in place of a page the author never touched", () => {
  it('takes the old file away and lets the link wait: nothing listed, git status clean', async () => {
    const team = session.makeTeam();
    const bob = team.clone('bob');
    // A page nothing links to, which Alice's copy holds as a regular file.
    const OFFER = 'pages/offer.yaml';
    pushPlumbing(team.remote, bob.root, [
      { path: OFFER, content: git(team.remote, 'show', `main:${PRICING}`) },
    ]);
    const alice = team.clone('alice');
    writeFileSync(path.join(team.dir, 'outside.yaml'), 'title: outside\n');
    pushPlumbing(team.remote, bob.root, [{ path: OFFER, link: '../outside.yaml' }]);
    await session.serve(alice.root);
    const latest = await api('POST', '/api/publish/latest', author);
    expect(latest.status, latest.raw).toBe(200);
    // The page as it was is gone from the copy (published as a link now); no link is written.
    expect(existsSync(path.join(alice.root, OFFER))).toBe(false);
    expect(alice.git('status', '--porcelain')).toBe('');
    const changes = await api('GET', '/api/publish/changes');
    expect(changes.status, changes.raw).toBe(200);
    expect(changes.body.files).toEqual([]);
    expect(changes.body.waiting.map((w: { file: string }) => w.file)).toEqual([OFFER]);
    const published = await publishTitle(alice, 'Mine');
    expect(published.status, published.raw).toBe(200);
    expect(published.body.files).toEqual([HOTELS]);
    expect(git(team.remote, 'ls-tree', 'main', OFFER).slice(0, 6)).toBe('120000');
    expect(readFileSync(path.join(team.dir, 'outside.yaml'), 'utf8')).toBe('title: outside\n');
  });
});

describe('one odd file never stops all publishing', () => {
  it('keeps fetching and publishing after a colleague adds a .gitmodules', async () => {
    const team = session.makeTeam();
    const alice = team.clone('alice');
    const bob = team.clone('bob');
    const gitmodules =
      '[submodule "sub"]\n\tpath = sub\n\turl = ../nowhere.git\n\tfetchRecurseSubmodules = true\n' +
      '[submodule "pages"]\n\tpath = pages/sub\n\turl = ../nowhere-either.git\n';
    pushPlumbing(team.remote, bob.root, [
      { path: '.gitmodules', content: gitmodules },
      { path: 'sub', gitlink: '1'.repeat(40) },
    ]);
    await session.serve(alice.root);
    const first = await api('POST', '/api/publish/latest', author);
    expect(first.status, first.raw).toBe(200);
    // Bob moves the submodule and changes a page: Alice gets both words and the page.
    pushPlumbing(team.remote, bob.root, [
      { path: 'sub', gitlink: '2'.repeat(40) },
      pricingBy('After Submodule'),
    ]);
    const second = await api('POST', '/api/publish/latest', author);
    expect(second.status, second.raw).toBe(200);
    expect(alice.read(PRICING)).toContain('badge: After Submodule');
    const published = await publishTitle(alice, 'Mine');
    expect(published.status, published.raw).toBe(200);
    expect(git(team.remote, 'show', `main:${HOTELS}`)).toContain('title: Mine');
    expect(git(team.remote, 'ls-tree', 'main', 'sub')).toContain('2'.repeat(40));
  });

  it('reads and publishes the bytes on disk after a .gitattributes asks for another encoding', async () => {
    const team = session.makeTeam();
    const alice = team.clone('alice');
    const bob = team.clone('bob');
    pushPlumbing(team.remote, bob.root, [
      {
        path: '.gitattributes',
        content: '*.yaml working-tree-encoding=UTF-16LE\n*.svg filter=nothing-here\n',
      },
      pricingBy('Encoded'),
    ]);
    await session.serve(alice.root);
    const latest = await api('POST', '/api/publish/latest', author);
    expect(latest.status, latest.raw).toBe(200);
    alice.edit(HOTELS, TITLE, 'title: Mine');
    const changes = await api('GET', '/api/publish/changes');
    expect(changes.status, changes.raw).toBe(200);
    expect(changes.body.files.map((f: { file: string }) => f.file)).toEqual([HOTELS]);
    const published = await api('POST', '/api/publish', { ...author, message: 'Hotels: Mine' });
    expect(published.status, published.raw).toBe(200);
    // Byte for byte what is on disk: git's encoding filter never applied.
    const sent = git(team.remote, 'cat-file', 'blob', `main:${HOTELS}`);
    expect(sent).toBe(alice.read(HOTELS));
    expect(git(team.remote, 'show', `main:${PRICING}`)).toContain('badge: Encoded');
  });

  it('keeps publishing when a colleague pushed a tree entry git refuses (..)', async () => {
    const team = session.makeTeam();
    const alice = team.clone('alice');
    const bob = team.clone('bob');
    pushPlumbing(team.remote, bob.root, [
      { path: '..', content: 'a name git refuses\n' },
      { path: 'pages/..', content: 'another\n' },
      pricingBy('Dot Dot'),
    ]);
    await session.serve(alice.root);
    const latest = await api('POST', '/api/publish/latest', author);
    expect(latest.status, latest.raw).not.toBe(500);
    expect(wordsOnly(latest, alice.root)).toEqual([]);
    expect(alice.read(PRICING)).toContain('badge: Dot Dot');
    const published = await publishTitle(alice, 'Mine');
    expect(published.status, published.raw).toBe(200);
    expect(wordsOnly(published, alice.root)).toEqual([]);
    const remote = git(team.remote, 'show', `main:${HOTELS}`);
    expect(remote).toContain('title: Mine');
    expect(git(team.remote, 'show', `main:${PRICING}`)).toContain('badge: Dot Dot');
    // Nothing was written above the project.
    expect(readdirSync(team.dir).sort()).toEqual(['alice', 'bob', 'remote.git', 'seed']);
  });
});
