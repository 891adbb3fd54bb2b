import { execFileSync, spawn } from 'node:child_process';
import { existsSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { workspaceId, Workspaces } from './workspaces.ts';

/** Workspaces as git worktrees of a real clone of a real bare remote. */
const git = (cwd: string, ...args: string[]) =>
  execFileSync('git', args, { cwd, encoding: 'utf8' }).trim();

let dir: string;
let clone: string;
let folder: string;
let clock = 0;

beforeAll(() => {
  dir = mkdtempSync(path.join(os.tmpdir(), 'workspaces-'));
  const remote = path.join(dir, 'remote.git');
  git(dir, 'init', '-q', '--bare', '-b', 'main', remote);
  const seed = path.join(dir, 'seed');
  git(dir, 'clone', '-q', remote, seed);
  git(seed, 'checkout', '-q', '-b', 'main');
  writeFileSync(path.join(seed, 'page.yaml'), 'title: Home\n');
  git(seed, 'add', '-A');
  git(seed, '-c', 'user.name=Seed', '-c', 'user.email=s@example.com', 'commit', '-qm', 'site');
  git(seed, 'push', '-q', '-u', 'origin', 'main');
  clone = path.join(dir, 'repository');
  git(dir, 'clone', '-q', remote, clone);
  folder = path.join(dir, 'workspaces');
});

afterAll(() => rmSync(dir, { recursive: true, force: true }));

describe('workspaces', () => {
  it('gives each person a worktree on drafts/<id> tracking the published branch, made once', async () => {
    const workspaces = await Workspaces.open({ clone, folder, branch: 'main', now: () => clock });
    const [a, again, b] = await Promise.all([
      workspaces.of('subject-a'),
      workspaces.of('subject-a'),
      workspaces.of('subject-b'),
    ]);
    expect(again).toEqual(a);
    expect(a.branch).toBe(`drafts/${workspaceId('subject-a')}`);
    expect(a.root).not.toBe(b.root);
    expect(git(a.root, 'rev-parse', '--abbrev-ref', '@{upstream}')).toBe('origin/main');
    // One object store: the worktree's git folder is the clone's.
    expect(git(a.root, 'rev-parse', '--git-common-dir')).toBe(path.join(clone, '.git'));
    expect(workspaces.diskUse()[a.id]).toBeGreaterThan('title: Home\n'.length - 1);
  });

  it('removes only unused workspaces holding nothing unpublished', async () => {
    clock = 0;
    const workspaces = await Workspaces.open({ clone, folder, branch: 'main', now: () => clock });
    const busy = await workspaces.of('subject-busy');
    const idle = await workspaces.of('subject-idle');
    writeFileSync(path.join(busy.root, 'page.yaml'), 'title: Unpublished\n');
    clock = 10_000;
    const recent = await workspaces.of('subject-recent');
    const removed = await workspaces.removeUnused(5_000);
    expect(removed).toContain(idle.id);
    expect(removed).not.toContain(busy.id);
    expect(removed).not.toContain(recent.id);
    expect(existsSync(idle.root)).toBe(false);
    expect(git(clone, 'branch', '--list', idle.branch)).toBe('');
    expect(existsSync(busy.root)).toBe(true);
    expect(existsSync(recent.root)).toBe(true);
  });

  it('recovers at start what a killed server left: a dead process’s lock, stale git locks, a removed folder', async () => {
    const workspaces = await Workspaces.open({ clone, folder, branch: 'main' });
    const ws = await workspaces.of('subject-crash');
    const dead = spawn(process.execPath, ['-e', '']);
    await new Promise((resolve) => dead.on('exit', resolve));
    writeFileSync(path.join(folder, 'server.pid'), `${dead.pid}\n`);
    const gitDir = git(ws.root, 'rev-parse', '--absolute-git-dir');
    writeFileSync(path.join(gitDir, 'index.lock'), '');
    const other = await workspaces.of('subject-gone');
    rmSync(other.root, { recursive: true, force: true });
    const reopened = await Workspaces.open({ clone, folder, branch: 'main' });
    // git works in the workspace again (an index.lock would stop `git add`).
    writeFileSync(path.join(ws.root, 'page.yaml'), 'title: After\n');
    git(ws.root, 'add', 'page.yaml');
    const again = await reopened.of('subject-gone');
    expect(git(again.root, 'status', '--porcelain')).toBe('');
  });

  it('refuses the data folder while another living server holds it', async () => {
    const alive = spawn(process.execPath, ['-e', 'setTimeout(() => {}, 20000)']);
    try {
      writeFileSync(path.join(folder, 'server.pid'), `${alive.pid}\n`);
      await expect(Workspaces.open({ clone, folder, branch: 'main' })).rejects.toThrow(
        `in use by process ${alive.pid}`,
      );
    } finally {
      alive.kill();
    }
  });
});
