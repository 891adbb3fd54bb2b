import { mkdirSync, readFileSync, rmSync } from 'node:fs';
import path from 'node:path';
import type { Conflict } from '../changes/types.ts';
import { gitDir } from './tree.ts';
import { writeWhole } from '../../engine/write-whole.ts';
import { git } from './run.ts';

/**
 * A file that both the author and someone upstream changed, where the same thing was changed
 * differently. Kept in the repository's folder (.git/editor/conflicts.json) until the author chose:
 * the working tree holds "ours" at each conflict (never git's conflict markers), this record holds
 * all three versions, so neither side is lost.
 */
export interface FileConflict {
  file: string;
  /** The common ancestor's text; absent when the file did not exist there. */
  base?: string;
  ours?: string;
  theirs?: string;
  /** A file in public/ or one side removed the file: the choice is between whole files. */
  wholeFile: boolean;
  conflicts: Conflict[];
  /**
   * Blob ids of the two whole files (a file in public/ is not kept as text); absent: removed on
   * that side.
   */
  oursSha?: string;
  theirsSha?: string;
  /** The upstream commit "theirs" comes from. */
  upstream: string;
}

const fileOf = async (root: string) => path.join(await gitDir(root), 'editor', 'conflicts.json');

export async function readConflicts(root: string): Promise<FileConflict[]> {
  try {
    return JSON.parse(readFileSync(await fileOf(root), 'utf8')) as FileConflict[];
  } catch {
    return [];
  }
}

export async function writeConflicts(root: string, conflicts: FileConflict[]) {
  const file = await fileOf(root);
  if (!conflicts.length) {
    rmSync(file, { force: true });
    return;
  }
  mkdirSync(path.dirname(file), { recursive: true });
  writeWhole(file, JSON.stringify(conflicts, null, 1));
}

/**
 * Who brought "theirs" and when: the author and date of the newest upstream commit that changed
 * the file (the one the colleague published it with); undefined when git cannot say.
 */
export async function theirsBy(
  root: string,
  record: Pick<FileConflict, 'file' | 'upstream'>,
): Promise<{ author: string; date: string } | undefined> {
  try {
    const out = (
      await git(root, [
        'log',
        '-1',
        '--format=%an%x1f%aI',
        record.upstream,
        '--',
        `:(literal)${record.file}`,
      ])
    ).stdout.trim();
    const [author, date] = out.split('\x1f');
    return author && date ? { author, date } : undefined;
  } catch {
    return undefined;
  }
}
