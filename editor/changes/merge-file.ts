import { isUtf8 } from 'node:buffer';
import { MAX_PAGE_BYTES } from '../../engine/read-page-file.ts';
import { publishMessages, type WholeFileReason } from '../../engine/errors.ts';
import { readYaml } from '../document/read-yaml.ts';
import { mergeYaml } from './merge.ts';
import type { Conflict } from './types.ts';

/**
 * One author file's three versions as git holds them (bytes, never decoded on the way: a byte that
 * is not UTF-8 must not become U+FFFD); a side is absent where the file is not there.
 */
export interface AuthorFileSides {
  file: string;
  base?: Buffer;
  ours?: Buffer;
  theirs?: Buffer;
}

/**
 * What to do with the file:
 * - `take`: one side's bytes as they are (`ours`: leave the file alone);
 * - `text`: the merged text (`conflicts`: fields to choose, the text holds ours at each);
 * - `conflict`: leave ours' bytes untouched and let the author choose a whole file.
 */
export type AuthorFileMerge =
  | { take: 'ours' | 'theirs' }
  | { text: string; conflicts: Conflict[] }
  | { conflict: WholeFileReason };

const same = (a: Buffer | undefined, b: Buffer | undefined) =>
  a === undefined ? b === undefined : b !== undefined && a.equals(b);

const isYaml = (file: string) => /\.ya?ml$/.test(file);

/**
 * The limits a merge needs before anything parses a side, the validator's own: a side over
 * MAX_PAGE_BYTES (a 50 MB value took 15–30 s and 4 GB to merge) or not UTF-8 is a whole-file
 * choice, measured on the bytes.
 */
export function unmergeableBytes(sides: AuthorFileSides): WholeFileReason | undefined {
  const present = [sides.base, sides.ours, sides.theirs].filter((side) => side !== undefined);
  if (present.some((side) => side.length > MAX_PAGE_BYTES)) return 'too-large';
  if (present.some((side) => !isUtf8(side))) return 'not-utf8';
  return undefined;
}

/**
 * Merges an author file's two changed versions (synchronously: `mergeAuthorFileOffThread` runs it
 * away from the requests). Never throws for any bytes: what cannot be merged is a whole-file
 * conflict, with ours left byte for byte.
 */
export function mergeAuthorFile(sides: AuthorFileSides): AuthorFileMerge {
  const { file, base, ours, theirs } = sides;
  if (same(ours, theirs) || same(base, theirs)) return { take: 'ours' };
  if (same(base, ours)) return { take: 'theirs' };
  if (!ours || !theirs) return { conflict: 'removed' };
  if (!base) return { conflict: 'added-twice' };
  if (!isYaml(file)) return { conflict: 'not-text' };
  const limit = unmergeableBytes(sides);
  if (limit) return { conflict: limit };
  const texts = { file, base: base.toString(), ours: ours.toString(), theirs: theirs.toString() };
  if (![texts.base, texts.ours, texts.theirs].every((text) => readYaml(text).ok))
    return { conflict: 'not-yaml' };
  let merged;
  try {
    merged = mergeYaml(texts);
  } catch {
    return { conflict: 'not-field-by-field' };
  }
  if (merged.conflicts.some((conflict) => conflict.id === WHOLE_FILE))
    return { conflict: 'not-field-by-field' };
  return merged;
}

const WHOLE_FILE = 'whole-file';

/** The one conflict of a whole-file choice, labelled with why (the conflict record's `conflicts`). */
export const wholeFileConflicts = (reason: WholeFileReason): Conflict[] => [
  { id: WHOLE_FILE, path: [], label: publishMessages.wholeFile(reason) },
];
