import { readdirSync, realpathSync, statSync, type Dirent } from 'node:fs';
import path from 'node:path';
import { inputErrors, type AuthorError } from './errors.ts';

/** A problem with a file as a file (not its content), reported at its line 1. */
export interface FileProblem {
  file: string;
  error: AuthorError;
  severity: 'error' | 'warning';
}

/**
 * Files the loader reads as pages: `.yaml` and `.yml` (the latter is then refused by its route,
 * with a message).
 */
const PAGE_FILE = /\.ya?ml$/;
/** Names that look like a page but would be skipped: `.YAML`, `x.yaml.txt`, `x.yml.bak`… */
const LOOKS_LIKE_PAGE = /\.ya?ml/i;
/** Editor and system leftovers, skipped without a word. */
const EDITOR_LEFTOVER = /(~|\.sw[a-p]|\.tmp)$|^\.#|^\.DS_Store$/i;

/**
 * An entry's path from the root, with `/`: cut from its folder's path when that starts with the
 * root (path.relative took 20 ms for 10,000 pages).
 */
const relative = (root: string, entry: Dirent) => {
  const folder = entry.parentPath;
  const inRoot = folder.startsWith(root) && folder.charAt(root.length) === path.sep;
  const file = inRoot
    ? `${folder.slice(root.length + 1)}${path.sep}${entry.name}`
    : path.relative(root, path.join(folder, entry.name));
  return path.sep === '/' ? file : file.split(path.sep).join('/');
};

const entriesOf = (dir: string): Dirent[] => {
  try {
    return readdirSync(dir, { recursive: true, withFileTypes: true }) as Dirent[];
  } catch {
    return [];
  }
};

/**
 * Where a symbolic link leads, relative to the project when it stays inside; `outside` when it
 * leaves it.
 */
function linkTarget(
  root: string,
  file: string,
): { inside: boolean; target: string; isFile: boolean } | undefined {
  try {
    const target = realpathSync(path.join(root, file));
    const fromRoot = path.relative(realpathSync(root), target);
    const inside = fromRoot !== '' && !fromRoot.startsWith('..') && !path.isAbsolute(fromRoot);
    return { inside, target, isFile: statSync(target).isFile() };
  } catch {
    return undefined;
  }
}

/** What is wrong with a symbolic link: it leads nowhere or out of the project. */
function linkProblem(file: string, link: ReturnType<typeof linkTarget>): FileProblem | undefined {
  if (!link) return { file, error: inputErrors.brokenSymlink(file), severity: 'error' };
  if (!link.inside)
    return { file, error: inputErrors.symlinkOutside(file, link.target), severity: 'error' };
  return undefined;
}

/**
 * The page files under pages/ (symbolic links included when they lead to a file inside the
 * project), and what is wrong with the others: links that leave the project (never followed) or
 * lead nowhere, and files named like a page that the loader would skip.
 */
export function scanPageFiles(root: string): { files: string[]; problems: FileProblem[] } {
  const files: string[] = [];
  const problems: FileProblem[] = [];
  for (const entry of entriesOf(path.join(root, 'pages'))) {
    const file = relative(root, entry);
    if (entry.isSymbolicLink()) {
      const link = linkTarget(root, file);
      const problem = linkProblem(file, link);
      if (problem) problems.push(problem);
      else if (link!.isFile && PAGE_FILE.test(entry.name)) files.push(file);
      continue;
    }
    if (!entry.isFile() || EDITOR_LEFTOVER.test(entry.name)) continue;
    if (PAGE_FILE.test(entry.name)) files.push(file);
    else if (LOOKS_LIKE_PAGE.test(entry.name)) {
      const rename =
        file.slice(0, file.length - entry.name.length) + entry.name.replace(/\.ya?ml.*$/i, '.yaml');
      problems.push({
        file,
        error: inputErrors.skippedPageFile(file, rename),
        severity: 'warning',
      });
    }
  }
  return { files: files.sort(), problems };
}

/**
 * Symbolic links in public/ that leave the project or lead nowhere: the build would publish what
 * they point at.
 */
export function publicLinkProblems(root: string): FileProblem[] {
  const problems: FileProblem[] = [];
  for (const entry of entriesOf(path.join(root, 'public'))) {
    if (!entry.isSymbolicLink()) continue;
    const file = relative(root, entry);
    const problem = linkProblem(file, linkTarget(root, file));
    if (problem) problems.push(problem);
  }
  return problems;
}
