import { resolveConflictsOnto } from '../changes/merge.ts';
import type { ConflictChoice } from '../changes/types.ts';
import { readConflicts, writeConflicts } from './conflicts.ts';
import { isCommitId, isSafeAuthorFile } from './names.ts';
import { git } from './run.ts';
import type { ReadyState } from './state.ts';
import { commitOf, listTree, publishedBase, readBlob, readDisk, writeAuthorFile } from './tree.ts';

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
  const published = await commitOf(root, state.publishedRef);
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

/** The file's content in a commit, or undefined when it was not there. */
export async function fileAt(
  root: string,
  commit: string,
  file: string,
): Promise<Buffer | undefined> {
  if (!isCommitId(commit) || !isSafeAuthorFile(file)) return undefined;
  const entry = (await listTree(root, commit)).get(file);
  return entry ? readBlob(root, entry.sha) : undefined;
}

/**
 * Restores a version: its content becomes the file's content in the working tree, a change to
 * publish.
 */
export async function restoreVersion(root: string, commit: string, file: string): Promise<boolean> {
  if (!isCommitId(commit) || !isSafeAuthorFile(file)) return false;
  if (!(await commitOf(root, commit))) return false;
  writeAuthorFile(root, file, await fileAt(root, commit, file));
  return true;
}

/**
 * Discards the author's change to a file: back to the published version it stands on (removed if
 * it is not published).
 */
export async function discardChange(
  root: string,
  state: ReadyState,
  file: string,
): Promise<boolean> {
  if (!isSafeAuthorFile(file)) return false;
  const published = await publishedBase(root, state.publishedRef);
  if (!published) return false;
  writeAuthorFile(root, file, await fileAt(root, published, file));
  const conflicts = await readConflicts(root);
  await writeConflicts(
    root,
    conflicts.filter((c) => c.file !== file),
  );
  return true;
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
): Promise<'resolved' | 'unknown-file' | 'missing-choice' | 'changed-since'> {
  const all = await readConflicts(root);
  const record = all.find((c) => c.file === file);
  if (!record) return 'unknown-file';
  if (record.conflicts.some((c) => !choices[c.id])) return 'missing-choice';
  if (record.wholeFile) {
    const choice = choices['whole-file']!;
    if ('value' in choice) {
      if (typeof choice.value !== 'string') return 'missing-choice';
      writeAuthorFile(root, file, choice.value);
    } else if (choice.pick === 'theirs')
      writeAuthorFile(
        root,
        file,
        record.theirsSha ? await readBlob(root, record.theirsSha) : undefined,
      );
  } else {
    const current = readDisk(root, file)?.toString('utf8');
    // A file removed after the conflict was found stays removed: that was the author's last word.
    if (current !== undefined) {
      const input = { file, base: record.base!, ours: record.ours!, theirs: record.theirs! };
      const text = resolveConflictsOnto(current, input, choices);
      if (text === undefined) return 'changed-since';
      writeAuthorFile(root, file, text);
    }
  }
  await writeConflicts(
    root,
    all.filter((c) => c.file !== file),
  );
  return 'resolved';
}
