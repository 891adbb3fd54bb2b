import { git, GitError } from './run.ts';
import type { ReadyState } from './state.ts';

const NETWORK_TIMEOUT = 60_000;

/** Why talking to the remote failed, from git's own words (LC_ALL=C keeps them in English). */
export type RemoteProblem = 'offline' | 'denied' | 'stale' | 'refused' | 'timeout' | 'other';

function remoteProblemOf(error: unknown): RemoteProblem {
  if (!(error instanceof GitError)) return 'other';
  if (error.kind === 'timeout') return 'timeout';
  const text = error.stderr;
  if (
    /permission denied|authentication failed|403|could not read username|access denied|not authorized/i.test(
      text,
    )
  )
    return 'denied';
  if (
    /could not resolve host|unable to access|connection (refused|timed out|reset)|network is unreachable|could not read from remote|does not appear to be a git repository|no such file or directory/i.test(
      text,
    )
  )
    return 'offline';
  return 'other';
}

export class RemoteError extends Error {
  constructor(
    readonly problem: RemoteProblem,
    readonly detail: string,
  ) {
    super(detail);
  }
}

/**
 * Brings the published branch (and the branches in review) from the remote into the remote-tracking
 * refs.
 */
export async function fetchPublished(root: string, state: ReadyState, withReview = false) {
  const specs = [`+refs/heads/${state.remoteBranch}:${state.publishedRef}`];
  if (withReview) specs.push(`+refs/heads/review/*:refs/remotes/${state.remote}/review/*`);
  try {
    await git(
      root,
      [
        'fetch',
        '--no-tags',
        '--prune',
        '--no-write-fetch-head',
        '--no-recurse-submodules',
        state.remote,
        ...specs,
      ],
      {
        timeout: NETWORK_TIMEOUT,
      },
    );
  } catch (error) {
    throw new RemoteError(remoteProblemOf(error), (error as Error).message);
  }
}

/**
 * Sends `commit` to `branch` on the remote. Never forced: a branch that moved on (a colleague
 * published first) answers "stale", and the caller brings the new version in and tries again.
 */
export async function pushCommit(root: string, state: ReadyState, commit: string, branch: string) {
  let result;
  try {
    result = await git(
      root,
      ['push', '--porcelain', state.remote, `${commit}:refs/heads/${branch}`],
      { timeout: NETWORK_TIMEOUT, okCodes: [1] },
    );
  } catch (error) {
    throw new RemoteError(remoteProblemOf(error), (error as Error).message);
  }
  if (result.code === 0) return;
  const rejected = `${result.stdout}\n${result.stderr}`;
  // Also stale: the branch moved while this push was on its way (the remote could not lock it at
  // the old value).
  if (/\[rejected\]|fetch first|non-fast-forward|stale info|but expected [0-9a-f]+/.test(rejected))
    throw new RemoteError('stale', rejected);
  if (/remote rejected|pre-receive hook declined|protected branch/i.test(rejected))
    throw new RemoteError('refused', rejected);
  throw new RemoteError(
    remoteProblemOf(new GitError('failed', rejected, rejected, result.code)),
    rejected,
  );
}
