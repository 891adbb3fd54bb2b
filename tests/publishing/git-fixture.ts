import { spawnSync } from 'node:child_process';
import { cpSync, mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import type { PublishRequest } from '../../editor/git/publish.ts';
import { repoState, type ReadyState } from '../../editor/git/state.ts';
import { checkSiteForPublish } from '../../editor/server/publish-check.ts';

const projectRoot = path.resolve(import.meta.dirname, '../..');
const CONTENT = ['pages', 'public', 'site.config.yaml'];

/** Runs real git (a test's own commands, outside the code under test), failing loudly. */
export function git(cwd: string, ...args: string[]): string {
  const result = spawnSync('git', args, {
    cwd,
    encoding: 'utf8',
    env: { ...process.env, GIT_TERMINAL_PROMPT: '0', LC_ALL: 'C' },
  });
  if (result.status !== 0) throw new Error(`git ${args.join(' ')}: ${result.stderr}`);
  return result.stdout;
}

export interface Clone {
  root: string;
  read(file: string): string;
  write(file: string, text: string): void;
  /** Replaces the first occurrence of `from` in a file, failing when it is not there. */
  edit(file: string, from: string, to: string): void;
  git(...args: string[]): string;
}

export interface Team {
  dir: string;
  remote: string;
  seed: string;
  clone(name: string): Clone;
  /** Commits on the remote's main, oldest first, after `since`. */
  remoteLog(since?: string): string[];
  remoteHead(): string;
  cleanup(): void;
}

function asClone(root: string): Clone {
  return {
    root,
    read: (file) => readFileSync(path.join(root, file), 'utf8'),
    write: (file, text) => {
      mkdirSync(path.dirname(path.join(root, file)), { recursive: true });
      writeFileSync(path.join(root, file), text);
    },
    edit(file, from, to) {
      const text = this.read(file);
      if (!text.includes(from)) throw new Error(`${file} has no ${JSON.stringify(from)}`);
      this.write(file, text.replace(from, to));
    },
    git: (...args) => git(root, ...args),
  };
}

/** A folder copied as it is (a git repository's objects, refs and files), links kept as links. */
const copyTree = (from: string, to: string) =>
  cpSync(from, to, { recursive: true, verbatimSymlinks: true, preserveTimestamps: true });

/** The remote's url in a copied repository's config: the copy's own remote, not the template's. */
function pointAt(repo: string, from: string, to: string) {
  const config = path.join(repo, '.git/config');
  writeFileSync(config, readFileSync(config, 'utf8').replaceAll(from, to));
}

interface Template {
  dir: string;
  /** The seed commit: the remote's main while nobody pushed. */
  head: string;
}

/**
 * The remote, the seed and one clone, made once per test process (git init, add, commit, push and
 * clone of the whole site take seconds on a loaded machine) and copied for each team.
 */
const templates = new Map<boolean, Template>();

function template(code: boolean): Template {
  const made = templates.get(code);
  if (made) return made;
  const dir = mkdtempSync(path.join(os.tmpdir(), 'publish-template-'));
  process.once('exit', () => rmSync(dir, { recursive: true, force: true }));
  const remote = path.join(dir, 'remote.git');
  git(dir, 'init', '-q', '--bare', '-b', 'main', remote);
  // It accepts any object, as a bare repository does by default (hostile-fixture pushes some).
  git(remote, 'config', 'receive.fsckObjects', 'false');
  const seed = path.join(dir, 'seed');
  git(dir, 'clone', '-q', remote, seed);
  for (const entry of CONTENT)
    cpSync(path.join(projectRoot, entry), path.join(seed, entry), { recursive: true });
  if (code) {
    mkdirSync(path.join(seed, 'renderer'));
    writeFileSync(path.join(seed, 'renderer/code.ts'), 'export const answer = 42;\n');
    writeFileSync(path.join(seed, '.gitignore'), 'node_modules/\n.cache/\n');
  }
  git(seed, 'checkout', '-q', '-b', 'main');
  git(seed, 'add', '-A');
  git(
    seed,
    '-c',
    'user.name=Seed',
    '-c',
    'user.email=seed@example.com',
    'commit',
    '-q',
    '-m',
    'site',
  );
  git(seed, 'push', '-q', '-u', 'origin', 'main');
  git(dir, 'clone', '-q', remote, path.join(dir, 'clone'));
  const result = { dir, head: git(remote, 'rev-parse', 'main').trim() };
  templates.set(code, result);
  return result;
}

/** The remote's main as a loose ref says (read without git); undefined when packed or absent. */
function looseMain(remote: string): string | undefined {
  try {
    return readFileSync(path.join(remote, 'refs/heads/main'), 'utf8').trim();
  } catch {
    return undefined;
  }
}

/**
 * A bare repository as the remote, holding the site's content and a little code (renderer/), and
 * clones of it as authors. `code: false` leaves the code out (the content only, as the editor's
 * end-to-end tests use). Made by copying a template (real git made it once); a clone made while
 * the remote is still at the seed commit is a copy of the template's clone, a later one a real
 * `git clone`.
 */
export function makeTeam(options: { code?: boolean } = {}): Team {
  const made = template(options.code ?? true);
  const dir = mkdtempSync(path.join(os.tmpdir(), 'publish-'));
  const remote = path.join(dir, 'remote.git');
  const seed = path.join(dir, 'seed');
  copyTree(path.join(made.dir, 'remote.git'), remote);
  copyTree(path.join(made.dir, 'seed'), seed);
  pointAt(seed, made.dir, dir);
  return {
    dir,
    remote,
    seed,
    clone(name) {
      const root = path.join(dir, name);
      if (looseMain(remote) === made.head) {
        copyTree(path.join(made.dir, 'clone'), root);
        pointAt(root, made.dir, dir);
      } else git(dir, 'clone', '-q', remote, root);
      return asClone(root);
    },
    remoteLog: (since) =>
      git(remote, 'rev-list', '--reverse', since ? `${since}..main` : 'main')
        .split('\n')
        .filter(Boolean),
    remoteHead: () => git(remote, 'rev-parse', 'main').trim(),
    cleanup: () => rmSync(dir, { recursive: true, force: true }),
  };
}

/** A colleague's commit of `files` (everything by default), pushed with plain git. */
export function commitAndPush(clone: Clone, message: string, files = ['-A']) {
  clone.git('add', ...files);
  clone.git('-c', 'user.name=Bob', '-c', 'user.email=bob@example.com', 'commit', '-qm', message);
  clone.git('push', '-q');
}

export const alice = { name: 'Alice Author', email: 'alice@example.com' };
export const bob = { name: 'Bob Colleague', email: 'bob@example.com' };

/** The repository state of a clone that is ready to publish (failing the test when it is not). */
export async function ready(clone: Clone): Promise<ReadyState> {
  const state = await repoState(clone.root);
  if (state.kind !== 'ready') throw new Error(`not ready: ${state.kind}`);
  return state;
}

/** A direct publish by `identity`, checked by the site's own validator. */
export function request(
  clone: Clone,
  identity = alice,
  message = 'Hotels: new title',
): PublishRequest {
  return {
    identity,
    message,
    mode: 'direct',
    check: () => checkSiteForPublish(clone.root).problems,
  };
}
