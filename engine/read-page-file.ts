import { isUtf8 } from 'node:buffer';
import {
  closeSync,
  constants,
  fstatSync,
  lstatSync,
  openSync,
  readSync,
  realpathSync,
  type Stats,
} from 'node:fs';
import path from 'node:path';
import { inputErrors, type AuthorError } from './errors.ts';

/**
 * Largest page file read, in bytes. The largest page of the site is 14 KB; a megabyte is seventy
 * times that, and keeps the validator, the prerender and the page editor responsive (a 50 MB page
 * took 22 s and 1.2 GB to build).
 */
export const MAX_PAGE_BYTES = 1024 * 1024;

type ReadError = { error: AuthorError; line: number; col: number };
/** A page file's bytes, with its identity when it has settled (`fileIdentity`). */
type FileBytes = { bytes: Buffer; identity?: string };
export type FileText = { text: string } | ReadError;

/**
 * The text of a page or of site.config.yaml, or why it is not read: a link that leaves the project
 * (never followed), a file above MAX_PAGE_BYTES, bytes that are not UTF-8 (with the position of the
 * first bad byte).
 */
export function readPageFile(root: string, file: string): FileText {
  const read = readPageBytes(root, file);
  return 'error' in read ? read : decodePage(read.bytes);
}

/**
 * The bytes of a page file, not decoded yet (`decodePage` does): the validator hashes them first
 * and, when the cache knows that hash, never needs the text. Refused as `readPageFile` refuses, but
 * for the encoding.
 */
export function readPageBytes(root: string, file: string): FileBytes | ReadError {
  if (O_NOFOLLOW === undefined) return readThroughLink(root, file);
  const full = path.join(root, file);
  let fd: number;
  try {
    // A file that is itself a link is not opened through it (ELOOP): its target is checked first,
    // below.
    fd = openSync(full, constants.O_RDONLY | O_NOFOLLOW);
  } catch {
    return readThroughLink(root, file);
  }
  try {
    // Opened without following a link: only the folders on its path could lead out of the project.
    const folder = path.dirname(full);
    if (folderLeadsOut(root, folder))
      return {
        error: inputErrors.symlinkOutside(file, path.join(realFolder(folder), path.basename(full))),
        line: 1,
        col: 1,
      };
    return readOpenFile(fd);
  } finally {
    closeSync(fd);
  }
}

/**
 * Without O_NOFOLLOW (Windows), or for a page that is a link: its whole path resolved, then read if
 * it stays inside.
 */
function readThroughLink(root: string, file: string): FileBytes | ReadError {
  let real: string;
  try {
    // The native call resolves the whole path in one system call; Node's own walks it a folder at a
    // time.
    real = realpathSync.native(path.join(root, file));
  } catch {
    return { error: inputErrors.brokenSymlink(file), line: 1, col: 1 };
  }
  const outside = outsideRoot(root, real);
  if (outside) return { error: inputErrors.symlinkOutside(file, outside), line: 1, col: 1 };
  const fd = openSync(real, constants.O_RDONLY);
  try {
    return readOpenFile(fd, true);
  } finally {
    closeSync(fd);
  }
}

function readOpenFile(fd: number, link = false): FileBytes | ReadError {
  const stats = fstatSync(fd);
  const size = stats.size;
  if (size > MAX_PAGE_BYTES)
    return { error: inputErrors.fileTooLarge(size, MAX_PAGE_BYTES), line: 1, col: 1 };
  const bytes = Buffer.allocUnsafe(size);
  let length = 0;
  // A file cut short while it is read gives what was there; one that grew is read to the size it
  // had.
  for (let got = -1; length < size && got !== 0; length += got)
    got = readSync(fd, bytes, length, size - length, null);
  const identity = link || Date.now() - stats.ctimeMs <= SETTLED_MS ? undefined : identityOf(stats);
  return {
    bytes: length === size ? bytes : bytes.subarray(0, length),
    ...(identity ? { identity } : {}),
  };
}

/**
 * A file changed this recently could change again within one tick of the file system's clock
 * without its times moving: its identity is not given until it has settled (as git treats a "racily
 * clean" file).
 */
const SETTLED_MS = 2000;

const identityOf = (stats: Stats) => `${stats.ino}:${stats.size}:${stats.mtimeMs}:${stats.ctimeMs}`;

/**
 * What a page file is now without reading it: its inode, size, modification and change times. Any
 * write moves its change time, which no tool can set back; a file replaced by another has another
 * inode. Equal to the identity `readPageBytes` gave with its bytes, the file still holds those
 * bytes. Undefined for a link, a missing file, or a file whose folders lead out of the project:
 * those are read, and refused, by `readPageBytes`.
 */
export function fileIdentity(root: string, file: string): string | undefined {
  if (O_NOFOLLOW === undefined) return undefined;
  const full = path.join(root, file);
  const stats = lstatSync(full, { throwIfNoEntry: false });
  if (!stats?.isFile() || folderLeadsOut(root, path.dirname(full))) return undefined;
  return identityOf(stats);
}

const { O_NOFOLLOW } = constants as { O_NOFOLLOW?: number };

/** The real path when it is not inside the project's real root, else undefined. */
function outsideRoot(root: string, real: string): string | undefined {
  const fromRoot = path.relative(realRoot(root), real);
  return fromRoot.startsWith('..') || path.isAbsolute(fromRoot) ? real : undefined;
}

const realRoots = new Map<string, string>();
const realRoot = (root: string) =>
  realRoots.get(root) ?? realRoots.set(root, realpathSync.native(root)).get(root)!;

/**
 * Remembered until the current task ends: checking 10,000 pages in one synchronous pass resolves
 * each folder once (a realpath a file cost 0.1 s at 10,000 pages), and nothing outlives the pass,
 * so a folder replaced by a link while the dev server runs is seen at its next read.
 */
const realFolders = new Map<string, string>();
const foldersLeadingOut = new Map<string, boolean>();
function rememberForThisTask<K, V>(memo: Map<K, V>, key: K, compute: () => V): V {
  let value = memo.get(key);
  if (value === undefined) {
    if (memo.size === 0) setImmediate(() => memo.clear()).unref();
    value = compute();
    memo.set(key, value);
  }
  return value;
}

/** A folder's real path. */
const realFolder = (folder: string) =>
  rememberForThisTask(realFolders, folder, () => realpathSync.native(folder));

/**
 * True when a folder of the project leads out of it (itself or a folder above it being a link):
 * none of its files are read.
 */
const folderLeadsOut = (root: string, folder: string) =>
  rememberForThisTask(
    foldersLeadingOut,
    `${root}\u0000${folder}`,
    () => outsideRoot(root, realFolder(folder)) !== undefined,
  );

/** Text given as a string (the page editor's unsaved text) passes the same size limit. */
export function checkPageText(text: string): FileText {
  const size = Buffer.byteLength(text);
  return size > MAX_PAGE_BYTES
    ? { error: inputErrors.fileTooLarge(size, MAX_PAGE_BYTES), line: 1, col: 1 }
    : { text };
}

/**
 * UTF-8 bytes → text; a byte that is not UTF-8 is an error at its line and column, never a silent
 * U+FFFD.
 */
export function decodePage(bytes: Uint8Array): FileText {
  // A byte order mark stays in the text, as reading with 'utf8' did: YAML skips it, positions stay
  // the same.
  if (isUtf8(bytes))
    return { text: Buffer.from(bytes.buffer, bytes.byteOffset, bytes.byteLength).toString('utf8') };
  const offset = invalidUtf8Offset(bytes);
  // (lastIndexOf from -1 would search the whole file from its end.)
  const lineStart = offset === 0 ? 0 : bytes.lastIndexOf(0x0a, offset - 1) + 1;
  let line = 1;
  for (let i = 0; i < lineStart; i++) if (bytes[i] === 0x0a) line++;
  const col =
    new TextDecoder('utf-8', { ignoreBOM: true }).decode(bytes.subarray(lineStart, offset)).length +
    1;
  return { error: inputErrors.invalidUtf8(bytes[offset] ?? 0), line, col };
}

/**
 * Offset of the first byte that does not belong to a well-formed UTF-8 sequence (RFC 3629), or the
 * length.
 */
function invalidUtf8Offset(bytes: Uint8Array): number {
  let i = 0;
  while (i < bytes.length) {
    const first = bytes[i]!;
    if (first < 0x80) {
      i++;
      continue;
    }
    const length =
      first >= 0xc2 && first <= 0xdf
        ? 2
        : first >= 0xe0 && first <= 0xef
          ? 3
          : first >= 0xf0 && first <= 0xf4
            ? 4
            : 0;
    if (!length) return i;
    // The second byte's range excludes overlong forms, surrogates and code points above U+10FFFF.
    const low = first === 0xe0 ? 0xa0 : first === 0xf0 ? 0x90 : 0x80;
    const high = first === 0xed ? 0x9f : first === 0xf4 ? 0x8f : 0xbf;
    for (let k = 1; k < length; k++) {
      const next = bytes[i + k];
      if (next === undefined || next < (k === 1 ? low : 0x80) || next > (k === 1 ? high : 0xbf))
        return i;
    }
    i += length;
  }
  return bytes.length;
}
