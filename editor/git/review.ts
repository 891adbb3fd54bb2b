import { isAuthorFile } from './names.ts';
import { pullRequestUrl } from './remote-url.ts';
import { git } from './run.ts';
import type { ReadyState } from './state.ts';
import { commitOf, isAncestor } from './tree.ts';

export interface ReviewEntry {
  branch: string;
  commit: string;
  author: string;
  date: string;
  message: string;
  files: string[];
  mergesCleanly: boolean;
  pullRequestUrl?: string;
}

/**
 * Change sets in review: the remote's `review/…` branches (fetched with the published one) that the
 * published version does not contain yet, each with whether it still combines with it cleanly (`git
 * merge-tree`, which writes nothing to the working tree or the index).
 */
export async function inReview(root: string, state: ReadyState): Promise<ReviewEntry[]> {
  const published = await commitOf(root, state.publishedRef);
  if (!published) return [];
  const prefix = `refs/remotes/${state.remote}/review/`;
  const out = (
    await git(root, [
      'for-each-ref',
      '--sort=-committerdate',
      '--format=%(refname)%1f%(objectname)%1f%(authorname)%1f%(authordate:iso-strict)%1f%(subject)',
      prefix,
    ])
  ).stdout;
  const entries: ReviewEntry[] = [];
  for (const line of out.split('\n').filter(Boolean)) {
    const [ref, commit, author, date, message] = line.split('\x1f') as [
      string,
      string,
      string,
      string,
      string,
    ];
    if (await isAncestor(root, commit, published)) continue;
    const branch = ref.slice(`refs/remotes/${state.remote}/`.length);
    const files = (
      await git(root, ['diff', '--name-only', '-z', `${published}...${commit}`])
    ).stdout
      .split('\0')
      .filter((file) => file && isAuthorFile(file));
    const merge = await git(
      root,
      ['merge-tree', '--write-tree', '--name-only', published, commit],
      {
        okCodes: [1],
      },
    );
    const link = pullRequestUrl(state.rawUrl, branch, state.remoteBranch);
    entries.push({
      branch,
      commit,
      author,
      date,
      message,
      files,
      mergesCleanly: merge.code === 0,
      ...(link ? { pullRequestUrl: link } : {}),
    });
  }
  return entries;
}
