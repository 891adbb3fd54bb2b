import { randomBytes } from 'node:crypto';
import { lstatSync, mkdirSync, readFileSync, rmSync, writeFileSync, renameSync } from 'node:fs';
import path from 'node:path';
import { git, gitText } from './run.ts';
import { AUTHOR_PATHS, isCommitId, isSafeAuthorFile, type AuthorIdentity } from './names.ts';

/** One file in a commit's tree: its mode (`100644`) and blob id. */
export interface TreeEntry {
  mode: string;
  sha: string;
}
export type Tree = Map<string, TreeEntry>;

/** The commit a revision names (our own refs and ids only), or undefined when there is none. */
export async function commitOf(root: string, rev: string): Promise<string | undefined> {
  if (rev.startsWith('-')) return undefined;
  const result = await git(root, ['rev-parse', '--verify', '-q', `${rev}^{commit}`], {
    okCodes: [1, 128],
  });
  const id = result.stdout.trim();
  return result.code === 0 && isCommitId(id) ? id : undefined;
}

/** Files of a commit: the author files only (default) or every file. */
export async function listTree(
  root: string,
  commit: string,
  scope: 'author' | 'all' = 'author',
): Promise<Tree> {
  const args = ['ls-tree', '-r', '-z', '--full-tree', commit];
  if (scope === 'author') args.push('--', ...AUTHOR_PATHS);
  const out = (await git(root, args)).stdout;
  const tree: Tree = new Map();
  for (const record of out.split('\0')) {
    if (!record) continue;
    const tab = record.indexOf('\t');
    const [mode, type, sha] = record.slice(0, tab).split(' ');
    if (type === 'blob') tree.set(record.slice(tab + 1), { mode: mode!, sha: sha! });
  }
  return tree;
}

export async function readBlob(root: string, sha: string): Promise<Buffer> {
  return (await git(root, ['cat-file', 'blob', sha], { binary: true })).stdout as unknown as Buffer;
}

export async function readText(
  root: string,
  entry: TreeEntry | undefined,
): Promise<string | undefined> {
  return entry ? (await readBlob(root, entry.sha)).toString('utf8') : undefined;
}

/** A regular file on disk (symbolic links and folders are not author files). */
function diskMode(absolute: string): string | undefined {
  try {
    const stat = lstatSync(absolute);
    if (!stat.isFile()) return undefined;
    return stat.mode & 0o111 ? '100755' : '100644';
  } catch {
    return undefined;
  }
}

/**
 * The author files in the working tree (tracked or new and not ignored), each with the blob id its
 * content would have (written to the object store, so a commit can use it). Names git could misread
 * are left out and reported.
 */
export async function worktreeFiles(
  root: string,
  only?: readonly string[],
): Promise<{ files: Tree; unsafe: string[] }> {
  const scope = only ?? AUTHOR_PATHS;
  const listed = new Set<string>();
  if (scope.length) {
    for (const args of [
      ['ls-files', '-z', '--cached'],
      ['ls-files', '-z', '--others', '--exclude-standard'],
    ]) {
      const out = (await git(root, [...args, '--', ...scope])).stdout;
      for (const file of out.split('\0')) if (file) listed.add(file);
    }
  }
  const unsafe: string[] = [];
  const present: Array<{ file: string; mode: string }> = [];
  for (const file of [...listed].sort()) {
    if (!isSafeAuthorFile(file)) {
      unsafe.push(file);
      continue;
    }
    const mode = diskMode(path.join(root, file));
    if (mode) present.push({ file, mode });
  }
  const files: Tree = new Map();
  if (present.length) {
    // One file name per line on stdin: safe, as no accepted name holds a line break.
    const out = await gitText(root, ['hash-object', '-w', '--stdin-paths'], {
      input: present.map((entry) => entry.file).join('\n') + '\n',
    });
    const shas = out.split('\n');
    present.forEach((entry, i) => files.set(entry.file, { mode: entry.mode, sha: shas[i]! }));
  }
  return { files, unsafe };
}

type FileStatus = 'added' | 'removed' | 'changed';
export interface Difference {
  file: string;
  status: FileStatus;
  before?: TreeEntry;
  after?: TreeEntry;
}

/** Files that differ between two listings (`before` → `after`), sorted by name. */
export function differences(before: Tree, after: Tree): Difference[] {
  const names = new Set([...before.keys(), ...after.keys()]);
  const found: Difference[] = [];
  for (const file of [...names].sort()) {
    const a = before.get(file);
    const b = after.get(file);
    if (a?.sha === b?.sha && a?.mode === b?.mode) continue;
    found.push({
      file,
      status: !a ? 'added' : !b ? 'removed' : 'changed',
      ...(a ? { before: a } : {}),
      ...(b ? { after: b } : {}),
    });
  }
  return found;
}

/** The repository's own folder (`.git`), where the editor keeps its notes. */
export async function gitDir(root: string): Promise<string> {
  return gitText(root, ['rev-parse', '--absolute-git-dir']);
}

/**
 * A tree: `base`'s files with `updates` applied (null removes a file). Built in a temporary index,
 * so the repository's own index (what a developer staged) is never touched.
 */
async function buildTree(
  root: string,
  base: string,
  updates: ReadonlyMap<string, TreeEntry | null>,
): Promise<string> {
  const dir = path.join(await gitDir(root), 'editor');
  mkdirSync(dir, { recursive: true });
  const index = path.join(dir, `index-${randomBytes(6).toString('hex')}`);
  const env = { GIT_INDEX_FILE: index };
  try {
    await git(root, ['read-tree', base], { env });
    const lines = [...updates].map(([file, entry]) =>
      entry ? `${entry.mode} ${entry.sha}\t${file}` : `0 ${'0'.repeat(40)}\t${file}`,
    );
    if (lines.length)
      await git(root, ['update-index', '-z', '--index-info'], {
        env,
        input: lines.join('\0') + '\0',
      });
    return await gitText(root, ['write-tree'], { env });
  } finally {
    rmSync(index, { force: true });
  }
}

/** A commit by `identity` (author and committer), the message sent on stdin. */
async function commitTree(
  root: string,
  tree: string,
  parents: readonly string[],
  message: string,
  identity: AuthorIdentity,
): Promise<string> {
  const who = {
    GIT_AUTHOR_NAME: identity.name.trim(),
    GIT_AUTHOR_EMAIL: identity.email.trim(),
    GIT_COMMITTER_NAME: identity.name.trim(),
    GIT_COMMITTER_EMAIL: identity.email.trim(),
  };
  const args = ['commit-tree', tree, ...parents.flatMap((parent) => ['-p', parent]), '-F', '-'];
  return gitText(root, args, {
    env: who,
    input: message.endsWith('\n') ? message : `${message}\n`,
  });
}

/**
 * A commit of `base`'s tree with `changes` applied (each file set to its entry after, or removed),
 * on `parents`.
 */
export async function commitDifferences(
  root: string,
  base: string,
  changes: readonly Difference[],
  parents: readonly string[],
  message: string,
  identity: AuthorIdentity,
): Promise<string> {
  const updates = new Map(changes.map((change) => [change.file, change.after ?? null]));
  const tree = await buildTree(root, base, updates);
  return commitTree(root, tree, parents, message, identity);
}

export async function isAncestor(root: string, ancestor: string, of: string): Promise<boolean> {
  const result = await git(root, ['merge-base', '--is-ancestor', ancestor, of], { okCodes: [1] });
  return result.code === 0;
}

/**
 * The published version this copy stands on: the published branch as last fetched, or, when a
 * fetch brought in colleagues' changes that are not merged here yet (the review list fetches), the
 * newest published version the local history holds. The author's changes are counted from it, so
 * a colleague's change never shows as the author undoing it.
 */
export async function publishedBase(root: string, publishedRef: string) {
  const published = await commitOf(root, publishedRef);
  const head = await commitOf(root, 'HEAD');
  if (!published || !head || (await isAncestor(root, published, head))) return published;
  const base = await git(root, ['merge-base', head, published], { okCodes: [1] });
  return commitOf(root, base.stdout.trim() || published);
}

/**
 * Writes an author file (or removes it) the way the editor saves: a temporary file renamed over the
 * old one.
 */
export function writeAuthorFile(root: string, file: string, content: Buffer | string | undefined) {
  if (!isSafeAuthorFile(file)) throw new Error(`Refused to write ${JSON.stringify(file)}.`);
  const absolute = path.join(root, file);
  if (content === undefined) {
    rmSync(absolute, { force: true });
    return;
  }
  mkdirSync(path.dirname(absolute), { recursive: true });
  const temporary = `${absolute}.${process.pid}.editor-tmp`;
  writeFileSync(temporary, content);
  renameSync(temporary, absolute);
}

export function readDisk(root: string, file: string): Buffer | undefined {
  try {
    return readFileSync(path.join(root, file));
  } catch {
    return undefined;
  }
}

/**
 * After HEAD moved from `from` to `to`: index entries of `files` that still were `from`'s become
 * `to`'s, so `git status` shows no change that is not in the working tree. Entries a developer
 * staged differently stay as they are.
 */
export async function followIndex(root: string, from: Tree, to: Tree, files: Iterable<string>) {
  const staged = new Map<string, TreeEntry>();
  const out = (await git(root, ['ls-files', '-s', '-z'])).stdout;
  for (const record of out.split('\0')) {
    if (!record) continue;
    const tab = record.indexOf('\t');
    const [mode, sha, stage] = record.slice(0, tab).split(' ');
    if (stage === '0') staged.set(record.slice(tab + 1), { mode: mode!, sha: sha! });
  }
  const lines: string[] = [];
  for (const file of files) {
    const now = staged.get(file);
    const old = from.get(file);
    if (now?.sha !== old?.sha) continue;
    const next = to.get(file);
    lines.push(next ? `${next.mode} ${next.sha}\t${file}` : `0 ${'0'.repeat(40)}\t${file}`);
  }
  if (lines.length)
    await git(root, ['update-index', '-z', '--index-info'], { input: lines.join('\0') + '\0' });
}
