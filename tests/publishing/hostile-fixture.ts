import { spawn, spawnSync, type ChildProcess } from 'node:child_process';
import { createHash } from 'node:crypto';
import {
  chmodSync,
  lstatSync,
  mkdirSync,
  mkdtempSync,
  readdirSync,
  readFileSync,
  readlinkSync,
  rmSync,
  writeFileSync,
} from 'node:fs';
import { request as httpRequest } from 'node:http';
import os from 'node:os';
import { scriptArgs } from '../helpers/entry-point.ts';
import path from 'node:path';
import { git } from './git-fixture.ts';

/**
 * What the hostile-upstream tests share: commits git's porcelain would never make (built with
 * plumbing, pushed to a bare remote that does not check objects), a tree planted outside the project
 * and its hash, the editor's HTTP API, and the editor as a child process whose git can pause or be
 * killed at a chosen command.
 */

const projectRoot = path.resolve(import.meta.dirname, '../..');

export interface Answer {
  status: number;
  // eslint-disable-next-line @typescript-eslint/no-explicit-any -- JSON answers, read field by field
  body: any;
  /** The answer as sent, to look for words that must not be there (paths, stacks). */
  raw: string;
}

export interface Endpoint {
  port: number;
  token: string;
}

/** One request to the editor's API, as the browser app makes it. */
export function call(
  editor: Endpoint,
  method: string,
  url: string,
  body?: unknown,
  timeout = 120_000,
): Promise<Answer> {
  const payload = body === undefined ? undefined : JSON.stringify(body);
  return new Promise((resolve, reject) => {
    const req = httpRequest(
      {
        host: '127.0.0.1',
        port: editor.port,
        method,
        path: url,
        timeout,
        headers: {
          'x-editor-token': editor.token,
          ...(payload ? { 'content-type': 'application/json' } : {}),
        },
      },
      (res) => {
        const chunks: Buffer[] = [];
        res.on('data', (chunk: Buffer) => chunks.push(chunk));
        res.on('error', reject);
        res.on('end', () => {
          const raw = Buffer.concat(chunks).toString('utf8');
          let parsed: unknown = raw;
          try {
            parsed = JSON.parse(raw);
          } catch {
            // not JSON: kept as text, the test says what it expected
          }
          resolve({ status: res.statusCode ?? 0, body: parsed, raw });
        });
      },
    );
    req.on('timeout', () => req.destroy(new Error(`${method} ${url}: no answer in ${timeout} ms`)));
    req.on('error', reject);
    req.end(payload);
  });
}

/** The words of an answer carry no path of the machine and no stack. */
export function wordsOnly(answer: Answer, ...paths: string[]): string[] {
  const found: string[] = [];
  for (const p of [...paths, '/tmp/', 'node_modules', '    at ', 'Error:'])
    if (answer.raw.includes(p)) found.push(p);
  return found;
}

// Plumbing: trees git's porcelain refuses to make.

export type PlantedEntry =
  | { path: string; content: string | Buffer; mode?: '100644' | '100755' }
  | { path: string; link: string }
  | { path: string; gitlink: string }
  | { path: string; remove: true };

/** A folder of a tree being edited: `sha` while it is as the base commit has it. */
interface Node {
  entries: Map<string, { mode: string; type: string; sha: string } | Node>;
  sha?: string;
}
const isNode = (x: unknown): x is Node => typeof x === 'object' && x !== null && 'entries' in x;

/** Stores each content in the repository's objects with one `hash-object`: their blob ids. */
function storeBlobs(repo: string, contents: Array<string | Buffer>): string[] {
  if (!contents.length) return [];
  const dir = mkdtempSync(path.join(os.tmpdir(), 'plumbing-'));
  try {
    const files = contents.map((content, i) => {
      const file = path.join(dir, String(i));
      writeFileSync(file, content);
      return file;
    });
    const result = spawnSync('git', ['hash-object', '-w', '--no-filters', '--stdin-paths'], {
      cwd: repo,
      input: files.join('\n') + '\n',
      encoding: 'utf8',
    });
    if (result.status !== 0) throw new Error(`hash-object: ${result.stderr}`);
    return result.stdout.trim().split('\n');
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}

/**
 * A commit on `parent` whose tree is `treeOf`'s (`parent`'s by default) with `changes` applied,
 * built with `mktree` (which takes any name: `.git`, `..`, a line break, a leading dash). Paths
 * are split at `/` only. Only the folders on the way to a change are made again.
 */
function plumbingCommit(
  repo: string,
  parent: string | undefined,
  changes: PlantedEntry[],
  message = 'colleague',
  treeOf = parent,
): string {
  const root: Node = { entries: new Map() };
  if (treeOf) {
    const out = spawnSync('git', ['ls-tree', '-r', '-t', '-z', '--full-tree', treeOf], {
      cwd: repo,
      encoding: 'buffer',
    }).stdout.toString('latin1');
    root.sha = spawnSync('git', ['rev-parse', `${treeOf}^{tree}`], {
      cwd: repo,
      encoding: 'utf8',
    }).stdout.trim();
    for (const record of out.split('\0')) {
      if (!record) continue;
      const tab = record.indexOf('\t');
      const [mode, type, sha] = record.slice(0, tab).split(' ');
      const name = Buffer.from(record.slice(tab + 1), 'latin1').toString('utf8');
      if (type === 'tree') folderAt(root, name.split('/')).sha = sha!;
      else placeAt(root, name.split('/'), { mode: mode!, type: type!, sha: sha! }, false);
    }
  }
  const blobs = changes.filter((change) => 'content' in change || 'link' in change);
  const shas = storeBlobs(
    repo,
    blobs.map((change) => ('link' in change ? change.link : change.content)),
  );
  for (const change of changes) {
    const parts = change.path.split('/');
    if ('remove' in change) {
      removeAt(root, parts);
      continue;
    }
    if ('gitlink' in change) {
      placeAt(root, parts, { mode: '160000', type: 'commit', sha: change.gitlink });
      continue;
    }
    const sha = shas[blobs.indexOf(change)]!;
    const mode = 'link' in change ? '120000' : (change.mode ?? '100644');
    placeAt(root, parts, { mode, type: 'blob', sha });
  }
  const tree = writeTree(repo, root);
  const args = ['commit-tree', tree, ...(parent ? ['-p', parent] : []), '-m', message];
  const result = spawnSync('git', args, {
    cwd: repo,
    encoding: 'utf8',
    env: {
      ...process.env,
      GIT_AUTHOR_NAME: 'Bob Colleague',
      GIT_AUTHOR_EMAIL: 'bob@example.com',
      GIT_COMMITTER_NAME: 'Bob Colleague',
      GIT_COMMITTER_EMAIL: 'bob@example.com',
    },
  });
  if (result.status !== 0) throw new Error(`commit-tree: ${result.stderr}`);
  return result.stdout.trim();
}

/** The folder at `parts` (made when absent, or in place of a file). */
function folderAt(node: Node, parts: string[]): Node {
  let at = node;
  for (const part of parts) {
    let child = at.entries.get(part);
    if (!isNode(child)) {
      child = { entries: new Map() };
      at.entries.set(part, child);
    }
    at = child;
  }
  return at;
}

/** Sets a leaf; `edit` marks every folder on the way as changed. */
function placeAt(
  node: Node,
  parts: string[],
  leaf: { mode: string; type: string; sha: string },
  edit = true,
) {
  const folders = parts.slice(0, -1);
  if (edit) {
    let at = node;
    delete at.sha;
    for (const part of folders) {
      at = folderAt(at, [part]);
      delete at.sha;
    }
  }
  folderAt(node, folders).entries.set(parts.at(-1)!, leaf);
}

function removeAt(node: Node, parts: string[]) {
  const [first, ...rest] = parts;
  if (!rest.length) {
    if (node.entries.delete(first!)) delete node.sha;
    return;
  }
  const child = node.entries.get(first!);
  if (isNode(child)) {
    removeAt(child, rest);
    if (child.sha === undefined) delete node.sha;
    if (!child.entries.size) node.entries.delete(first!);
  }
}

function writeTree(repo: string, node: Node): string {
  if (node.sha) return node.sha;
  const lines: Buffer[] = [];
  for (const [name, entry] of node.entries) {
    const item = isNode(entry)
      ? { mode: '040000', type: 'tree', sha: writeTree(repo, entry) }
      : entry;
    lines.push(Buffer.from(`${item.mode} ${item.type} ${item.sha}\t${name}\0`));
  }
  const result = spawnSync('git', ['mktree', '-z', '--missing'], {
    cwd: repo,
    input: Buffer.concat(lines),
    encoding: 'utf8',
  });
  if (result.status !== 0) throw new Error(`mktree: ${result.stderr}`);
  return result.stdout.trim();
}

/**
 * Pushes a plumbing commit on the remote's main from `clone` (a colleague's clone): `force` for a
 * history that does not descend from it (`parent: null` and `treeOf`: a new root commit holding
 * that tree). The remote accepts any object, as a bare repository does
 * by default.
 */
export function pushPlumbing(
  remote: string,
  clone: string,
  changes: PlantedEntry[],
  options: { force?: boolean; parent?: string | null; message?: string; treeOf?: string } = {},
): string {
  git(clone, 'fetch', '-q', 'origin');
  const tip = git(clone, 'rev-parse', 'origin/main').trim();
  const parent = options.parent === null ? undefined : (options.parent ?? tip);
  const commit = plumbingCommit(clone, parent, changes, options.message, options.treeOf ?? parent);
  git(
    clone,
    'push',
    '-q',
    ...(options.force ? ['--force'] : []),
    'origin',
    `${commit}:refs/heads/main`,
  );
  git(clone, 'fetch', '-q', 'origin');
  return commit;
}

// A tree outside the project, planted to see whether anything writes into it.

/** Makes a small tree of files (and a link inside it) at `dir`. */
export function plantTree(dir: string) {
  mkdirSync(path.join(dir, 'inner'), { recursive: true });
  writeFileSync(path.join(dir, 'keep.txt'), 'planted outside the project\n');
  writeFileSync(path.join(dir, 'inner/logo.txt'), 'the shared install\n');
  writeFileSync(path.join(dir, 'inner/index.js'), 'module.exports = 1;\n');
}

/** A hash of every name, kind, mode and content under `dir` (links by their target, unfollowed). */
export function hashTree(dir: string): string {
  const hash = createHash('sha256');
  const walk = (relative: string) => {
    const absolute = path.join(dir, relative);
    const stat = lstatSync(absolute);
    hash.update(`${relative}\0${stat.mode}\0`);
    if (stat.isSymbolicLink()) hash.update(`link:${readlinkSync(absolute)}\0`);
    else if (stat.isDirectory())
      for (const name of readdirSync(absolute).sort()) walk(path.join(relative, name));
    else hash.update(readFileSync(absolute));
  };
  walk('');
  return hash.digest('hex');
}

// The editor as a child process, with a git on PATH that can pause or kill it.

/**
 * Installs a `git` at `dir` that runs the real git, counting the commands it is given (those the
 * editor runs; git's own sub-commands go through git's exec path, not PATH). A plan file
 * `<n> <before|after> <kill|pause>` makes the n-th command kill the editor (SIGKILL: its parent,
 * the process that runs the editor's git, and that one's parent, the editor, as when the machine
 * dies) or wait until the file `go` appears, before or after running it; `head after kill
 * <commit>` kills it after the first command that leaves HEAD elsewhere than `<commit>`. Every
 * command is logged.
 */
export function installGitWrapper(dir: string): { bin: string; control: string } {
  const bin = path.join(dir, 'bin');
  const control = path.join(dir, 'control');
  mkdirSync(bin, { recursive: true });
  mkdirSync(control, { recursive: true });
  const real = spawnSync('sh', ['-c', 'command -v git'], { encoding: 'utf8' }).stdout.trim();
  const script = `#!/bin/bash
ctl=${JSON.stringify(control)}
real=${JSON.stringify(real)}
n=$( (flock 9; c=$(cat "$ctl/count" 2>/dev/null || echo 0); c=$((c+1)); echo $c > "$ctl/count"; echo $c) 9>"$ctl/lock")
printf '%s %s\\n' "$n" "$5 $6 $7 $8" | tr -d '\\r' >> "$ctl/log"
read -r at when what old < "$ctl/plan" 2>/dev/null
act() {
  rm -f "$ctl/plan"
  if [ "$what" = kill ]; then
    editor=$PPID
    if tr '\\0' ' ' < "/proc/$PPID/cmdline" 2>/dev/null | grep -q git-runner; then
      editor=$(sed 's/.*) //' "/proc/$PPID/stat" | cut -d ' ' -f 2)
    fi
    kill -9 "$editor" "$PPID"; sleep 0.2; exit 137
  fi
  while [ ! -e "$ctl/go" ]; do sleep 0.02; done
}
[ "$n" = "$at" ] && [ "$when" = before ] && act
"$real" "$@"
rc=$?
[ "$n" = "$at" ] && [ "$when" = after ] && act
if [ "$at" = head ] && [ -n "$old" ]; then
  now=$("$real" rev-parse -q --verify HEAD 2>/dev/null)
  [ -n "$now" ] && [ "$now" != "$old" ] && act
fi
exit $rc
`;
  writeFileSync(path.join(bin, 'git'), script);
  chmodSync(path.join(bin, 'git'), 0o755);
  return { bin, control };
}

export class ChildEditor implements Endpoint {
  port = 0;
  token = '';
  child: ChildProcess | undefined;
  output = '';
  constructor(
    readonly root: string,
    readonly wrapper: { bin: string; control: string },
  ) {}

  /** The n-th git command from now kills the editor (after it ran, or before). */
  killAt(n: number, when: 'before' | 'after' = 'after') {
    rmSync(path.join(this.wrapper.control, 'count'), { force: true });
    writeFileSync(path.join(this.wrapper.control, 'plan'), `${n} ${when} kill\n`);
  }

  /** The first git command after which HEAD is no longer `head` kills the editor. */
  killWhenHeadLeaves(head: string) {
    rmSync(path.join(this.wrapper.control, 'count'), { force: true });
    writeFileSync(path.join(this.wrapper.control, 'plan'), `head after kill ${head}\n`);
  }

  /** Nothing planned: the count restarts. */
  clearPlan() {
    rmSync(path.join(this.wrapper.control, 'plan'), { force: true });
    rmSync(path.join(this.wrapper.control, 'count'), { force: true });
  }

  async start(): Promise<void> {
    this.output = '';
    const child = spawn(process.execPath, scriptArgs('edit', '--root', this.root, '--port', '0'), {
      cwd: projectRoot,
      env: {
        ...process.env,
        NO_COLOR: '1',
        PATH: `${this.wrapper.bin}${path.delimiter}${process.env.PATH ?? ''}`,
      },
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    this.child = child;
    const url = await new Promise<string>((resolve, reject) => {
      const timer = setTimeout(
        () => reject(new Error(`The editor did not start:\n${this.output}`)),
        60_000,
      );
      const onData = (chunk: Buffer) => {
        this.output += chunk.toString();
        const found = /http:\/\/127\.0\.0\.1:\d+\/\?token=\S+/.exec(this.output);
        if (found) {
          clearTimeout(timer);
          resolve(found[0]);
        }
      };
      child.stdout!.on('data', onData);
      child.stderr!.on('data', onData);
      child.once('exit', (code) => {
        clearTimeout(timer);
        reject(new Error(`The editor exited (${code}):\n${this.output}`));
      });
    });
    const parsed = new URL(url);
    this.port = Number(parsed.port);
    this.token = parsed.searchParams.get('token')!;
  }

  get alive(): boolean {
    return !!this.child && this.child.exitCode === null && this.child.signalCode === null;
  }

  /** Waits for the child to be gone (after a planned kill). */
  async exited(): Promise<void> {
    const child = this.child;
    if (!child || child.exitCode !== null || child.signalCode !== null) return;
    await new Promise((resolve) => child.once('exit', resolve));
  }

  async stop(): Promise<void> {
    const child = this.child;
    if (!child) return;
    if (child.exitCode === null && child.signalCode === null) {
      child.kill('SIGKILL');
      await this.exited();
    }
    this.child = undefined;
  }

  /** A request that may be cut short by a planned kill: undefined when the editor died. */
  async callOrDie(method: string, url: string, body?: unknown): Promise<Answer | undefined> {
    try {
      return await call(this, method, url, body);
    } catch (error) {
      await Promise.race([this.exited(), new Promise((resolve) => setTimeout(resolve, 3000))]);
      if (!this.alive) return undefined;
      throw error;
    }
  }
}
