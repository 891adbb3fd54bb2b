import { isUtf8 } from 'node:buffer';
import { MAX_PAGE_BYTES } from '../../engine/read-page-file.ts';
import { wholeFileConflicts } from '../changes/merge-file.ts';
import { mergeAuthorFileOffThread } from '../changes/merge-thread.ts';
import type { AuthorIdentity } from './names.ts';
import { isAuthorFile, isCommitId } from './names.ts';
import { readConflicts, type FileConflict } from './conflicts.ts';
import {
  applyPlan,
  currentIndex,
  recoverUnfinished,
  type IndexStep,
  type PlannedWrite,
  type TransactionFailure,
} from './journal.ts';
import { git, gitText } from './run.ts';
import { authorPathProblem, isDotGitSpelling, isPlainPath, pathProblem } from './safe-path.ts';
import type { WaitingFile } from './safe-path.ts';
import type { ReadyState } from './state.ts';
import {
  commitDifferences,
  commitsOf,
  differences,
  entryProblem,
  hashDisk,
  isRegularMode,
  listTree,
  readBlob,
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
      /**
       * Files that came in but cannot be opened here (a link, a name git could misread, a folder
       * that is a link…): not written, published untouched.
       */
      waiting: WaitingFile[];
    }
  /** Nothing was changed (a failure part way was undone). */
  | { status: 'failed'; reason: TransactionFailure }
  | { status: 'code-conflict'; files: string[] }
  | { status: 'unrelated' }
  /**
   * Conflicts of an earlier update wait for the author's choice: nothing is brought in until then
   * (a later merge of the same file would take the colleague's side of them as the common
   * ancestor, and their change would be lost without a question).
   */
  | { status: 'conflicts-waiting' };

const isYaml = (file: string) => /\.ya?ml$/.test(file);
const same = (a: TreeEntry | null | undefined, b: TreeEntry | null | undefined) =>
  (a?.sha ?? null) === (b?.sha ?? null);

/** A path git and the index accept: no `.git` spelling, no `..`, no empty part. */
const indexable = (file: string) =>
  file.split('/').every((p) => p !== '' && p !== '.' && p !== '..' && !isDotGitSpelling(p));

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
  const recovered = await recoverUnfinished(root);
  if (recovered.kind === 'stuck') return { status: 'failed', reason: recovered.reason };
  if ((await readConflicts(root)).length) return { status: 'conflicts-waiting' };
  const [upstream, head] = await commitsOf(root, [state.publishedRef, 'HEAD']);
  if (!upstream || !head || upstream === head) return { status: 'up-to-date' };
  // One command answers both questions: the common ancestor is upstream itself exactly when the
  // local history holds it (up to date), HEAD itself exactly when upstream holds HEAD (a
  // fast-forward).
  const baseResult = await git(root, ['merge-base', head, upstream], { okCodes: [1] });
  const base = baseResult.stdout.trim();
  if (baseResult.code === 0 && base === upstream) return { status: 'up-to-date' };
  if (baseResult.code !== 0 || !isCommitId(base)) return { status: 'unrelated' };
  const fastForward = base === head;

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
  const mergedTree: Tree = new Map(upAll);
  if (!fastForward)
    for (const file of localChanged) {
      if (!isAuthorFile(file) || same(baseAll.get(file), upAll.get(file))) {
        const entry = headAll.get(file);
        if (entry) mergedTree.set(file, entry);
        else mergedTree.delete(file);
      }
    }

  const author = await planAuthorFiles(root, upstreamChanged.filter(isAuthorFile), {
    base: baseAll,
    theirs: upAll,
    upstream,
  });

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
  const nextTree = fastForward ? upAll : mergedTree;
  const changedByMove = differences(headAll, nextTree).map((d) => d.file);
  const code = await planCodeFiles(
    root,
    changedByMove.filter((file) => !isAuthorFile(file)),
    headAll,
    nextTree,
  );

  // The real index follows for entries nobody staged differently (`git status` then shows no
  // change that is not in the working tree).
  const indexed = changedByMove.filter(indexable);
  const staged = await currentIndex(root, indexed);
  const index: IndexStep[] = indexed
    .filter((file) => same(staged.get(file), headAll.get(file)))
    .map((file) => ({
      file,
      before: headAll.get(file) ?? null,
      after: nextTree.get(file) ?? null,
    }));

  const outcome = await applyPlan(root, {
    op: 'latest',
    head: { from: head, to: next },
    writes: [...author.writes, ...code.writes],
    conflicts: { before: [], after: author.conflicts },
    index,
    waiting: [...author.waiting, ...code.waiting].map((w) => w.file).filter(indexable),
  });
  if (!outcome.ok) return { status: 'failed', reason: outcome.reason };
  return {
    status: 'updated',
    taken: author.taken,
    merged: author.merged,
    conflicts: author.conflicts,
    keptCode: code.kept,
    waiting: [...author.waiting, ...code.waiting],
  };
}

/**
 * What Get latest does to each author file that changed upstream, computed without writing
 * anything: taken as published (the author did not change it), merged node by node (both changed
 * a YAML page), a conflict (a whole file, or fields changed differently), or waiting (it cannot
 * be opened here).
 */
async function planAuthorFiles(
  root: string,
  files: readonly string[],
  trees: { base: Tree; theirs: Tree; upstream: string },
) {
  const taken: string[] = [];
  const merged: string[] = [];
  const conflicts: FileConflict[] = [];
  const waiting: WaitingFile[] = [];
  const writes: PlannedWrite[] = [];
  const open: string[] = [];
  /** Regular files upstream made a link or a submodule: they go, where the author left them be. */
  const replaced: string[] = [];
  for (const file of files) {
    const onDisk = authorPathProblem(root, file);
    const theirs = entryProblem(file, trees.theirs.get(file));
    const why = theirs ?? entryProblem(file, trees.base.get(file)) ?? onDisk;
    if (why && why !== 'in-the-way') waiting.push({ file, why });
    if (!why || why === 'in-the-way') open.push(file);
    else if ((theirs === 'link' || theirs === 'not-a-file') && !onDisk && trees.base.has(file))
      if (!entryProblem(file, trees.base.get(file))) replaced.push(file);
  }
  const disk = await hashDisk(root, [...open, ...replaced], true);
  for (const file of replaced)
    if (same(disk.get(file), trees.base.get(file)))
      writes.push({ file, author: true, before: disk.get(file)!, after: null });
  // Removals first: a file removed upstream may make way for a folder, and the reverse.
  const removed = new Set(
    open.filter((file) => !trees.theirs.get(file) && same(disk.get(file), trees.base.get(file))),
  );
  for (const file of open) {
    const b = trees.base.get(file);
    const theirs = trees.theirs.get(file);
    const ours = disk.get(file);
    const write = (after: TreeEntry | null) =>
      writes.push({ file, author: true, before: ours ?? null, after });
    if (same(ours, b)) {
      const why = theirs && authorPathProblem(root, file, removed);
      if (why) {
        waiting.push({ file, why });
        continue;
      }
      write(theirs ?? null);
      taken.push(file);
      continue;
    }
    if (same(ours, theirs)) continue;
    const sides = {
      file,
      ...(b ? { base: await readBlob(root, b.sha) } : {}),
      ...(ours ? { ours: await readBlob(root, ours.sha) } : {}),
      ...(theirs ? { theirs: await readBlob(root, theirs.sha) } : {}),
    };
    const result = await mergeAuthorFileOffThread(sides);
    if ('take' in result) {
      if (result.take === 'theirs') {
        write(theirs ?? null);
        taken.push(file);
      }
      continue;
    }
    if ('text' in result) {
      const sha = await gitText(root, ['hash-object', '-w', '--no-filters', '--stdin'], {
        input: result.text,
      });
      write({ mode: ours!.mode, sha });
      merged.push(file);
      if (result.conflicts.length)
        conflicts.push({
          file,
          base: sides.base!.toString('utf8'),
          ours: sides.ours!.toString('utf8'),
          theirs: sides.theirs!.toString('utf8'),
          wholeFile: false,
          conflicts: result.conflicts,
          upstream: trees.upstream,
        });
      continue;
    }
    // A whole-file choice: ours stays on disk byte for byte, theirs is kept in the record (and the
    // object store); texts only where they can be shown (UTF-8, at most a page's size).
    const text = (side: Buffer | undefined) =>
      side && isYaml(file) && isUtf8(side) && side.length <= MAX_PAGE_BYTES
        ? side.toString('utf8')
        : undefined;
    const shown = { base: text(sides.base), ours: text(sides.ours), theirs: text(sides.theirs) };
    conflicts.push({
      file,
      ...(shown.base !== undefined ? { base: shown.base } : {}),
      ...(shown.ours !== undefined ? { ours: shown.ours } : {}),
      ...(shown.theirs !== undefined ? { theirs: shown.theirs } : {}),
      ...(ours ? { oursSha: ours.sha } : {}),
      ...(theirs ? { theirsSha: theirs.sha } : {}),
      wholeFile: true,
      conflicts: wholeFileConflicts(result.conflict),
      upstream: trees.upstream,
    });
  }
  return { taken, merged, conflicts, waiting, writes };
}

/**
 * Code files that changed with the move of HEAD: they follow (written by git) where the working
 * tree still has the old committed content, as `git merge` would do; a developer's edit is kept
 * and reported. A name git refuses, a link, or a folder on the way that is a link is never written.
 */
async function planCodeFiles(root: string, files: readonly string[], from: Tree, to: Tree) {
  const kept: string[] = [];
  const waiting: WaitingFile[] = [];
  const candidates: string[] = [];
  for (const file of files) {
    const before = from.get(file);
    const after = to.get(file);
    if (!isPlainPath(file)) waiting.push({ file, why: 'name' });
    else if ((before && !isRegularMode(before.mode)) || (after && !isRegularMode(after.mode)))
      waiting.push({ file, why: after?.mode === '120000' ? 'link' : 'not-a-file' });
    else candidates.push(file);
  }
  // As git reads them: a file it wrote with other line endings is still the blob it came from.
  const disk = await hashDisk(root, candidates, false, true);
  const untouched = candidates.filter((file) => same(disk.get(file), from.get(file)));
  const removed = new Set(untouched.filter((file) => !to.get(file)));
  const writes: PlannedWrite[] = [];
  for (const file of candidates) {
    const why = pathProblem(root, file, removed);
    if (!untouched.includes(file) || why) {
      kept.push(file);
      continue;
    }
    writes.push({
      file,
      author: false,
      before: from.get(file) ?? null,
      after: to.get(file) ?? null,
    });
  }
  return { kept, waiting, writes };
}
