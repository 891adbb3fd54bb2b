import { createHash } from 'node:crypto';
import { existsSync, readdirSync, readFileSync, statSync } from 'node:fs';
import path from 'node:path';

export const sha1 = (...parts: Array<string | Buffer>) => {
  const hash = createHash('sha1');
  for (const part of parts) hash.update(part).update('\u0000');
  return hash.digest('hex');
};

/**
 * Every file under `entries` (files or folders relative to `root`), sorted, as `path` + content:
 * one hash.
 */
export function hashTree(
  root: string,
  entries: string[],
  skip: (relative: string) => boolean = () => false,
): string {
  const hash = createHash('sha1');
  for (const entry of entries) {
    const full = path.join(root, entry);
    if (!existsSync(full)) {
      hash.update(`missing ${entry}\u0000`);
      continue;
    }
    const files = statSync(full).isDirectory()
      ? (readdirSync(full, { recursive: true, withFileTypes: true }) as import('node:fs').Dirent[])
          .filter((dirent) => dirent.isFile())
          .map((dirent) =>
            path
              .relative(root, path.join(dirent.parentPath, dirent.name))
              .split(path.sep)
              .join('/'),
          )
      : [entry];
    for (const file of files.filter((file) => !skip(file)).sort())
      hash
        .update(file)
        .update('\u0000')
        .update(readFileSync(path.join(root, file)))
        .update('\u0000');
  }
  return hash.digest('hex');
}
