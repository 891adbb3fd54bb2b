import { existsSync, fsyncSync, mkdirSync, openSync, closeSync, readFileSync } from 'node:fs';
import { readdirSync, renameSync, rmSync } from 'node:fs';
import { randomBytes } from 'node:crypto';
import path from 'node:path';
import { writeConflicts, type FileConflict } from './conflicts.ts';
import { isProcessAlive } from '../../engine/process-alive.ts';
import { git, GitError } from './run.ts';
import { authorPathProblem, pathProblem, UnsafePathError, writeDurably } from './safe-path.ts';
import { writeTreeFile } from './safe-path.ts';
import { commitOf, gitDir, hashDisk, readBlob, readBlobs, type TreeEntry } from './tree.ts';

/**
 * A change to the copy made as one transaction: everything is computed first (every blob, before
 * and after, is in the object store), written down in `.git/editor/journal.json` (flushed to disk)
 * before the first change, then applied in this order: files removed, files written (code files by
 * `checkout-index` from a temporary index, author files by the editor after `lstat` checks), the
 * conflict record, the real index, and HEAD last. The journal is removed after the last step.
 * An unfinished journal (the editor was killed) is found before any other publishing work:
 * when HEAD has moved, every step before it was done and the journal is only removed; else every
 * step is undone (each file that holds its "after" gets its "before" back), as if the operation
 * had never started.
 */
export type JournalOp = 'latest' | 'publish' | 'restore' | 'discard' | 'resolve';

/**
 * Why an operation changed nothing: `index-locked`: `.git/index.lock` exists (a git program is at
 * work in this copy, or one was stopped and left it); `branch-moved`: the branch moved meanwhile
 * (a git command outside the editor); `write-failed`: a file could not be written (everything
 * written before it was undone).
 */
export type TransactionFailure = 'index-locked' | 'branch-moved' | 'write-failed';

/** A file of the working tree set from `before` to `after` (null: absent). */
export interface PlannedWrite {
  file: string;
  /** An author file (written by the editor) or a code file (written by git). */
  author: boolean;
  before: TreeEntry | null;
  after: TreeEntry | null;
}

/** An entry of the real index set from `before` to `after` (null: not in the index). */
export interface IndexStep {
  file: string;
  before: TreeEntry | null;
  after: TreeEntry | null;
}

export interface Plan {
  op: JournalOp;
  /** The process applying it: a journal of a live process is its work in progress, not left over. */
  pid?: number;
  /** HEAD moves last, from `from` (checked) to `to`. */
  head?: { from: string; to: string };
  writes: PlannedWrite[];
  conflicts?: { before: FileConflict[]; after: FileConflict[] };
  index: IndexStep[];
  /**
   * Files that wait (not written here): their index entries get git's skip-worktree bit, so `git
   * status` and a developer's `git commit -a` take them as published, not as removed.
   */
  waiting?: string[];
}

export type Outcome = { ok: true } | { ok: false; reason: TransactionFailure };

export type Recovery =
  | { kind: 'none' }
  /** `files`: author files that now hold other content (the site reads them again). */
  | { kind: 'completed' | 'rolled-back'; op: JournalOp; files: string[] }
  | { kind: 'stuck'; op: JournalOp; reason: TransactionFailure };

const editorDir = async (root: string) => path.join(await gitDir(root), 'editor');
const journalOf = (dir: string) => path.join(dir, 'journal.json');
const temporaryDirOf = (dir: string) => path.join(dir, 'tmp');

function syncFolder(folder: string) {
  try {
    const fd = openSync(folder, 'r');
    try {
      fsyncSync(fd);
    } finally {
      closeSync(fd);
    }
  } catch {
    // Some systems cannot flush a folder; the rename is still atomic.
  }
}

function writeJournal(dir: string, plan: Plan) {
  mkdirSync(dir, { recursive: true });
  const temporary = path.join(dir, `journal-${randomBytes(6).toString('hex')}.tmp`);
  writeDurably(temporary, JSON.stringify(plan));
  renameSync(temporary, journalOf(dir));
  syncFolder(dir);
}

function removeJournal(dir: string) {
  rmSync(journalOf(dir), { force: true });
  rmSync(temporaryDirOf(dir), { recursive: true, force: true });
  syncFolder(dir);
}

export async function indexLocked(root: string): Promise<boolean> {
  return existsSync(path.join(await gitDir(root), 'index.lock'));
}

const indexLine = (file: string, entry: TreeEntry | null) =>
  entry ? `${entry.mode} ${entry.sha}\t${file}` : `0 ${'0'.repeat(40)}\t${file}`;

async function setIndex(root: string, entries: ReadonlyArray<[string, TreeEntry | null]>) {
  if (!entries.length) return;
  await git(root, ['update-index', '-z', '--index-info'], {
    input: entries.map(([file, entry]) => indexLine(file, entry)).join('\0') + '\0',
  });
}

/**
 * Code files written by git itself: their entries in a temporary index, then `checkout-index`
 * (which refuses `.git` paths and `..`, and never writes through a symbolic link).
 */
async function checkoutCode(root: string, dir: string, files: ReadonlyArray<[string, TreeEntry]>) {
  if (!files.length) return;
  mkdirSync(temporaryDirOf(dir), { recursive: true });
  const env = {
    GIT_INDEX_FILE: path.join(temporaryDirOf(dir), `index-${randomBytes(6).toString('hex')}`),
  };
  await git(root, ['update-index', '-z', '--index-info'], {
    env,
    input: files.map(([file, entry]) => indexLine(file, entry)).join('\0') + '\0',
  });
  await git(root, ['checkout-index', '-f', '-q', '-z', '--stdin'], {
    env,
    input: files.map(([file]) => file).join('\0') + '\0',
  });
  rmSync(env.GIT_INDEX_FILE, { force: true });
}

/** Sets each file to `target(write)`, unless `skip` says it is not to be touched. */
async function setFiles(
  root: string,
  dir: string,
  writes: readonly PlannedWrite[],
  target: (write: PlannedWrite) => TreeEntry | null,
) {
  // Removals first (a folder may become a file), then author files, then code files.
  const removals = writes.filter((w) => !target(w));
  for (const w of removals) {
    const problem = w.author ? authorPathProblem : pathProblem;
    writeTreeFile(root, w.file, undefined, temporaryDirOf(dir), problem);
  }
  const code: Array<[string, TreeEntry]> = [];
  // Pages and the config read in one command (a whole Get latest of colleagues' pages); files in
  // public/, which may be large, one at a time.
  const texts = writes.flatMap((w) => {
    const entry = target(w);
    return w.author && entry && !w.file.startsWith('public/') ? [entry.sha] : [];
  });
  const read = (texts.length > 1 && (await readBlobs(root, texts))) || new Map<string, Buffer>();
  for (const w of writes) {
    const entry = target(w);
    if (!entry) continue;
    if (!w.author) {
      const why = pathProblem(root, w.file);
      if (why) throw new UnsafePathError(w.file, why);
      code.push([w.file, entry]);
      continue;
    }
    writeTreeFile(
      root,
      w.file,
      read.get(entry.sha) ?? (await readBlob(root, entry.sha)),
      temporaryDirOf(dir),
      authorPathProblem,
    );
  }
  await checkoutCode(root, dir, code);
}

const same = (a: TreeEntry | null | undefined, b: TreeEntry | null | undefined) =>
  (a?.sha ?? null) === (b?.sha ?? null);

/** The writes whose file holds `from` now (a file changed since by someone else is left alone). */
async function holding(
  root: string,
  writes: readonly PlannedWrite[],
  from: (write: PlannedWrite) => TreeEntry | null,
): Promise<PlannedWrite[]> {
  const safe = writes.filter((w) => !(w.author ? authorPathProblem : pathProblem)(root, w.file));
  const files = (author: boolean) => safe.filter((w) => w.author === author).map((w) => w.file);
  // Code files as git reads them: checkout-index may have converted their line endings.
  const disk = new Map([
    ...(await hashDisk(root, files(true))),
    ...(await hashDisk(root, files(false), false, true)),
  ]);
  return safe.filter((w) => same(disk.get(w.file), from(w)));
}

async function skipWorktree(root: string, files: readonly string[], skip: boolean) {
  const staged = await currentIndex(root, files);
  const present = files.filter((file) => staged.has(file));
  if (!present.length) return;
  await git(
    root,
    ['update-index', skip ? '--skip-worktree' : '--no-skip-worktree', '-z', '--stdin'],
    {
      input: present.join('\0') + '\0',
    },
  );
}

async function rollBack(root: string, dir: string, plan: Plan) {
  await skipWorktree(root, plan.waiting ?? [], false);
  const index = await currentIndex(
    root,
    plan.index.map((step) => step.file),
  );
  const undo = plan.index.filter((step) => same(index.get(step.file), step.after));
  await setIndex(
    root,
    undo.map((step) => [step.file, step.before]),
  );
  if (plan.conflicts) await writeConflicts(root, plan.conflicts.before);
  const changed = await holding(root, plan.writes, (w) => w.after);
  const undone = changed.filter((w) => !same(w.before, w.after));
  await setFiles(root, dir, undone, (w) => w.before);
  return undone.filter((w) => w.author).map((w) => w.file);
}

/** Stage-0 entries of the real index for `files`. */
export async function currentIndex(
  root: string,
  files: readonly string[],
): Promise<Map<string, TreeEntry>> {
  const staged = new Map<string, TreeEntry>();
  if (!files.length) return staged;
  const wanted = new Set(files);
  const out = (await git(root, ['ls-files', '-s', '-z'])).stdout;
  for (const record of out.split('\0')) {
    if (!record) continue;
    const tab = record.indexOf('\t');
    const [mode, sha, stage] = record.slice(0, tab).split(' ');
    const file = record.slice(tab + 1);
    if (stage === '0' && wanted.has(file)) staged.set(file, { mode: mode!, sha: sha! });
  }
  return staged;
}

const failureOf = (error: unknown): TransactionFailure | undefined => {
  if (error instanceof UnsafePathError) return 'write-failed';
  if (error instanceof GitError)
    return /index\.lock/.test(error.stderr) ? 'index-locked' : 'write-failed';
  const code = (error as NodeJS.ErrnoException | undefined)?.code;
  return typeof code === 'string' ? 'write-failed' : undefined;
};

/**
 * Applies a plan as one transaction (see above). A failure part way undoes what was done and
 * says why; the copy is then as it was.
 */
export async function applyPlan(root: string, plan: Plan): Promise<Outcome> {
  const dir = await editorDir(root);
  if (plan.index.length && (await indexLocked(root))) return { ok: false, reason: 'index-locked' };
  if (plan.head && (await commitOf(root, 'HEAD')) !== plan.head.from)
    return { ok: false, reason: 'branch-moved' };
  writeJournal(dir, { ...plan, pid: process.pid });
  inFlight.add(dir);
  try {
    await setFiles(root, dir, plan.writes, (w) => w.after);
    if (plan.conflicts) await writeConflicts(root, plan.conflicts.after);
    await setIndex(
      root,
      plan.index.map((step) => [step.file, step.after]),
    );
    await skipWorktree(root, plan.waiting ?? [], true);
    if (plan.head) {
      const { from, to } = plan.head;
      const moved = await git(root, ['update-ref', '-m', `editor: ${plan.op}`, 'HEAD', to, from], {
        okCodes: [1, 128],
      });
      if (moved.code !== 0) throw new BranchMoved();
    }
  } catch (error) {
    const reason = error instanceof BranchMoved ? 'branch-moved' : failureOf(error);
    if (!reason) throw error;
    try {
      await rollBack(root, dir, plan);
      removeJournal(dir);
    } catch {
      // Left for the next request to undo (the journal stays).
    }
    return { ok: false, reason };
  } finally {
    inFlight.delete(dir);
  }
  removeJournal(dir);
  return { ok: true };
}

/** Copies (their editor folders) with a transaction under way in this process. */
const inFlight = new Set<string>();

/** Whether another process that is still running wrote the journal. */
function othersAlive(pid: number | undefined): boolean {
  if (!pid || pid === process.pid) return false;
  return isProcessAlive(pid);
}

class BranchMoved extends Error {}

/**
 * Finds an unfinished journal and finishes it: done when HEAD moved (its last step), else undone.
 * Run when the editor starts and before every publishing request.
 */
export async function recoverUnfinished(root: string): Promise<Recovery> {
  let dir: string;
  try {
    dir = await editorDir(root);
  } catch {
    return { kind: 'none' };
  }
  // A transaction of this process under way (a status request while Get latest runs) is not
  // left over.
  if (inFlight.has(dir)) return { kind: 'none' };
  let plan: Plan;
  try {
    plan = JSON.parse(readFileSync(journalOf(dir), 'utf8')) as Plan;
  } catch {
    for (const name of existsSync(dir) ? readdirSync(dir) : [])
      if (/^journal-.*\.tmp$/.test(name)) rmSync(path.join(dir, name), { force: true });
    return { kind: 'none' };
  }
  if (othersAlive(plan.pid)) return { kind: 'none' };
  if (plan.head && (await commitOf(root, 'HEAD')) === plan.head.to) {
    removeJournal(dir);
    return {
      kind: 'completed',
      op: plan.op,
      files: plan.writes.filter((w) => w.author).map((w) => w.file),
    };
  }
  try {
    const files = await rollBack(root, dir, plan);
    removeJournal(dir);
    return { kind: 'rolled-back', op: plan.op, files };
  } catch (error) {
    return { kind: 'stuck', op: plan.op, reason: failureOf(error) ?? 'write-failed' };
  }
}
