import { repoState } from '../git/state.ts';
import { fileAt, inHistory } from '../git/versions.ts';

/**
 * The text `file` would have after "Restore" of the version `commit`, read before anything is
 * written so that a translator's restore is checked on what it changes: null when the file is not
 * in that version, undefined when the commit is not one the workspace may restore (its own or the
 * published history; the restore itself refuses it then).
 */
export async function restoredText(
  root: string,
  commit: string,
  file: string,
): Promise<string | null | undefined> {
  const state = await repoState(root);
  if (state.kind !== 'ready') return undefined;
  const id = await inHistory(root, state.publishedRef, commit);
  if (!id) return undefined;
  return (await fileAt(root, id, file))?.toString('utf8') ?? null;
}
