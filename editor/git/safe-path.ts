import { lstatSync, mkdirSync, readdirSync, renameSync, rmdirSync, rmSync } from 'node:fs';
import { closeSync, fsyncSync, openSync, writeSync } from 'node:fs';
import { randomBytes } from 'node:crypto';
import path from 'node:path';
import { hasControlChar, isSafeAuthorFile } from './names.ts';

/**
 * Why a file from a commit cannot be opened (written, read or published) in this copy: it waits,
 * published untouched. `link`: a symbolic link (a colleague's; never followed); `name`: a name git
 * could misread or that spells `.git`; `folder-link`: a folder on the way is a symbolic link;
 * `not-a-file`: a submodule or another kind of entry; `in-the-way`: a folder where the file goes,
 * or a file where a folder goes.
 */
export type WaitingWhy = 'link' | 'name' | 'folder-link' | 'not-a-file' | 'in-the-way';
export interface WaitingFile {
  file: string;
  why: WaitingWhy;
}

/** Code points HFS+ ignores in names (git's `is_hfs_dotgit` skips them too). */
const HFS_IGNORED = /[\u200c-\u200f\u202a-\u202e\u206a-\u206f\ufeff]/gu;

/**
 * A path component git treats as `.git` on some file system: any case, HFS+'s ignorable code
 * points, NTFS's trailing dots and spaces, alternate streams (`.git::$INDEX_ALLOCATION`) and the
 * short name `git~1`.
 */
export function isDotGitSpelling(component: string): boolean {
  const name = component.replace(HFS_IGNORED, '').toLowerCase();
  return /^(\.git|git~1)[ .]*(:.*)?$/.test(name);
}

/** A path the editor may hand to git or the file system: relative, no `..`, no `.git` spelling. */
export function isPlainPath(file: string): boolean {
  if (!file || file.length > 4096 || hasControlChar(file) || file.includes('\\')) return false;
  if (file.startsWith('/') || file.startsWith('-')) return false;
  return file
    .split('/')
    .every((part) => part !== '' && part !== '.' && part !== '..' && !isDotGitSpelling(part));
}

const kindAt = (absolute: string) => {
  try {
    const stat = lstatSync(absolute);
    return stat.isSymbolicLink() ? 'link' : stat.isDirectory() ? 'folder' : 'file';
  } catch {
    return 'absent';
  }
};

/**
 * Why `file` cannot be written at its place in the working tree, or undefined when it can: every
 * folder on the way is looked at with `lstat` (no symbolic link, no file where a folder goes), and
 * the file's own place (no link, no folder). `removed`: files the same operation removes first.
 */
export function pathProblem(
  root: string,
  file: string,
  removed: ReadonlySet<string> = new Set(),
): WaitingWhy | undefined {
  if (!isPlainPath(file)) return 'name';
  const parts = file.split('/');
  for (let i = 1; i < parts.length; i++) {
    const folder = parts.slice(0, i).join('/');
    const kind = kindAt(path.join(root, folder));
    if (kind === 'absent') return undefined;
    if (kind === 'link') return removed.has(folder) ? undefined : 'folder-link';
    if (kind === 'file') return removed.has(folder) ? undefined : 'in-the-way';
  }
  const kind = kindAt(path.join(root, file));
  if (kind === 'link') return 'link';
  if (kind === 'folder') return emptiedBy(root, file, removed) ? undefined : 'in-the-way';
  return undefined;
}

/** Whether every file under `folder` is among `removed` (it goes away with them). */
function emptiedBy(root: string, folder: string, removed: ReadonlySet<string>): boolean {
  if (!removed.size) return false;
  try {
    for (const entry of readdirSync(path.join(root, folder), { withFileTypes: true })) {
      const inner = `${folder}/${entry.name}`;
      if (entry.isDirectory() ? !emptiedBy(root, inner, removed) : !removed.has(inner))
        return false;
    }
    return true;
  } catch {
    return false;
  }
}

/** `pathProblem` for an author file, with the editor's own name rules (names.ts). */
export function authorPathProblem(
  root: string,
  file: string,
  removed?: ReadonlySet<string>,
): WaitingWhy | undefined {
  if (!isSafeAuthorFile(file)) return 'name';
  return pathProblem(root, file, removed);
}

export class UnsafePathError extends Error {
  constructor(
    readonly file: string,
    readonly why: WaitingWhy,
  ) {
    super(`Refused to write a file (${why}).`);
  }
}

/** Makes the folders on the way one by one, each checked again after it exists. */
function makeFolders(root: string, file: string) {
  const parts = file.split('/');
  for (let i = 1; i < parts.length; i++) {
    const folder = path.join(root, ...parts.slice(0, i));
    const kind = kindAt(folder);
    if (kind === 'folder') continue;
    if (kind !== 'absent')
      throw new UnsafePathError(file, kind === 'link' ? 'folder-link' : 'in-the-way');
    mkdirSync(folder);
  }
}

/** Writes and flushes `data` to a new file. */
export function writeDurably(file: string, data: string | Buffer, mode = 0o644) {
  const fd = openSync(file, 'wx', mode);
  try {
    writeSync(fd, typeof data === 'string' ? Buffer.from(data) : data);
    fsyncSync(fd);
  } finally {
    closeSync(fd);
  }
}

/**
 * Writes (or, with `undefined`, removes) a file of the working tree after `pathProblem` found
 * nothing in the way: written under a temporary name in `temporaryDir` (the editor's folder in
 * `.git`, so an interrupted write leaves nothing among the pages), then renamed over the old file.
 * A removal also removes the folders it leaves empty (as git does), up to the project.
 */
export function writeTreeFile(
  root: string,
  file: string,
  content: Buffer | string | undefined,
  temporaryDir: string,
  problem: (root: string, file: string) => WaitingWhy | undefined = pathProblem,
) {
  const why = problem(root, file);
  if (why) throw new UnsafePathError(file, why);
  const absolute = path.join(root, file);
  if (content === undefined) {
    if (kindAt(absolute) !== 'file') return;
    rmSync(absolute);
    removeEmptyFolders(root, file);
    return;
  }
  makeFolders(root, file);
  mkdirSync(temporaryDir, { recursive: true });
  let temporary = path.join(temporaryDir, `write-${randomBytes(6).toString('hex')}`);
  writeDurably(temporary, content);
  try {
    renameSync(temporary, absolute);
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code !== 'EXDEV') {
      rmSync(temporary, { force: true });
      throw error;
    }
    // `.git` on another file system: beside the file instead.
    rmSync(temporary, { force: true });
    temporary = `${absolute}.${randomBytes(6).toString('hex')}.editor-tmp`;
    writeDurably(temporary, content);
    renameSync(temporary, absolute);
  }
}

function removeEmptyFolders(root: string, file: string) {
  const parts = file.split('/');
  for (let i = parts.length - 1; i >= 2; i--) {
    const folder = path.join(root, ...parts.slice(0, i));
    try {
      if (readdirSync(folder).length) return;
      rmdirSync(folder);
    } catch {
      return;
    }
  }
}
