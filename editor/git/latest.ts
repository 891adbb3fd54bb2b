import { mkdirSync, renameSync, rmSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { mergeYaml } from '../changes/merge.ts';
import type { AuthorIdentity } from './names.ts';
import { hasControlChar, isAuthorFile, isSafeAuthorFile } from './names.ts';
import { readConflicts, writeConflicts, type FileConflict } from './conflicts.ts';
import { git } from './run.ts';
import type { ReadyState } from './state.ts';
import {
  commitDifferences,
  commitOf,
  differences,
  followIndex,
  isAncestor,
  listTree,
  readBlob,
  readDisk,
  readText,
  worktreeFiles,
  writeAuthorFile,
  type Tree,
  type TreeEntry,
} from './tree.ts';

export type LatestResult =
  | { status: 'up-to-date' }
  | {
      status: 'updated';
      /** Author files taken from upstream as they are. */
      taken: string[];
      /** Author files where both sides' changes were combined. */
      merged: string[];
      /** Author files with a conflict to resolve (conflicts.ts). */
      conflicts: FileConflict[];
      /**
       * Code files changed upstream that a developer has uncommitted changes in: left as they are
       * on disk.
       */
      keptCode: string[];
    }
  | { status: 'code-conflict'; files: string[] }
  | { status: 'unrelated' }
  /**
   * Conflicts of an earlier update wait for the author's choice: nothing is brought in until then
   * (a later merge of the same file would take the colleague's side of them as the common
   * ancestor, and their change would be lost without a question).
   */
  | { status: 'conflicts-waiting' };

const isYaml = (file: string) => /\.ya?ml$/.test(file);
const same = (a: TreeEntry | undefined, b: TreeEntry | undefined) => a?.sha === b?.sha;

/**
 * "Get latest": brings the published version (already fetched into `state.publishedRef`) into the
 * working copy.
 *
 * Author files changed only upstream are taken; changed on both sides, they are merged at the level
 * of YAML nodes (base = the common ancestor, ours = the working tree, theirs = upstream). The local
 * history then contains the upstream commit (fast-forward, or a two-parent commit made with
 * plumbing), so the next publish builds on it. Only the files that changed upstream are written; a
 * code file a developer is editing is never overwritten.
 */
export async function getLatest(
  root: string,
  state: ReadyState,
  identity: AuthorIdentity,
): Promise<LatestResult> {
  if ((await readConflicts(root)).length) return { status: 'conflicts-waiting' };
  const upstream = await commitOf(root, state.publishedRef);
  const head = await commitOf(root, 'HEAD');
  if (!upstream || !head) return { status: 'up-to-date' };
  if (await isAncestor(root, upstream, head)) return { status: 'up-to-date' };
  const baseResult = await git(root, ['merge-base', head, upstream], { okCodes: [1] });
  const base = baseResult.stdout.trim();
  if (baseResult.code !== 0 || !base) return { status: 'unrelated' };

  const [baseAll, headAll, upAll] = await Promise.all([
    listTree(root, base, 'all'),
    listTree(root, head, 'all'),
    listTree(root, upstream, 'all'),
  ]);
  const upstreamChanged = differences(baseAll, upAll).map((d) => d.file);
  const localChanged = new Set(differences(baseAll, headAll).map((d) => d.file));

  // Code (not author files) changed in both histories: that is a developer's merge to make, not the
  // editor's.
  const codeClash = upstreamChanged.filter(
    (file) =>
      !isAuthorFile(file) && localChanged.has(file) && !same(headAll.get(file), upAll.get(file)),
  );
  if (codeClash.length) return { status: 'code-conflict', files: codeClash };

  // The new local commit's tree: upstream's, with the local history's own committed changes kept.
  const fastForward = await isAncestor(root, head, upstream);
  const mergedTree: Tree = new Map(upAll);
  if (!fastForward)
    for (const file of localChanged) {
      if (!isAuthorFile(file) || same(baseAll.get(file), upAll.get(file))) {
        const entry = headAll.get(file);
        if (entry) mergedTree.set(file, entry);
        else mergedTree.delete(file);
      }
    }

  const authorChanged = upstreamChanged.filter((file) => isAuthorFile(file));
  const { files: working } = await worktreeFiles(root, authorChanged.filter(isSafeAuthorFile));
  const taken: string[] = [];
  const merged: string[] = [];
  const conflicts: FileConflict[] = [];
  const writes: Array<[string, Buffer | string | undefined]> = [];
  for (const file of authorChanged) {
    if (!isSafeAuthorFile(file)) continue;
    const b = baseAll.get(file);
    const theirs = upAll.get(file);
    const ours = working.get(file);
    if (same(ours, b)) {
      writes.push([file, theirs ? await readBlob(root, theirs.sha) : undefined]);
      taken.push(file);
      continue;
    }
    if (same(ours, theirs)) continue;
    if (isYaml(file) && b && ours && theirs) {
      const texts = {
        file,
        base: (await readText(root, b))!,
        ours: (await readText(root, ours))!,
        theirs: (await readText(root, theirs))!,
      };
      const result = mergeYaml(texts);
      writes.push([file, result.text]);
      merged.push(file);
      if (result.conflicts.length)
        conflicts.push({
          ...texts,
          wholeFile: false,
          conflicts: result.conflicts,
          upstream,
        });
      continue;
    }
    // A file in public/, or removed on one side: ours stays on disk, theirs is kept in the record.
    conflicts.push({
      file,
      ...(b && isYaml(file) ? { base: await readText(root, b) } : {}),
      ...(ours && isYaml(file) ? { ours: await readText(root, ours) } : {}),
      ...(theirs && isYaml(file) ? { theirs: await readText(root, theirs) } : {}),
      ...(ours ? { oursSha: ours.sha } : {}),
      ...(theirs ? { theirsSha: theirs.sha } : {}),
      wholeFile: true,
      conflicts: [{ id: 'whole-file', path: [], label: 'The whole file' }],
      upstream,
    });
  }

  let next = upstream;
  if (!fastForward) {
    next = await commitDifferences(
      root,
      upstream,
      differences(upAll, mergedTree),
      [head, upstream],
      `Get latest from ${state.remote}/${state.remoteBranch}`,
      identity,
    );
  }
  // Recorded first (the old value checked: nothing else moved the branch meanwhile), then the files
  // follow.
  await git(root, ['update-ref', '-m', 'editor: get latest', 'HEAD', next, head]);
  const nextTree = fastForward ? upAll : mergedTree;
  const changedByMove = differences(headAll, nextTree).map((d) => d.file);

  // Code files: written only where the working tree still has the old committed version.
  const keptCode: string[] = [];
  const codeToFollow: string[] = [];
  const codeChanged = changedByMove.filter((file) => !isAuthorFile(file));
  const plain = (file: string) => {
    const mode = (nextTree.get(file) ?? headAll.get(file))?.mode;
    return !hasControlChar(file) && (mode === '100644' || mode === '100755');
  };
  // A file is untouched when its content on disk is still the old commit's (or it is absent from
  // both).
  const candidates = codeChanged.filter(plain);
  const onDisk = new Map<string, string | undefined>();
  const present = candidates.filter((file) => readDisk(root, file) !== undefined);
  if (present.length) {
    const shas = (
      await git(root, ['hash-object', '--stdin-paths'], { input: present.join('\n') + '\n' })
    ).stdout.split('\n');
    present.forEach((file, i) => onDisk.set(file, shas[i]));
  }
  for (const file of codeChanged) {
    const untouched = plain(file) && onDisk.get(file) === headAll.get(file)?.sha;
    (untouched ? codeToFollow : keptCode).push(file);
  }
  for (const file of codeToFollow) {
    const entry = nextTree.get(file);
    writeCodeFile(root, file, entry && (await readBlob(root, entry.sha)), entry?.mode === '100755');
  }
  for (const [file, content] of writes) writeAuthorFile(root, file, content);
  await followIndex(root, headAll, nextTree, [
    ...codeToFollow,
    ...changedByMove.filter(isAuthorFile),
  ]);

  await writeConflicts(root, conflicts);
  return { status: 'updated', taken, merged, conflicts, keptCode };
}

/**
 * A code file that changed upstream and that nobody edited here: it follows, as `git merge` would
 * do.
 */
function writeCodeFile(
  root: string,
  file: string,
  content: Buffer | undefined,
  executable: boolean,
) {
  const absolute = path.join(root, file);
  const relative = path.relative(root, absolute);
  if (relative.startsWith('..') || path.isAbsolute(relative)) return;
  if (content === undefined) {
    rmSync(absolute, { force: true });
    return;
  }
  mkdirSync(path.dirname(absolute), { recursive: true });
  const temporary = `${absolute}.${process.pid}.editor-tmp`;
  writeFileSync(temporary, content, { mode: executable ? 0o755 : 0o644 });
  renameSync(temporary, absolute);
}
