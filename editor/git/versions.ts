import { resolveOffThread } from '../changes/merge-thread.ts';
import type { ConflictChoice } from '../changes/types.ts';
import { readConflicts, type FileConflict } from './conflicts.ts';
import {
  applyPlan,
  recoverUnfinished,
  type JournalOp,
  type TransactionFailure,
} from './journal.ts';
import { isCommitId, isSafeAuthorFile } from './names.ts';
import { git, gitText } from './run.ts';
import { authorPathProblem } from './safe-path.ts';
import type { ReadyState } from './state.ts';
import {
  commitOf,
  entryProblem,
  hashDisk,
  isAncestor,
  listTree,
  readBlob,
  readDisk,
  standingOn,
  type TreeEntry,
} from './tree.ts';

export interface Version {
  commit: string;
  /** First parent's commit: the version before (absent for the first). */
  parent?: string;
  author: string;
  email: string;
  /** ISO 8601 */
  date: string;
  message: string;
}

/** A file's published versions, newest first (at most `limit`). */
export async function versionsOf(
  root: string,
  state: ReadyState,
  file: string,
  limit = 30,
): Promise<Version[]> {
  if (!isSafeAuthorFile(file)) return [];
  const published = state && (await commitOf(root, state.publishedRef));
  if (!published) return [];
  const out = (
    await git(root, [
      'log',
      '-z',
      `--max-count=${limit}`,
      '--no-renames',
      '--format=%H%x1f%P%x1f%an%x1f%ae%x1f%aI%x1f%B',
      published,
      '--',
      `:(literal)${file}`,
    ])
  ).stdout;
  return out
    .split('\0')
    .filter(Boolean)
    .map((record) => {
      const [commit, parents, author, email, date, message] = record.split('\x1f');
      const parent = parents?.split(' ')[0];
      return {
        commit: commit!,
        ...(parent ? { parent } : {}),
        author: author!,
        email: email!,
        date: date!,
        message: message!.trim(),
      };
    });
}

/**
 * The commit `commit` names when it is of this copy's own history: reachable from the published
 * branch as last fetched (`publishedRef`) or from HEAD (the author's versions not published yet).
 * Any other commit of an object store shared with colleagues (their drafts, a review request) is
 * not this copy's to show: undefined, as for an id no commit has.
 */
export async function inHistory(
  root: string,
  publishedRef: string | undefined,
  commit: string,
): Promise<string | undefined> {
  const id = isCommitId(commit) ? await commitOf(root, commit) : undefined;
  if (!id) return undefined;
  for (const tip of publishedRef ? [publishedRef, 'HEAD'] : ['HEAD']) {
    const at = await commitOf(root, tip);
    if (at && (await isAncestor(root, id, at))) return id;
  }
  return undefined;
}

/** A file's entry in a commit; undefined when the id is not a commit's, or the file not there. */
async function entryAt(root: string, commit: string, file: string) {
  if (!isCommitId(commit) || !isSafeAuthorFile(file)) return undefined;
  const id = await commitOf(root, commit);
  if (!id) return undefined;
  return (await listTree(root, id)).get(file);
}

/**
 * The file's content in a commit, or undefined when it was not there (or the id is not a
 * commit's: a blob's, all zeros, unknown).
 */
export async function fileAt(
  root: string,
  commit: string,
  file: string,
): Promise<Buffer | undefined> {
  const entry = await entryAt(root, commit, file);
  return entry ? readBlob(root, entry.sha) : undefined;
}

/** Sets one author file (and the conflict records) as one transaction (journal.ts). */
async function setAuthorFile(
  root: string,
  op: JournalOp,
  file: string,
  after: TreeEntry | null,
  conflicts?: { before: FileConflict[]; after: FileConflict[] },
) {
  const before = (await hashDisk(root, [file], true)).get(file) ?? null;
  return applyPlan(root, {
    op,
    writes: [{ file, author: true, before, after }],
    ...(conflicts ? { conflicts } : {}),
    index: [],
  });
}

const storeText = async (root: string, text: string) =>
  gitText(root, ['hash-object', '-w', '--no-filters', '--stdin'], { input: text });

export type RestoreOutcome =
  | { status: 'restored' }
  /**
   * `not-a-version`: the id is not a commit of the published history (a blob's, all zeros,
   * unknown); `no-such-file-there`: that version does not hold the file; `cannot-open-here`: the
   * file is a link, or a folder on its way is.
   */
  | { status: 'refused'; reason: 'not-a-version' | 'no-such-file-there' | 'cannot-open-here' }
  | { status: 'failed'; reason: TransactionFailure };

/**
 * Restores a version: its content becomes the file's content in the working tree, a change to
 * publish. Refused when the version does not hold the file (restoring it would delete the page).
 */
export async function restoreVersion(
  root: string,
  commit: string,
  file: string,
  state?: ReadyState,
): Promise<RestoreOutcome> {
  await recoverUnfinished(root);
  const id = await inHistory(root, state?.publishedRef, commit);
  if (!id) return { status: 'refused', reason: 'not-a-version' };
  const entry = await entryAt(root, id, file);
  if (!entry) return { status: 'refused', reason: 'no-such-file-there' };
  if (entryProblem(file, entry) || authorPathProblem(root, file))
    return { status: 'refused', reason: 'cannot-open-here' };
  const outcome = await setAuthorFile(root, 'restore', file, entry);
  return outcome.ok ? { status: 'restored' } : { status: 'failed', reason: outcome.reason };
}

export type DiscardOutcome =
  | { status: 'discarded' }
  /**
   * `not-published`: nothing is published yet; `unrelated`: the published history was replaced
   * by another one (nothing to go back to); `cannot-open-here`: a link or odd name (never the
   * author's change).
   */
  | { status: 'refused'; reason: 'not-published' | 'unrelated' | 'cannot-open-here' }
  | { status: 'failed'; reason: TransactionFailure };

/**
 * Discards the author's change to a file: back to the published version it stands on (removed if
 * it is not published), its conflict record dropped.
 */
export async function discardChange(
  root: string,
  state: ReadyState,
  file: string,
): Promise<DiscardOutcome> {
  await recoverUnfinished(root);
  if (!isSafeAuthorFile(file)) return { status: 'refused', reason: 'cannot-open-here' };
  const { base, unrelated } = await standingOn(root, state.publishedRef);
  if (!base) return { status: 'refused', reason: 'not-published' };
  if (unrelated) return { status: 'refused', reason: 'unrelated' };
  const entry = (await listTree(root, base)).get(file);
  if (entryProblem(file, entry) || authorPathProblem(root, file))
    return { status: 'refused', reason: 'cannot-open-here' };
  const conflicts = await readConflicts(root);
  const now = (await hashDisk(root, [file])).get(file);
  const recorded = conflicts.some((c) => c.file === file);
  // Already as published: nothing to do, and nothing is lost.
  if ((now?.sha ?? null) === (entry?.sha ?? null) && !recorded) return { status: 'discarded' };
  const outcome = await setAuthorFile(root, 'discard', file, entry ?? null, {
    before: conflicts,
    after: conflicts.filter((c) => c.file !== file),
  });
  return outcome.ok ? { status: 'discarded' } : { status: 'failed', reason: outcome.reason };
}

/**
 * Resolves a file's conflicts with the author's choices and drops its record. The choices are laid
 * over the file as it is now: what the author changed in it after the conflict was found stays
 * ("Keep mine" of a whole file keeps the file as it is). `changed-since`: those later changes and
 * the choices could not be combined (the file no longer reads as YAML, say); nothing is written.
 */
export async function resolveFile(
  root: string,
  file: string,
  choices: Record<string, ConflictChoice>,
): Promise<'resolved' | 'unknown-file' | 'missing-choice' | 'changed-since' | TransactionFailure> {
  await recoverUnfinished(root);
  const all = await readConflicts(root);
  const record = all.find((c) => c.file === file);
  if (!record) return 'unknown-file';
  if (record.conflicts.some((c) => !choices[c.id])) return 'missing-choice';
  // undefined: the file stays as it is.
  let after: TreeEntry | null | undefined;
  const mode = (await hashDisk(root, [file])).get(file)?.mode ?? '100644';
  if (record.wholeFile) {
    const choice = choices['whole-file']!;
    if ('value' in choice) {
      if (typeof choice.value !== 'string') return 'missing-choice';
      after = { mode, sha: await storeText(root, choice.value) };
    } else if (choice.pick === 'theirs')
      after = record.theirsSha ? { mode, sha: record.theirsSha } : null;
  } else {
    const current = readDisk(root, file)?.toString('utf8');
    // A file removed after the conflict was found stays removed: that was the author's last word.
    if (current !== undefined) {
      const input = { file, base: record.base!, ours: record.ours!, theirs: record.theirs! };
      // Seconds for a large page: on the merge thread, never the request's.
      const text = await resolveOffThread(current, input, choices);
      if (text === undefined) return 'changed-since';
      after = { mode, sha: await storeText(root, text) };
    }
  }
  const conflicts = { before: all, after: all.filter((c) => c.file !== file) };
  const outcome =
    after === undefined
      ? await applyPlan(root, { op: 'resolve', writes: [], conflicts, index: [] })
      : await setAuthorFile(root, 'resolve', file, after, conflicts);
  if (!outcome.ok) return outcome.reason;
  return 'resolved';
}
