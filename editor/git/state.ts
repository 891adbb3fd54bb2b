import { existsSync, realpathSync } from 'node:fs';
import path from 'node:path';
import { git, GitError, gitText } from './run.ts';
import { isSafeBranchName, isSafeRemoteName } from './names.ts';
import { displayUrl } from './remote-url.ts';
import { recoverUnfinished, type JournalOp, type TransactionFailure } from './journal.ts';

/**
 * Where the project stands, as far as publishing goes; every kind but `ready` means: the editor
 * saves to disk only.
 */
export type RepoState =
  | { kind: 'no-git'; gitMissing: boolean }
  | { kind: 'not-top' }
  | { kind: 'busy'; what: 'rebase' | 'merge' | 'cherry-pick' | 'revert' | 'bisect' }
  | { kind: 'detached' }
  | { kind: 'no-commit' }
  | { kind: 'odd-branch' }
  | { kind: 'no-remote'; branch: string }
  /** An interrupted operation could be neither finished nor undone yet (index.lock held). */
  | { kind: 'unfinished'; op: JournalOp; reason: TransactionFailure }
  | {
      kind: 'ready';
      branch: string;
      remote: string;
      /** The published branch on the remote (`main`). */
      remoteBranch: string;
      /** `refs/remotes/origin/main` */
      publishedRef: string;
      /** The remote's URL without user-info, to show. */
      url: string;
      /** The URL as configured: used to compute links, never sent to the browser. */
      rawUrl: string;
      /** An interrupted operation finished or undone just now: its author files were rewritten. */
      recovered?: { op: JournalOp; files: string[]; done: boolean };
    };
export type ReadyState = Extract<RepoState, { kind: 'ready' }>;

const BUSY: Array<[string, Extract<RepoState, { kind: 'busy' }>['what']]> = [
  ['rebase-merge', 'rebase'],
  ['rebase-apply', 'rebase'],
  ['MERGE_HEAD', 'merge'],
  ['CHERRY_PICK_HEAD', 'cherry-pick'],
  ['REVERT_HEAD', 'revert'],
  ['BISECT_LOG', 'bisect'],
];

export async function repoState(root: string): Promise<RepoState> {
  let top: string;
  try {
    top = await gitText(root, ['rev-parse', '--show-toplevel']);
  } catch (error) {
    return {
      kind: 'no-git',
      gitMissing: error instanceof GitError && error.kind === 'missing-git',
    };
  }
  if (realpathSync(top) !== realpathSync(root)) return { kind: 'not-top' };
  const dir = await gitText(root, ['rev-parse', '--absolute-git-dir']);
  for (const [file, what] of BUSY)
    if (existsSync(path.join(dir, file))) return { kind: 'busy', what };
  const head = await git(root, ['symbolic-ref', '-q', 'HEAD'], { okCodes: [1] });
  if (head.code !== 0) return { kind: 'detached' };
  const branch = head.stdout.trim().replace(/^refs\/heads\//, '');
  if (!isSafeBranchName(branch)) return { kind: 'odd-branch' };
  const hasCommit = await git(root, ['rev-parse', '--verify', '-q', 'HEAD^{commit}'], {
    okCodes: [1, 128],
  });
  if (hasCommit.code !== 0) return { kind: 'no-commit' };
  const remotes = (await gitText(root, ['remote'])).split('\n').filter(isSafeRemoteName);
  if (!remotes.length) return { kind: 'no-remote', branch };
  // Before anything else reads the copy: an operation the editor was killed in is finished or
  // undone (journal.ts).
  const recovery = await recoverUnfinished(root);
  if (recovery.kind === 'stuck')
    return { kind: 'unfinished', op: recovery.op, reason: recovery.reason };
  const config = async (key: string) =>
    (await git(root, ['config', '--get', key], { okCodes: [1] })).stdout.trim();
  const configuredRemote = await config(`branch.${branch}.remote`);
  const configuredMerge = (await config(`branch.${branch}.merge`)).replace(/^refs\/heads\//, '');
  const remote = remotes.includes(configuredRemote)
    ? configuredRemote
    : remotes.includes('origin')
      ? 'origin'
      : remotes[0]!;
  const remoteBranch =
    remote === configuredRemote && isSafeBranchName(configuredMerge) ? configuredMerge : branch;
  // As configured (before `insteadOf` rewriting): the address people know, which pull-request links
  // are made from.
  const rawUrl =
    (await config(`remote.${remote}.url`)) || (await gitText(root, ['remote', 'get-url', remote]));
  return {
    kind: 'ready',
    branch,
    remote,
    remoteBranch,
    publishedRef: `refs/remotes/${remote}/${remoteBranch}`,
    url: displayUrl(rawUrl),
    rawUrl,
    ...(recovery.kind === 'none'
      ? {}
      : {
          recovered: {
            op: recovery.op,
            files: recovery.files,
            done: recovery.kind === 'completed',
          },
        }),
  };
}
