import { existsSync, realpathSync } from 'node:fs';
import path from 'node:path';
import { git, GitError, gitText } from './run.ts';
import { isSafeBranchName, isSafeRemoteName } from './names.ts';
import { displayUrl } from './remote-url.ts';
import { noteGitDir } from './tree.ts';
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
      /** The copy's git folder (`.git`, or a worktree's folder in the clone's). */
      gitDir: string;
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

/** Where the copy stands: its top folder, git folder and HEAD's full ref name (`HEAD` detached). */
interface Place {
  top: string;
  dir: string;
  head?: string;
}

/**
 * One command where the copy has a commit (the usual case); else the questions one at a time, to
 * say which of no git, no commit yet or a detached HEAD it is.
 */
async function whereIs(root: string): Promise<Place | RepoState> {
  const args = ['rev-parse', '--show-toplevel', '--absolute-git-dir', '--symbolic-full-name'];
  const all = await git(root, [...args, 'HEAD', '--'], { okCodes: [128] }).catch(() => undefined);
  if (all?.code === 0) {
    const [top, dir, head] = all.stdout.split('\n');
    return { top: top!, dir: dir!, head: head! };
  }
  try {
    const [top, dir] = (await gitText(root, args.slice(0, 3))).split('\n');
    return { top: top!, dir: dir! };
  } catch (error) {
    return {
      kind: 'no-git',
      gitMissing: error instanceof GitError && error.kind === 'missing-git',
    };
  }
}

/** `remote.<name>.<key>` and `branch.<name>.<key>` settings, in the order of the config. */
async function remoteSettings(root: string) {
  const out = await git(root, ['config', '-z', '--get-regexp', '^(remote|branch)\\.'], {
    okCodes: [1],
  });
  const settings = new Map<string, string>();
  const remotes: string[] = [];
  for (const record of out.stdout.split('\0')) {
    const newline = record.indexOf('\n');
    const key = newline < 0 ? record : record.slice(0, newline);
    if (!key) continue;
    const value = newline < 0 ? '' : record.slice(newline + 1);
    if (!settings.has(key)) settings.set(key, value);
    const name = key.slice(key.indexOf('.') + 1, key.lastIndexOf('.'));
    if (key.startsWith('remote.') && name && !remotes.includes(name)) remotes.push(name);
  }
  return { get: (key: string) => settings.get(key) ?? '', remotes };
}

export async function repoState(root: string): Promise<RepoState> {
  const place = await whereIs(root);
  if ('kind' in place) return place;
  if (realpathSync(place.top) !== realpathSync(root)) return { kind: 'not-top' };
  noteGitDir(root, place.dir);
  for (const [file, what] of BUSY)
    if (existsSync(path.join(place.dir, file))) return { kind: 'busy', what };
  let ref = place.head;
  if (ref === undefined) {
    const head = await git(root, ['symbolic-ref', '-q', 'HEAD'], { okCodes: [1] });
    if (head.code !== 0) return { kind: 'detached' };
    ref = head.stdout.trim();
  }
  if (ref === 'HEAD') return { kind: 'detached' };
  const branch = ref.replace(/^refs\/heads\//, '');
  if (!isSafeBranchName(branch)) return { kind: 'odd-branch' };
  // HEAD named no commit (a branch not born yet).
  if (place.head === undefined) return { kind: 'no-commit' };
  const config = await remoteSettings(root);
  const remotes = config.remotes.filter(isSafeRemoteName);
  if (!remotes.length) return { kind: 'no-remote', branch };
  // Before anything else reads the copy: an operation the editor was killed in is finished or
  // undone (journal.ts).
  const recovery = await recoverUnfinished(root);
  if (recovery.kind === 'stuck')
    return { kind: 'unfinished', op: recovery.op, reason: recovery.reason };
  const configuredRemote = config.get(`branch.${branch}.remote`);
  const configuredMerge = config.get(`branch.${branch}.merge`).replace(/^refs\/heads\//, '');
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
    config.get(`remote.${remote}.url`) || (await gitText(root, ['remote', 'get-url', remote]));
  return {
    kind: 'ready',
    branch,
    remote,
    remoteBranch,
    publishedRef: `refs/remotes/${remote}/${remoteBranch}`,
    url: displayUrl(rawUrl),
    rawUrl,
    gitDir: place.dir,
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
