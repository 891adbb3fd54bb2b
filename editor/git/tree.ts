import { lstatSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { git, gitText } from './run.ts';
import { AUTHOR_PATHS, isCommitId, isSafeAuthorFile, type AuthorIdentity } from './names.ts';
import { authorPathProblem, isPlainPath, type WaitingFile } from './safe-path.ts';

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

/**
 * The commits several revisions name, in one command when all of them name one (the usual case);
 * each undefined that does not.
 */
export async function commitsOf(
  root: string,
  revs: readonly string[],
): Promise<Array<string | undefined>> {
  if (!revs.some((rev) => rev.startsWith('-'))) {
    const all = await git(root, ['rev-parse', ...revs.map((rev) => `${rev}^{commit}`), '--'], {
      okCodes: [128],
    });
    const ids = all.stdout.split('\n').slice(0, revs.length);
    if (all.code === 0 && ids.every(isCommitId)) return ids;
  }
  return Promise.all(revs.map((rev) => commitOf(root, rev)));
}

interface TreeRecord {
  mode: string;
  type: string;
  sha: string;
}
type Listing = ReadonlyMap<string, TreeRecord>;

/** `ls-tree -r` of a commit, by path: `-t` adds the folders, `paths` limits it to those. */
async function readListing(root: string, commit: string, folders: boolean, paths?: string[]) {
  const args = ['ls-tree', '-r', ...(folders ? ['-t'] : []), '-z', '--full-tree', commit];
  if (paths) args.push('--', ...paths);
  const entries = new Map<string, TreeRecord>();
  for (const record of (await git(root, args)).stdout.split('\0')) {
    if (!record) continue;
    const tab = record.indexOf('\t');
    const [mode, type, sha] = record.slice(0, tab).split(' ');
    entries.set(record.slice(tab + 1), { mode: mode!, type: type!, sha: sha! });
  }
  return entries;
}

/** The entries of a listing under AUTHOR_PATHS (as `ls-tree … -- pages site.config.yaml public`). */
function authorPart(entries: Listing): Listing {
  const part = new Map<string, TreeRecord>();
  for (const [file, record] of entries)
    if (AUTHOR_PATHS.some((top) => file === top || file.startsWith(`${top}/`)))
      part.set(file, record);
  return part;
}

/**
 * Listings of commits by id, the last used last. A commit id names its tree, and so every entry in
 * it (git's objects are content-addressed): a listing made once answers every later question about
 * that commit, in every copy (the team editor's workspaces share one object store and list the
 * same published commits). A few are kept; a name that is not a full id (HEAD, a branch) never is,
 * as what it names moves.
 */
const LISTINGS_KEPT = 8;
const listings = new Map<string, Listing>();
/** Listings being read, by copy and key: asked for twice at once, read once. */
const reading = new Map<string, Promise<Listing>>();

/**
 * A commit's entries: `whole` every entry, folders included (`ls-tree -r -t`); `author` those
 * under AUTHOR_PATHS, from the whole listing when it is kept.
 */
async function listing(root: string, commit: string, scope: 'whole' | 'author'): Promise<Listing> {
  const read = () =>
    scope === 'whole'
      ? readListing(root, commit, true)
      : readListing(root, commit, false, [...AUTHOR_PATHS]);
  if (!isCommitId(commit)) return read();
  const whole = listings.get(`whole:${commit}`);
  const key = `${scope}:${commit}`;
  const kept = whole && scope === 'author' ? authorPart(whole) : listings.get(key);
  if (kept) {
    const used = whole ? `whole:${commit}` : key;
    listings.delete(used);
    listings.set(used, whole ?? kept);
    return kept;
  }
  const pendingKey = `${root}\0${key}`;
  let pending = reading.get(pendingKey);
  if (!pending) {
    pending = read().then((entries) => {
      listings.set(key, entries);
      while (listings.size > LISTINGS_KEPT) listings.delete(listings.keys().next().value!);
      return entries;
    });
    reading.set(pendingKey, pending);
    void pending.then(
      () => reading.delete(pendingKey),
      () => reading.delete(pendingKey),
    );
  }
  return pending;
}

/** Files of a commit: the author files only (default) or every file. */
export async function listTree(
  root: string,
  commit: string,
  scope: 'author' | 'all' = 'author',
): Promise<Tree> {
  const entries = await listing(root, commit, scope === 'author' ? 'author' : 'whole');
  const tree: Tree = new Map();
  for (const [file, { mode, type, sha }] of entries)
    if (type === 'blob') tree.set(file, { mode, sha });
  return tree;
}

export async function readBlob(root: string, sha: string): Promise<Buffer> {
  return (await git(root, ['cat-file', 'blob', sha], { binary: true })).stdout as unknown as Buffer;
}

const isObjectId = (id: string) => /^[0-9a-f]{40}([0-9a-f]{24})?$/.test(id);

/**
 * Several blobs in one command (`cat-file --batch`), by id. Undefined when they cannot all be read
 * so (an id that is not a blob of this copy, more than git's output may hold): the caller reads
 * them one at a time, and `readBlob` says what is wrong.
 */
export async function readBlobs(
  root: string,
  shas: readonly string[],
): Promise<Map<string, Buffer> | undefined> {
  const wanted = [...new Set(shas)];
  const found = new Map<string, Buffer>();
  if (!wanted.length) return found;
  if (!wanted.every(isObjectId)) return undefined;
  let out: Buffer;
  try {
    const input = `${wanted.join('\n')}\n`;
    const result = await git(root, ['cat-file', '--batch'], { input, binary: true });
    out = result.stdout as unknown as Buffer;
  } catch {
    return undefined;
  }
  // Each answer: `<id> blob <size>`, a line break, the bytes and a line break; `<id> missing`.
  let at = 0;
  for (const sha of wanted) {
    const end = out.indexOf(0x0a, at);
    if (end < 0) return undefined;
    const [id, type, size] = out.subarray(at, end).toString('latin1').split(' ');
    if (id !== sha || type !== 'blob' || !/^\d+$/.test(size ?? '')) return undefined;
    const start = end + 1;
    const stop = start + Number(size);
    if (stop > out.length) return undefined;
    found.set(sha, out.subarray(start, stop));
    at = stop + 1;
  }
  return found;
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

/** A regular file's mode (`100644`, `100755`): the only kind of entry the editor writes or reads. */
export const isRegularMode = (mode: string | undefined) => mode === '100644' || mode === '100755';

/**
 * Why a published entry cannot be opened in this copy (its name, or a link or submodule), or
 * undefined: such a file waits, published untouched.
 */
export function entryProblem(
  file: string,
  entry: TreeEntry | undefined,
): WaitingFile['why'] | undefined {
  if (!isSafeAuthorFile(file) || !isPlainPath(file)) return 'name';
  if (!entry || isRegularMode(entry.mode)) return undefined;
  return entry.mode === '120000' ? 'link' : 'not-a-file';
}

/**
 * Blob ids of files as they are on disk, content as is (`--no-filters`: no attribute from the tree
 * converts it, and no filter program runs); undefined for a file that is absent or not a regular
 * file. `write` also stores them, so a commit or a journal can use them. `asGit`: as git itself
 * reads them (`git status`), through the copy's attributes: a code file git wrote with other line
 * endings (`eol`, `core.autocrlf`) is the blob it came from. Never for author files, whose bytes
 * are published as they are.
 */
export async function hashDisk(
  root: string,
  files: readonly string[],
  write = false,
  asGit = false,
): Promise<Map<string, TreeEntry | undefined>> {
  const found = new Map<string, TreeEntry | undefined>();
  const present: Array<{ file: string; mode: string }> = [];
  for (const file of files) {
    const mode = diskMode(path.join(root, file));
    found.set(file, undefined);
    if (mode) present.push({ file, mode });
  }
  if (present.length) {
    // One file name per line on stdin: safe, as no name given here holds a line break.
    const args = ['hash-object', ...(write ? ['-w'] : []), '--no-filters', '--stdin-paths'];
    const input = present.map((entry) => entry.file).join('\n') + '\n';
    // A conversion git cannot make (an encoding the bytes are not in): the bytes as they are.
    const out = asGit
      ? await gitText(
          root,
          args.filter((arg) => arg !== '--no-filters'),
          { input },
        ).catch(() => gitText(root, args, { input }))
      : await gitText(root, args, { input });
    const shas = out.split('\n');
    present.forEach((entry, i) => found.set(entry.file, { mode: entry.mode, sha: shas[i]! }));
  }
  return found;
}

/**
 * The author files in the working tree (tracked or new and not ignored), each with the blob id its
 * content would have (written to the object store, so a commit can use it). Names git could misread
 * are left out and reported (`unsafe`), and so are files behind a symbolic link or a link
 * themselves (`waiting`): never read, never published.
 */
export async function worktreeFiles(
  root: string,
  only?: readonly string[],
): Promise<{ files: Tree; unsafe: string[]; waiting: WaitingFile[] }> {
  const scope = only ?? AUTHOR_PATHS;
  const listed = new Set<string>();
  if (scope.length) {
    // Tracked files, and untracked ones that are not ignored (the patterns apply to those only).
    const args = ['ls-files', '-z', '--cached', '--others', '--exclude-standard', '--', ...scope];
    for (const file of (await git(root, args)).stdout.split('\0')) if (file) listed.add(file);
  }
  const unsafe: string[] = [];
  const waiting: WaitingFile[] = [];
  const readable: string[] = [];
  for (const file of [...listed].sort()) {
    if (!isSafeAuthorFile(file) || !isPlainPath(file)) {
      unsafe.push(file);
      continue;
    }
    const why = authorPathProblem(root, file);
    if (why) waiting.push({ file, why });
    else readable.push(file);
  }
  const files: Tree = new Map();
  for (const [file, entry] of await hashDisk(root, readable, true))
    if (entry) files.set(file, entry);
  return { files, unsafe, waiting };
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

/** Each copy's git folder, asked once (it does not move while the editor runs). */
const gitDirs = new Map<string, string>();

/** Remembers a copy's git folder, found by another command. */
export function noteGitDir(root: string, dir: string) {
  gitDirs.set(root, dir);
}

/** The repository's own folder (`.git`), where the editor keeps its notes. */
export async function gitDir(root: string): Promise<string> {
  const known = gitDirs.get(root);
  if (known) return known;
  const dir = await gitText(root, ['rev-parse', '--absolute-git-dir']);
  gitDirs.set(root, dir);
  return dir;
}

/** One level of a tree (the folder `prefix`, '' for the top) out of a whole listing. */
function treeLevel(entries: Listing, prefix: string) {
  const level = new Map<string, TreeRecord>();
  const start = prefix ? `${prefix}/` : '';
  for (const [file, record] of entries) {
    if (!file.startsWith(start)) continue;
    const name = file.slice(start.length);
    if (name && !name.includes('/')) level.set(name, record);
  }
  return level;
}

/**
 * A tree: `tree` with `updates` applied (null removes a file), made with `mktree` level by level.
 * Only the folders on the way to an update are made again; every other entry (a colleague's
 * link, a name git itself would refuse to check out) is kept as it is, never read into an index.
 * Undefined: nothing left (git keeps no empty folder).
 */
async function editTree(
  root: string,
  entries: Listing,
  prefix: string,
  updates: ReadonlyMap<string, TreeEntry | null>,
): Promise<string | undefined> {
  const level = treeLevel(entries, prefix);
  const nested = new Map<string, Map<string, TreeEntry | null>>();
  for (const [file, entry] of updates) {
    const slash = file.indexOf('/');
    if (slash < 0) {
      if (entry) level.set(file, { mode: entry.mode, type: 'blob', sha: entry.sha });
      else level.delete(file);
      continue;
    }
    const folder = file.slice(0, slash);
    if (!nested.has(folder)) nested.set(folder, new Map());
    nested.get(folder)!.set(file.slice(slash + 1), entry);
  }
  for (const [folder, inner] of nested) {
    const old = level.get(folder);
    const within = prefix ? `${prefix}/${folder}` : folder;
    const made = await editTree(root, old?.type === 'tree' ? entries : new Map(), within, inner);
    if (made) level.set(folder, { mode: '040000', type: 'tree', sha: made });
    else if (old?.type === 'tree') level.delete(folder);
  }
  if (!level.size) return undefined;
  const input = [...level].map(([name, r]) => `${r.mode} ${r.type} ${r.sha}\t${name}\0`).join('');
  return gitText(root, ['mktree', '-z'], { input });
}

/**
 * A commit by `identity` (author, and committer unless `committer` is given: a reviewer publishing
 * a colleague's change), the message sent on stdin.
 */
async function commitTree(
  root: string,
  tree: string,
  parents: readonly string[],
  message: string,
  identity: AuthorIdentity,
  committer: AuthorIdentity = identity,
): Promise<string> {
  const who = {
    GIT_AUTHOR_NAME: identity.name.trim(),
    GIT_AUTHOR_EMAIL: identity.email.trim(),
    GIT_COMMITTER_NAME: committer.name.trim(),
    GIT_COMMITTER_EMAIL: committer.email.trim(),
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
  committer?: AuthorIdentity,
): Promise<string> {
  const updates = new Map(changes.map((change) => [change.file, change.after ?? null]));
  const tree = updates.size
    ? ((await editTree(root, await listing(root, base, 'whole'), '', updates)) ??
      (await gitText(root, ['mktree', '-z'], { input: '' })))
    : await gitText(root, ['rev-parse', `${base}^{tree}`]);
  return commitTree(root, tree, parents, message, identity, committer);
}

export async function isAncestor(root: string, ancestor: string, of: string): Promise<boolean> {
  // A commit is its own ancestor (the ids come from `rev-parse … ^{commit}`: commits of this copy).
  if (ancestor === of && isCommitId(of)) return true;
  const result = await git(root, ['merge-base', '--is-ancestor', ancestor, of], { okCodes: [1] });
  return result.code === 0;
}

/**
 * The published version this copy stands on, which the author's changes are counted from: the
 * published branch as last fetched when the local history holds it; else (a fetch brought in
 * colleagues' changes not merged here yet, or the published history was rewritten) the newest
 * version the published branch had (its reflog) that the local history holds, or the common
 * ancestor. `unrelated`: the published history shares nothing with this copy (a force-push of
 * another history): the copy stands on its own last commit, so only the author's own edits since
 * show as changes. `head`: the copy's last commit as read here.
 */
export async function standingOn(
  root: string,
  publishedRef: string,
): Promise<{ base: string | undefined; unrelated: boolean; head: string | undefined }> {
  const [published, head] = await commitsOf(root, [publishedRef, 'HEAD']);
  if (!published || !head || (await isAncestor(root, published, head)))
    return { base: published, unrelated: false, head };
  const log = await git(root, ['log', '-g', '--format=%H', '-n', '50', publishedRef, '--'], {
    okCodes: [128],
  });
  for (const earlier of log.stdout.split('\n'))
    if (isCommitId(earlier) && (await isAncestor(root, earlier, head)))
      return { base: earlier, unrelated: false, head };
  const common = await git(root, ['merge-base', head, published], { okCodes: [1] });
  const base = common.stdout.trim();
  if (common.code === 0 && isCommitId(base)) return { base, unrelated: false, head };
  return { base: head, unrelated: true, head };
}

/** `standingOn`'s commit. */
export async function publishedBase(root: string, publishedRef: string) {
  return (await standingOn(root, publishedRef)).base;
}

/**
 * An author file's content on disk; undefined when it is absent, not a regular file, or behind a
 * symbolic link (never followed).
 */
export function readDisk(root: string, file: string): Buffer | undefined {
  try {
    if (authorPathProblem(root, file) || !diskMode(path.join(root, file))) return undefined;
    return readFileSync(path.join(root, file));
  } catch {
    return undefined;
  }
}
