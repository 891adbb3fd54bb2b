import { createHash } from 'node:crypto';
import { copyFileSync, existsSync, linkSync, mkdirSync } from 'node:fs';
import path from 'node:path';
import { loadBlockExample } from '../../engine/block-docs.ts';
import type { SiteModel } from '../../engine/load-site.ts';
import { blockTypes } from '../../blocks/schemas.ts';
import { imageSlots, imagesOfBlock, type BlockImage } from '../../schema/image-slots.ts';
import { CARD_VERSION } from '../social/card.ts';
import { makeSocialCards } from '../social/cards.ts';
import { readImageHeader } from '../../ui/image-header.ts';
import { imageCacheDir, imageManifestFile, type ImageManifest } from '../../ui/image-manifest.ts';
import { makeVariants } from './variants.ts';
import { writeWhole } from '../../engine/write-whole.ts';

export interface PrepareOptions {
  root: string;
  /** The validated site (production: drafts left out). */
  site: SiteModel;
  /** Also the images of the block examples, for a build that includes the block catalogue. */
  includeExamples?: boolean;
}

export interface PreparedImages {
  manifest: ImageManifest;
  manifestFile: string;
  /**
   * Changes when a page's HTML would change because of its images: an image's variants (new
   * content, new URLs) or the social card drawing. Part of the incremental prerender's page key.
   */
  pagesKey: string;
  /** What had to be made now (the rest came from the cache). */
  made: { variants: number; cards: number };
  /**
   * Settles when the missing social cards are drawn (in the background: their URLs are in the
   * manifest already, so the pages can be rendered meanwhile), with one line for the build's
   * output.
   */
  done: Promise<string>;
  /** Called when the build has nothing left to do but wait for `done` (see MadeCards.hurry). */
  hurry: () => void;
}

/**
 * Every image a block puts in a slot, on every page and, when asked, in every block example (the
 * catalogue shows those).
 */
function imagesToPrepare(
  root: string,
  site: SiteModel,
  includeExamples: boolean,
): Map<string, Set<number>> {
  const wanted = new Map<string, Set<number>>();
  const add = (image: Pick<BlockImage, 'src' | 'slot'>) => {
    const widths = wanted.get(image.src) ?? new Set<number>();
    imageSlots[image.slot].widths.forEach((width) => widths.add(width));
    wanted.set(image.src, widths);
  };
  const pages = [...site.pages, ...(site.notFound ? [site.notFound] : [])];
  for (const loaded of pages) loaded.summary.images.forEach(add);
  for (const type of includeExamples ? blockTypes : []) {
    const example = loadBlockExample(root, type);
    if (example.block) imagesOfBlock(example.block).forEach(add);
  }
  return wanted;
}

async function pool<T>(items: T[], limit: number, work: (item: T) => Promise<void>) {
  let next = 0;
  await Promise.all(
    Array.from({ length: Math.min(limit, items.length) }, async () => {
      while (next < items.length) await work(items[next++]!);
    }),
  );
}

/**
 * Before the prerender: makes (or finds in the cache) every variant of every image the pages use
 * and a social card per page, and writes the manifest the renderer reads
 * (.cache/images/manifest.json). publishImages() then puts the files in the output folder.
 */
export async function prepareImages({
  root,
  site,
  includeExamples = false,
}: PrepareOptions): Promise<PreparedImages> {
  const cacheDir = imageCacheDir(root);
  const started = performance.now();
  const manifest: ImageManifest = { version: 1, images: {}, social: {}, files: {} };
  const wanted = imagesToPrepare(root, site, includeExamples);
  let made = 0;
  await pool([...wanted], 2, async ([src, widths]) => {
    const file = path.join(root, 'public', src);
    const read = readImageHeader(file);
    if (!read.ok)
      throw new Error(
        `public${src}: not a readable image (npm run validate says where it is used).`,
      );
    try {
      const result = await makeVariants(file, src, read.header, widths, cacheDir);
      manifest.images[src] = result.entry;
      Object.assign(manifest.files, result.files);
      made += result.made;
    } catch (error) {
      throw new Error(
        `public${src} could not be converted: ${(error as Error).message}. Export it again as JPEG or PNG.`,
        { cause: error },
      );
    }
  });
  const imagesTime = performance.now() - started;
  // Images finish in any order: sorted, the manifest (and the page key made from it) is the same
  // from build to build.
  manifest.images = Object.fromEntries(
    Object.entries(manifest.images).sort(([a], [b]) => a.localeCompare(b)),
  );
  const cardsStarted = performance.now();
  const social = site.config
    ? makeSocialCards({ root, site, config: site.config, cacheDir })
    : { cards: {}, files: {}, made: 0, drawn: Promise.resolve(), hurry: () => {} };
  manifest.social = social.cards;
  Object.assign(manifest.files, social.files);

  mkdirSync(cacheDir, { recursive: true });
  const manifestFile = imageManifestFile(root);
  writeWhole(manifestFile, JSON.stringify(manifest));
  const seconds = (ms: number) =>
    ms < 1000 ? `${Math.round(ms)} ms` : `${(ms / 1000).toFixed(1)} s`;
  const variants = Object.values(manifest.images).reduce(
    (sum, image) =>
      sum + Object.values(image.variants).reduce((count, list) => count + list.length, 0),
    0,
  );
  const done = social.drawn.then(
    () =>
      `images: ${wanted.size} images, ${variants} variants (${made} made, the rest from the cache) in ${seconds(imagesTime)}; ` +
      `${Object.keys(social.cards).length} social cards (${social.made} drawn) in ${seconds(performance.now() - cardsStarted)}.`,
  );
  done.catch(() => {}); // awaited by the build; this only keeps a failure from counting as unhandled meanwhile
  const pagesKey = createHash('sha1')
    .update(CARD_VERSION)
    .update(JSON.stringify(manifest.images))
    .digest('hex');
  return {
    manifest,
    manifestFile,
    pagesKey,
    made: { variants: made, cards: social.made },
    done,
    hurry: social.hurry,
  };
}

/**
 * Puts every variant and card of the manifest in the output folder (hard links when possible, else
 * copies), once prepareImages() is `done`. A file the bundle put there already (public/ at the same
 * path) is left as it is.
 */
export function publishImages(manifest: ImageManifest, outDir: string): number {
  for (const [url, file] of Object.entries(manifest.files)) {
    const target = path.join(outDir, url);
    if (existsSync(target)) continue;
    mkdirSync(path.dirname(target), { recursive: true });
    try {
      linkSync(file, target);
    } catch {
      copyFileSync(file, target);
    }
  }
  return Object.keys(manifest.files).length;
}
