/** What the last successful build wrote, for the next build to reuse (`.cache/build/manifest.json`). */
import { existsSync, readFileSync, writeFileSync } from 'node:fs';

export interface ManifestEntry {
  key: string;
  /** Relative to dist/client. */
  file: string;
  /** The file as the build wrote it: a file changed since then is not reused. */
  size: number;
  mtimeMs: number;
  sitemapUrl?: string;
}

export interface Manifest {
  version: 1;
  pages: Record<string, ManifestEntry>;
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

export function writeManifest(file: string, pages: Record<string, ManifestEntry>) {
  writeFileSync(file, JSON.stringify({ version: 1, pages } satisfies Manifest));
}
