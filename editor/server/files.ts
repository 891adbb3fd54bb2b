import { createHash } from 'node:crypto';
import {
  linkSync,
  lstatSync,
  mkdirSync,
  readFileSync,
  realpathSync,
  renameSync,
  rmSync,
  writeFileSync,
} from 'node:fs';
import path from 'node:path';
import { editorErrors, type EditorError } from './errors.ts';

export const versionOf = (text: string) =>
  createHash('sha256').update(text).digest('hex').slice(0, 16);

/**
 * The longest name of a file or folder the editor accepts, in bytes: file systems allow 255, and a
 * write goes through a temporary file whose name adds a suffix to the file's.
 */
const MAX_NAME_BYTES = 200;
/** The most folders deep a path may go. */
const MAX_DEPTH = 32;

/** What the editor may write: page YAML, the site config and files in public/. */
const WRITABLE = [/^pages\/.+\.ya?ml$/, /^site\.config\.yaml$/, /^public\/.+/];

export class FileAccessError extends Error {
  constructor(
    readonly status: number,
    readonly error: EditorError,
  ) {
    super(error.message);
  }
}

/**
 * The project's files as the editor sees them. Every path comes from the browser, so each is
 * checked before any disk access: relative, no `..`, inside pages/, site.config.yaml or public/,
 * and (after resolving symlinks) still inside the project. Writes go to a temporary file renamed
 * over the old one, so a crash never leaves half a page.
 */
export class ProjectFiles {
  readonly root: string;

  constructor(root: string) {
    this.root = realpathSync(root);
  }

  /**
   * The absolute path for a project-relative path, or a FileAccessError saying why it is refused.
   */
  resolve(relative: unknown): { file: string; absolute: string } {
    if (typeof relative !== 'string' || relative === '')
      throw new FileAccessError(400, editorErrors.missingPath());
    if (path.isAbsolute(relative) || /^[a-zA-Z]:/.test(relative) || relative.startsWith('\\'))
      throw new FileAccessError(403, editorErrors.absolutePath(relative));
    const parts = relative.split(/[\\/]/);
    if (parts.includes('..')) throw new FileAccessError(403, editorErrors.traversal(relative));
    if (relative.includes('\0') || parts.some((part) => part === '' || part === '.'))
      throw new FileAccessError(403, editorErrors.notWritable(relative));
    if (parts.length > MAX_DEPTH || parts.some((part) => Buffer.byteLength(part) > MAX_NAME_BYTES))
      throw new FileAccessError(400, editorErrors.nameTooLong(relative, MAX_NAME_BYTES));
    const file = parts.join('/');
    if (!WRITABLE.some((pattern) => pattern.test(file)))
      throw new FileAccessError(403, editorErrors.notWritable(relative));
    const absolute = path.join(this.root, ...parts);
    this.assertInsideProject(file, absolute);
    return { file, absolute };
  }

  /**
   * Follows symlinks along the path (the file itself and each existing folder): all must stay in
   * the project.
   */
  private assertInsideProject(file: string, absolute: string) {
    let existing = absolute;
    for (;;) {
      try {
        lstatSync(existing);
        break;
      } catch {
        const parent = path.dirname(existing);
        if (parent === existing) break;
        existing = parent;
      }
    }
    const real = realpathSync(existing);
    if (real !== this.root && !real.startsWith(this.root + path.sep))
      throw new FileAccessError(403, editorErrors.symlinkOut(file));
  }

  read(relative: unknown): { path: string; text: string; version: string } {
    const { file, absolute } = this.resolve(relative);
    let text: string;
    try {
      text = readFileSync(absolute, 'utf8');
    } catch {
      throw new FileAccessError(404, editorErrors.noSuchFile(file));
    }
    return { path: file, text, version: versionOf(text) };
  }

  /** The file's version on disk, or null when it does not exist. */
  diskVersion(relative: string): string | null {
    try {
      return versionOf(readFileSync(this.resolve(relative).absolute, 'utf8'));
    } catch {
      return null;
    }
  }

  /**
   * Writes `text` if the file on disk is still `baseVersion` (null: the file must not exist yet).
   * Otherwise nothing is written and the disk's text comes back, so that the editor can show both.
   */
  save(
    relative: unknown,
    text: string,
    baseVersion: string | null,
  ):
    | { ok: true; path: string; version: string }
    | { ok: false; path: string; diskText: string; version: string } {
    const { file, absolute } = this.resolve(relative);
    let disk: string | undefined;
    try {
      disk = readFileSync(absolute, 'utf8');
    } catch {
      disk = undefined;
    }
    const diskVersion = disk === undefined ? null : versionOf(disk);
    if (diskVersion !== baseVersion && disk !== text) {
      return { ok: false, path: file, diskText: disk ?? '', version: diskVersion ?? '' };
    }
    const temporary = `${absolute}.${process.pid}.editor-tmp`;
    try {
      mkdirSync(path.dirname(absolute), { recursive: true });
      // Checked again after creating folders: a folder on the way may not be a link out of the
      // project.
      this.assertInsideProject(file, absolute);
      writeFileSync(temporary, text);
      renameSync(temporary, absolute);
    } catch (error) {
      rmSync(temporary, { force: true });
      throw writeFailure(file, error);
    }
    return { ok: true, path: file, version: versionOf(text) };
  }

  /**
   * Writes a new file whole, never over an existing one: false when the name is taken (the caller
   * picks another). Written under a temporary name, then hard-linked to its own: a reader sees no
   * file or all of it, and two writers of one name cannot both win.
   */
  create(relative: unknown, bytes: Uint8Array): boolean {
    const { file, absolute } = this.resolve(relative);
    const temporary = `${absolute}.${process.pid}.editor-tmp`;
    try {
      mkdirSync(path.dirname(absolute), { recursive: true });
      this.assertInsideProject(file, absolute);
      writeFileSync(temporary, bytes);
      try {
        linkSync(temporary, absolute);
      } catch (error) {
        if ((error as NodeJS.ErrnoException).code === 'EEXIST') return false;
        throw error;
      }
      return true;
    } catch (error) {
      throw writeFailure(file, error);
    } finally {
      rmSync(temporary, { force: true });
    }
  }

  remove(relative: unknown): string {
    const { file, absolute } = this.resolve(relative);
    try {
      lstatSync(absolute);
    } catch {
      throw new FileAccessError(404, editorErrors.noSuchFile(file));
    }
    try {
      rmSync(absolute);
    } catch (error) {
      throw writeFailure(file, error);
    }
    return file;
  }
}

/**
 * Why the disk refused a write, in the author's words and with the status it gets; never the
 * absolute path.
 */
const WRITE_FAILURES: Record<string, [number, string]> = {
  EISDIR: [409, 'a folder has that name'],
  ENOTDIR: [409, 'a part of the path is a file, not a folder'],
  EEXIST: [409, 'a file has the name of a folder on the way'],
  ENAMETOOLONG: [400, 'the name is too long for the disk'],
  EINVAL: [400, 'the disk does not allow that name'],
  EACCES: [403, 'the editor is not allowed to write there'],
  EPERM: [403, 'the editor is not allowed to write there'],
  EROFS: [403, 'the disk is read-only'],
  ENOSPC: [507, 'the disk is full'],
  EDQUOT: [507, 'the disk quota is used up'],
};

function writeFailure(file: string, error: unknown): unknown {
  if (error instanceof FileAccessError) return error;
  const known = WRITE_FAILURES[String((error as NodeJS.ErrnoException | undefined)?.code)];
  return known ? new FileAccessError(known[0], editorErrors.cannotWrite(file, known[1])) : error;
}
