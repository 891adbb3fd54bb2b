import { cpSync, existsSync, mkdtempSync, symlinkSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';

/**
 * What a build of the project reads: code, content, configuration and the lock file (part of the
 * bundle's cache key). A copy of these builds like the project itself (the tests' and benchmarks'
 * throw-away copies).
 */
export const PROJECT_FILES = [
  'package.json',
  'package-lock.json',
  'tsconfig.json',
  'vite.config.ts',
  'site.config.yaml',
  'AUTHORING.md',
  'blocks',
  'ui',
  'renderer',
  'schema',
  'engine',
  'pipeline',
  'scripts',
  'public',
  'pages',
] as const;

/**
 * A copy of the project at `root` in a new temporary folder named from `prefix`: its PROJECT_FILES
 * and `extra` entries (each when present), with node_modules linked, not copied. Returns the
 * folder.
 */
export function copyProject(root: string, prefix: string, extra: string[] = []): string {
  const dir = mkdtempSync(path.join(os.tmpdir(), prefix));
  for (const entry of [...PROJECT_FILES, ...extra])
    if (existsSync(path.join(root, entry)))
      cpSync(path.join(root, entry), path.join(dir, entry), { recursive: true });
  symlinkSync(path.join(root, 'node_modules'), path.join(dir, 'node_modules'), 'dir');
  return dir;
}
