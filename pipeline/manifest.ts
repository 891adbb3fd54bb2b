/**
 * What the last successful build wrote, for the next build to reuse (`.cache/build/manifest.json`).
 */
import { existsSync, readdirSync, readFileSync, statSync, type Dirent } from 'node:fs';
import path from 'node:path';
import { sha1 } from '../engine/hash.ts';
import type { StoredAt } from '../engine/page-store.ts';
import { writeWhole } from '../engine/write-whole.ts';

export interface ManifestEntry {
  key: string;
  /** Relative to dist/client. */
  file: string;
  /** The file as the build wrote it: a file changed since then is not reused. */
  size: number;
  mtimeMs: number;
  sitemapUrl?: string;
  /** Where the page's HTML is kept in the rendered-page store (pipeline/rendered-pages.ts). */
  stored?: StoredAt;
  /** CRC-32 of the page's bytes: a record whose bytes differ is not written from the store. */
  crc32?: number;
}

export interface Manifest {
  version: 1;
  pages: Record<string, ManifestEntry>;
  /** `inputsFingerprint` of the build that wrote it. */
  inputs?: string;
}

/**
 * A cheap guess at whether anything changed since the last build, from the bundle's key and the
 * size and mtime of the site's YAML files, without reading them. When it matches the last build's,
 * the build does not start a render worker before validation (there is most likely nothing to
 * render). Only a guess: which pages are rendered is still decided by each page's key.
 */
export function inputsFingerprint(root: string, bundleKey: string): string {
  const pagesDir = path.join(root, 'pages');
  const files = existsSync(pagesDir)
    ? (readdirSync(pagesDir, { recursive: true, withFileTypes: true }) as Dirent[])
        .filter((entry) => entry.isFile())
        .map((entry) => path.join(entry.parentPath, entry.name))
    : [];
  const stats = [path.join(root, 'site.config.yaml'), ...files.sort()].map((file) => {
    const stat = statSync(file, { throwIfNoEntry: false });
    return `${file}:${stat?.size}:${stat?.mtimeMs}`;
  });
  return sha1(bundleKey, stats.join('\n'));
}

export function readManifest(file: string): Manifest | undefined {
  if (!existsSync(file)) return undefined;
  try {
    const manifest = JSON.parse(readFileSync(file, 'utf8')) as Manifest;
    return manifest.version === 1 && manifest.pages ? manifest : undefined;
  } catch {
    return undefined;
  }
}

/** Written whole or not at all (`writeWhole`). */
export function writeManifest(file: string, pages: Record<string, ManifestEntry>, inputs: string) {
  writeWhole(file, JSON.stringify({ version: 1, pages, inputs } satisfies Manifest));
}
