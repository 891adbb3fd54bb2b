import { readConflicts } from './conflicts.ts';
import {
  applyPlan,
  currentIndex,
  recoverUnfinished,
  type IndexStep,
  type TransactionFailure,
} from './journal.ts';
import { getLatest, type LatestResult } from './latest.ts';
import {
  identityProblem,
  isAuthorFile,
  isSafeBranchName,
  messageProblem,
  type AuthorIdentity,
} from './names.ts';
import { fetchPublished, pushCommit, RemoteError, type RemoteProblem } from './remote.ts';
import { pullRequestUrl } from './remote-url.ts';
import { git } from './run.ts';
import type { ReadyState } from './state.ts';
import { authorPathProblem, isDotGitSpelling, type WaitingFile } from './safe-path.ts';
import {
  commitDifferences,
  commitOf,
  differences,
  entryProblem,
  listTree,
  noteGitDir,
  standingOn,
  worktreeFiles,
  type Difference,
  type Tree,
} from './tree.ts';

type PublishMode = 'direct' | 'review';

/**
 * Author files that differ from the published version this copy stands on (`standingOn`), and
 * names git could misread (never published). A published file that cannot be opened here (a link,
 * an odd name, behind a folder that is a link) is `waiting`: never listed as the author's change,
 * published untouched. `unrelated`: the published history shares nothing with this copy; the
 * changes are then the author's edits since their own last commit.
 */
export async function authorChanges(
  root: string,
  state: ReadyState,
): Promise<{
  published: string | undefined;
  /** The copy's last commit, as read here. */
  head: string | undefined;
  changes: Difference[];
  unsafe: string[];
  waiting: WaitingFile[];
  unrelated: boolean;
}> {
  await recoverUnfinished(root);
  const { base: published, unrelated, head } = await standingOn(root, state.publishedRef);
  const { files, unsafe, waiting } = await worktreeFiles(root);
  const all: Tree = published ? await listTree(root, published) : new Map();
  const tree: Tree = new Map();
  for (const [file, entry] of all) {
    const why = entryProblem(file, entry);
    if (why) waiting.push({ file, why });
    else tree.set(file, entry);
  }
  const waits = new Set(waiting.map((w) => w.file));
  for (const file of waits) files.delete(file);
  const changes = differences(tree, files).filter((change) => {
    if (waits.has(change.file)) return false;
    // Not on disk because it cannot be written here (a folder on the way is a link or a file).
    const why = change.status === 'removed' ? authorPathProblem(root, change.file) : undefined;
    if (why) waiting.push({ file: change.file, why });
    return !why;
  });
  return { published, head, changes, unsafe, waiting, unrelated };
}

/** A site check's outcome: the problems that stop a publish (errors), with their place. */
export interface CheckProblem {
  file: string;
  line: number;
  col: number;
  message: string;
  hint?: string;
  code: string;
  path?: Array<string | number>;
  /** The page and field by name, as the editor shows them: `Page /pricing › Hero › Title`. */
  place?: string;
}

export interface PublishRequest {
  identity: AuthorIdentity;
  /** Who commits it when not the author (a reviewer publishing a colleague's change). */
  committer?: AuthorIdentity;
  message: string;
  mode: PublishMode;
  /** The checks CI runs, on the working tree: errors refuse the publish. */
  check: () => CheckProblem[] | Promise<CheckProblem[]>;
  /** The files the author saw listed; refused when the working tree holds other changes by then. */
  expectFiles?: string[];
}

export type PublishResult =
  | {
      status: 'published';
      commit: string;
      files: string[];
      attempts: number;
      latest?: LatestResult;
    }
  | {
      status: 'in-review';
      commit: string;
      branch: string;
      files: string[];
      pullRequestUrl?: string;
    }
  | { status: 'nothing-to-publish' }
  /** The remote has no published branch to build on (a developer publishes the project once). */
  | { status: 'not-published' }
  | { status: 'refused'; problems: CheckProblem[] }
  | { status: 'conflicts'; latest: LatestResult }
  | { status: 'list-changed'; files: string[] }
  | { status: 'bad-input'; field: 'name' | 'email' | 'message' }
  | { status: 'blocked'; latest: LatestResult }
  /** Nothing was changed here (a failure part way was undone); nothing was sent. */
  | { status: 'failed'; reason: TransactionFailure }
  | {
      status: 'saved-locally';
      commit: string;
      files: string[];
      problem: RemoteProblem;
    };

const MAX_ATTEMPTS = 4;

/** `review/hotels-20260321-101502`: names the change set after its first page and the time. */
function reviewBranchName(files: string[], now: Date): string {
  const first = files.find((file) => file.startsWith('pages/')) ?? files[0] ?? 'changes';
  const slug =
    first
      .replace(/^pages\//, '')
      .replace(/\.ya?ml$/, '')
      .toLowerCase()
      .replace(/[^a-z0-9]+/g, '-')
      .replace(/^-+|-+$/g, '')
      .slice(0, 40) || 'changes';
  const stamp = now.toISOString().replace(/[-:]/g, '').replace('T', '-').slice(0, 15);
  return `review/${slug}-${stamp}`;
}

/**
 * Pushes the change set to a new review branch named `name`, or `name-2`, `name-3`… when a
 * colleague sent the same page for review in the same second. The branch, or why it was not sent.
 */
async function sendForReview(
  root: string,
  state: ReadyState,
  commit: string,
  name: string,
): Promise<string | RemoteProblem> {
  for (let attempt = 1; ; attempt++) {
    const branch = attempt === 1 ? name : `${name}-${attempt}`;
    if (!isSafeBranchName(branch)) throw new Error(`Unexpected branch name ${branch}`);
    try {
      await pushCommit(root, state, commit, branch);
      return branch;
    } catch (error) {
      if (!(error instanceof RemoteError)) throw error;
      if (error.problem !== 'stale' || attempt === MAX_ATTEMPTS) return error.problem;
    }
  }
}

/**
 * Publish: checks the whole site, records exactly the author files that differ from the published
 * version as one commit on top of it (built in a temporary index, so code a developer is writing
 * stays out), and sends it. When a colleague published first, their version is brought in and
 * merged (getLatest), checked again and sent again.
 */
export async function publish(
  root: string,
  state: ReadyState,
  request: PublishRequest,
): Promise<PublishResult> {
  noteGitDir(root, state.gitDir);
  const badIdentity = identityProblem(request.identity);
  if (badIdentity) return { status: 'bad-input', field: badIdentity };
  if (messageProblem(request.message)) return { status: 'bad-input', field: 'message' };
  // getLatest would refuse too; asked first, nothing is fetched for nothing.
  if ((await readConflicts(root)).length)
    return { status: 'conflicts', latest: { status: 'conflicts-waiting' } };

  let offline: RemoteProblem | undefined;
  let latest: LatestResult | undefined;
  for (let attempt = 1; attempt <= MAX_ATTEMPTS; attempt++) {
    if (!offline) {
      try {
        await fetchPublished(root, state);
      } catch (error) {
        if (!(error instanceof RemoteError)) throw error;
        offline = error.problem;
      }
    }
    // Also offline: what an earlier fetch brought in is merged before anything is built on it.
    latest = await getLatest(root, state, request.identity);
    if (
      (latest.status === 'updated' && latest.conflicts.length) ||
      latest.status === 'conflicts-waiting'
    )
      return { status: 'conflicts', latest };
    if (latest.status === 'code-conflict' || latest.status === 'unrelated')
      return { status: 'blocked', latest };
    if (latest.status === 'failed') return { status: 'failed', reason: latest.reason };
    const problems = await request.check();
    if (problems.length) return { status: 'refused', problems };

    const { published, head, changes } = await authorChanges(root, state);
    if (!published || !head) return { status: 'not-published' };
    const files = changes.map((change) => change.file);
    if (
      attempt === 1 &&
      request.expectFiles &&
      request.expectFiles.slice().sort().join('\0') !== files.join('\0')
    )
      return { status: 'list-changed', files };
    if (!changes.length) return { status: 'nothing-to-publish' };

    const commit = await commitDifferences(
      root,
      published,
      changes,
      [published],
      request.message,
      request.identity,
      request.committer,
    );

    if (request.mode === 'review') {
      if (offline) return { status: 'saved-locally', commit, files, problem: offline };
      const sent = await sendForReview(root, state, commit, reviewBranchName(files, new Date()));
      if (typeof sent !== 'string')
        return { status: 'saved-locally', commit, files, problem: sent };
      const branch = sent;
      await git(root, ['update-ref', `refs/remotes/${state.remote}/${branch}`, commit]);
      const link = pullRequestUrl(state.rawUrl, branch, state.remoteBranch);
      return {
        status: 'in-review',
        commit,
        branch,
        files,
        ...(link ? { pullRequestUrl: link } : {}),
      };
    }

    // Direct: the local history records the change before it is sent, so a failed send loses
    // nothing.
    const recorded = await recordLocally(root, { head, published, commit }, changes, request);
    if (!recorded.ok) return { status: 'failed', reason: recorded.reason };
    if (offline) return { status: 'saved-locally', commit, files, problem: offline };
    try {
      await pushCommit(root, state, commit, state.remoteBranch);
    } catch (error) {
      if (!(error instanceof RemoteError)) throw error;
      if (error.problem === 'stale') continue;
      return { status: 'saved-locally', commit, files, problem: error.problem };
    }
    // git updates the remote-tracking ref itself after a push to its branch; made sure of here.
    await git(root, ['update-ref', state.publishedRef, commit]);
    return {
      status: 'published',
      commit,
      files,
      attempts: attempt,
      ...(latest ? { latest } : {}),
    };
  }
  return {
    status: 'saved-locally',
    commit: (await commitOf(root, 'HEAD'))!,
    files: [],
    problem: 'stale',
  };
}

/**
 * The branch moves to the publish commit: directly when the local history holds nothing but
 * author files beyond the published version (an earlier publish that could not be sent is part of
 * this one, as the working tree holds it): the local branch then equals the published one once
 * sent. Else (a developer's code commits) to a two-parent commit of both, whose tree is the local
 * one with the published author files. One transaction (journal.ts): the real index follows for
 * entries nobody staged, then HEAD moves. `head`: HEAD as `authorChanges` read it; moved since (a
 * git command outside the editor), the transaction changes nothing (`branch-moved`).
 */
async function recordLocally(
  root: string,
  { head, published, commit }: { head: string; published: string; commit: string },
  changes: readonly Difference[],
  request: PublishRequest,
) {
  const headTree = await listTree(root, head, 'all');
  const publishedTree = head === published ? headTree : await listTree(root, published, 'all');
  let next = commit;
  const ownCode = differences(publishedTree, headTree).some((d) => !isAuthorFile(d.file));
  let nextTree: Tree;
  if (ownCode) {
    const commitTreeFiles = await listTree(root, commit);
    const headAuthor = await listTree(root, head);
    next = await commitDifferences(
      root,
      head,
      differences(headAuthor, commitTreeFiles),
      [head, commit],
      `${request.message.split('\n')[0]} (local copy)`,
      request.identity,
    );
    nextTree = await listTree(root, next, 'all');
  } else {
    // The publish commit's tree: the published one with the changes (commitDifferences).
    nextTree = new Map(publishedTree);
    for (const change of changes)
      if (change.after) nextTree.set(change.file, change.after);
      else nextTree.delete(change.file);
  }
  const moved = differences(headTree, nextTree)
    .map((d) => d.file)
    .filter((file) => file.split('/').every((p) => p !== '..' && !isDotGitSpelling(p)));
  const staged = await currentIndex(root, moved);
  const sameSha = (a?: { sha: string }, b?: { sha: string }) => (a?.sha ?? '') === (b?.sha ?? '');
  const index: IndexStep[] = moved
    .filter((file) => sameSha(staged.get(file), headTree.get(file)))
    .map((file) => ({
      file,
      before: headTree.get(file) ?? null,
      after: nextTree.get(file) ?? null,
    }));
  return applyPlan(root, { op: 'publish', head: { from: head, to: next }, writes: [], index });
}
