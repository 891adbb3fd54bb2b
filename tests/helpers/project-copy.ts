import { cpSync, existsSync } from 'node:fs';
import path from 'node:path';
import { copyProject as copyProjectFiles } from '../../pipeline/project-files.ts';

export const projectRoot = path.resolve(import.meta.dirname, '../..');

/**
 * Caches a copy may start from, from the project's own build (`npm test` builds before the unit
 * tests). Content- addressed: a copy whose images differ gets new keys and makes its own, so
 * seeding changes what is reused, never what is built. `images`: variants and social cards. (The
 * bundles are not seeded: their key includes the project's folder, which a bundle has written in.)
 */
export type SeedCache = 'images';
const CACHE_FOLDERS: Record<SeedCache, string> = {
  images: '.cache/images',
};

/**
 * A copy of the project in a temporary folder, sharing node_modules, for tests that build or serve
 * it.
 */
export function copyProject(prefix: string, seed: SeedCache[] = []): string {
  const dir = copyProjectFiles(projectRoot, prefix);
  for (const cache of seed) {
    const from = path.join(projectRoot, CACHE_FOLDERS[cache]);
    if (existsSync(from)) cpSync(from, path.join(dir, CACHE_FOLDERS[cache]), { recursive: true });
  }
  return dir;
}
