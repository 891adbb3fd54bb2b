import { isUtf8 } from 'node:buffer';
import { publishMessages } from '../../engine/errors.ts';
import { MAX_PAGE_BYTES } from '../../engine/read-page-file.ts';
import { RemoteError } from '../git/remote.ts';
import { GitError } from '../git/run.ts';
import { indexLocked } from '../git/journal.ts';
import { HttpError } from './api.ts';

/**
 * Every publishing answer is words: a failure the service did not foresee becomes the catalogue's
 * words, never a 500 with a stack or a path. The details go to the terminal of the person running
 * the editor.
 */
export async function inWords(root: string, error: unknown): Promise<HttpError> {
  if (error instanceof HttpError) return error;
  console.error(error);
  if (error instanceof RemoteError)
    return new HttpError(503, publishMessages.latestUnreachable(error.problem));
  if (error instanceof GitError && error.kind === 'timeout')
    return new HttpError(503, publishMessages.tooSlow());
  if (error instanceof GitError && error.kind === 'missing-git')
    return new HttpError(409, publishMessages.unavailable('git-missing'));
  // git's lock on the staging area: another git program works, or one died holding it.
  if (await indexLocked(root).catch(() => false))
    return new HttpError(409, publishMessages.interrupted('index-locked'));
  return new HttpError(409, publishMessages.failed());
}

/** Why a file's bytes are not read as a page's text. */
export type Unreadable = 'too-large' | 'not-utf8';

export function unreadable(bytes: Buffer | undefined): Unreadable | undefined {
  if (!bytes) return undefined;
  if (bytes.length > MAX_PAGE_BYTES) return 'too-large';
  return isUtf8(bytes) ? undefined : 'not-utf8';
}

/**
 * A file's text to show, or undefined when it is absent, over the page limit or not UTF-8: shown
 * as U+FFFD, and saved back from the screen, its bytes would be lost.
 */
export const shownText = (bytes: Buffer | undefined): string | undefined =>
  bytes && !unreadable(bytes) ? bytes.toString('utf8') : undefined;
