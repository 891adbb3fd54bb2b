/**
 * What the editor accepts before any of it reaches git. Everything here is data that the browser
 * sent: a file name, a message, an author's name. A value is refused (never cleaned up silently)
 * when git could read it as something else: an option (leading `-`), a second line, a NUL byte, a
 * path out of the project.
 */

/** The author files the editor publishes: pages, the site config and public files. */
export const AUTHOR_PATHS = ['pages', 'site.config.yaml', 'public'] as const;

/** A control character (line breaks, NUL, escape…): never part of a name the editor passes on. */
export const hasControlChar = (text: string) =>
  [...text].some((char) => char.charCodeAt(0) < 0x20 || char.charCodeAt(0) === 0x7f);

export function isAuthorFile(file: string): boolean {
  return (
    file === 'site.config.yaml' ||
    ((file.startsWith('pages/') || file.startsWith('public/')) && file.length > 7)
  );
}

/**
 * A project-relative author file git may be given after `--`: no option look-alike, no line break,
 * no `..`.
 */
export function isSafeAuthorFile(file: unknown): file is string {
  if (typeof file !== 'string' || file.length === 0 || file.length > 1000) return false;
  if (hasControlChar(file) || file.startsWith('-') || file.startsWith('/')) return false;
  const parts = file.split('/');
  if (parts.some((part) => part === '' || part === '.' || part === '..' || part.startsWith('-')))
    return false;
  if (file.includes('\\') || file.startsWith(':')) return false;
  return isAuthorFile(file);
}

/**
 * A branch name the editor makes or accepts: plain words, digits, `-`, `_`, `.` and `/`, never
 * starting with `-`.
 */
export function isSafeBranchName(name: unknown): name is string {
  return (
    typeof name === 'string' &&
    name.length <= 200 &&
    /^[A-Za-z0-9][A-Za-z0-9._/-]*$/.test(name) &&
    !name.includes('..') &&
    !name.includes('//') &&
    !name.endsWith('/') &&
    !name.endsWith('.') &&
    !name.endsWith('.lock') &&
    !name.split('/').some((part) => part.startsWith('.') || part.startsWith('-'))
  );
}

/** A remote's name as git prints it (`origin`). */
export const isSafeRemoteName = (name: unknown): name is string =>
  typeof name === 'string' && /^[A-Za-z0-9][A-Za-z0-9._-]{0,99}$/.test(name);

/** A full commit id. */
export const isCommitId = (id: unknown): id is string =>
  typeof id === 'string' && /^[0-9a-f]{40}([0-9a-f]{24})?$/.test(id);

export interface AuthorIdentity {
  name: string;
  email: string;
}

/**
 * What git keeps of a name or e-mail: it strips spaces and `.,:;<>"\'` from both ends, and refuses
 * a commit whose name is left empty (a name of punctuation only).
 */
const withoutCrud = (text: string) => text.replace(/^[\s.,:;<>"'\\]+|[\s.,:;<>"'\\]+$/g, '');

/**
 * The author's name and e-mail as they go into a commit: one line each, no `<>` (git's own
 * delimiters).
 */
export function identityProblem(identity: AuthorIdentity): 'name' | 'email' | undefined {
  const name = identity.name.trim();
  if (!name || name.length > 200 || hasControlChar(name) || /[<>]/.test(name)) return 'name';
  if (!withoutCrud(name)) return 'name';
  const email = identity.email.trim();
  if (
    !withoutCrud(email) ||
    email.length > 200 ||
    hasControlChar(email) ||
    !/^[^\s<>@]+@[^\s<>@]+$/.test(email) ||
    email.startsWith('-')
  )
    return 'email';
  return undefined;
}

/**
 * A publish message: sent to git on stdin (`commit-tree -F -`), so any character is data; refused
 * only when it is empty, holds a NUL byte (git would cut it there) or is unreasonably long.
 */
export function messageProblem(message: string): 'empty' | 'nul' | 'long' | undefined {
  if (!message.trim()) return 'empty';
  if (message.includes('\0')) return 'nul';
  if (message.length > 20_000) return 'long';
  return undefined;
}
