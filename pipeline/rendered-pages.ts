/**
 * The rendered pages, kept in `.cache/build/pages/` by each page's key (engine/page-store.ts's
 * packs, one per render worker and build), so that a build that finds no previous dist/ (a CI
 * checkout with the cache restored, a `dist/` removed) writes an unchanged page from there instead
 * of rendering it again. The key says everything the HTML depends on (`pageKey` in prerender.ts), as
 * for a page linked from the previous dist/; a record is only ever taken for the key it was written
 * under and with the bytes it was written with (their CRC-32, in the manifest), and a record that
 * cannot be read back so is rendered again.
 */
import { existsSync } from 'node:fs';
import { stat, writeFile } from 'node:fs/promises';
import { crc32 } from 'node:zlib';
import path from 'node:path';
import { contentOf, PageStoreReader, tidyPageStore, type StoredAt } from '../engine/page-store.ts';
import type { ManifestEntry } from './manifest.ts';

/** The store's folder in the build cache (`.cache/build/`). */
export const renderedPagesDir = (cacheDir: string) => path.join(cacheDir, 'pages');

/** Whether every page the manifest lists is kept in a pack that is still there. */
export function storeHoldsEvery(entries: Record<string, ManifestEntry>, dir: string): boolean {
  const packs = new Map<string, boolean>();
  return Object.values(entries).every((entry) => {
    const pack = entry.stored?.[0];
    if (pack === undefined) return false;
    if (!packs.has(pack)) packs.set(pack, existsSync(path.join(dir, pack)));
    return packs.get(pack)!;
  });
}

/**
 * Pages written from the store at once: each holds its HTML in memory (tens of KB) until written,
 * and the thread pool's four threads make the files.
 */
const WRITES_IN_FLIGHT = 8;

export interface Restore {
  key: string;
  entry: ManifestEntry & { stored: StoredAt; crc32: number };
  /** Absolute path of the page's file in the output folder. */
  target: string;
}

/**
 * Writes each page of `restores` from the store; returns the manifest entry of each page written
 * (its file's size and time now) and the pages whose record could not be read (to be rendered).
 */
export async function restorePages<R extends Restore>(
  dir: string,
  restores: R[],
  makeFolder: (folder: string) => Promise<void>,
): Promise<{ written: Map<R, ManifestEntry>; missing: R[] }> {
  const reader = new PageStoreReader(dir);
  const written = new Map<R, ManifestEntry>();
  const missing: R[] = [];
  let next = 0;
  const lane = async () => {
    while (next < restores.length) {
      const restore = restores[next++]!;
      const record = reader.record(restore.key, restore.entry.stored);
      const bytes = record && contentOf(restore.key, record);
      if (!bytes || crc32(bytes) !== restore.entry.crc32) {
        missing.push(restore);
        continue;
      }
      await makeFolder(path.dirname(restore.target));
      await writeFile(restore.target, bytes);
      const { size, mtimeMs } = await stat(restore.target);
      written.set(restore, { ...restore.entry, size, mtimeMs });
    }
  };
  try {
    await Promise.all(Array.from({ length: WRITES_IN_FLIGHT }, lane));
  } finally {
    reader.close();
  }
  return { written, missing };
}

/**
 * Tidies the store once the manifest naming `entries` is written (see `tidyPageStore`); when
 * records moved, `rewriteManifest` writes the entries again before the old packs are removed.
 */
export function tidyRenderedPages(
  dir: string,
  entries: Record<string, ManifestEntry>,
  rewriteManifest: () => void,
): void {
  const holders = Object.values(entries).map((entry) => ({
    entry,
    hash: entry.key,
    stored: entry.stored,
  }));
  const removeRewritten = tidyPageStore(dir, holders);
  const moved = holders.filter((holder) => holder.stored !== holder.entry.stored);
  for (const { entry, stored } of moved)
    if (stored) entry.stored = stored;
    else delete entry.stored;
  if (moved.length) rewriteManifest();
  removeRewritten();
}
