import { createHash } from 'node:crypto';
import { existsSync, mkdirSync, readFileSync, renameSync, statSync } from 'node:fs';
import path from 'node:path';
import type { Sharp } from 'sharp';
import { packageVersion } from '../package-version.ts';
import type { ImageHeader } from '../../ui/image-header.ts';
import type { ManifestImage, Variant, VariantFormat } from '../../ui/image-manifest.ts';

/**
 * Bump when the encoder settings change, so cached variants made with the old settings are not
 * reused. sharp's version is part of it: another version (another libvips) encodes other bytes.
 */
const SETTINGS = `v1:avif-q55-e2:webp-q78:jpeg-q78-moz:png-9:sharp-${packageVersion('sharp')}`;

const encoders: Record<VariantFormat, (image: Sharp) => Sharp> = {
  avif: (image) => image.avif({ quality: 55, effort: 2 }),
  webp: (image) => image.webp({ quality: 78, effort: 4 }),
  jpeg: (image) => image.jpeg({ quality: 78, mozjpeg: true, progressive: true }),
  png: (image) => image.png({ compressionLevel: 9, adaptiveFiltering: true }),
};

const extension: Record<VariantFormat, string> = {
  avif: 'avif',
  webp: 'webp',
  jpeg: 'jpg',
  png: 'png',
};

/**
 * Widths to make: the slots' widths below the original's, plus the original's own when a slot wants
 * wider.
 */
function widthsFor(wanted: Iterable<number>, intrinsic: number): number[] {
  const widths = new Set<number>();
  for (const width of wanted) widths.add(Math.min(width, intrinsic));
  return [...widths].sort((a, b) => a - b);
}

const fallbackFormat = (header: ImageHeader): VariantFormat | undefined =>
  header.format === 'svg'
    ? undefined
    : header.format === 'jpeg' ||
        header.format === 'png' ||
        header.format === 'webp' ||
        header.format === 'avif'
      ? header.format
      : 'jpeg';

export interface MadeImage {
  entry: ManifestImage;
  /** URL → cached file, for every variant. */
  files: Record<string, string>;
  /** Variants encoded now (not found in the cache). */
  made: number;
}

/**
 * AVIF, WebP and the original's format at each width. A variant is named by the hash of the
 * original's bytes, so an unchanged image is found in the cache and never processed again, whatever
 * its name or page.
 */
export async function makeVariants(
  file: string,
  src: string,
  header: ImageHeader,
  wanted: Iterable<number>,
  cacheDir: string,
): Promise<MadeImage> {
  const fallback = fallbackFormat(header);
  const entry: ManifestImage = {
    width: header.width,
    height: header.height,
    format: header.format,
    fallback,
    variants: {},
  };
  if (!fallback) return { entry, files: {}, made: 0 };
  const bytes = readFileSync(file);
  const hash = createHash('sha256').update(SETTINGS).update(bytes).digest('hex').slice(0, 12);
  const name =
    path
      .basename(src)
      .replace(/\.[^.]+$/, '')
      .replace(/[^A-Za-z0-9_-]+/g, '-')
      .slice(0, 40) || 'image';
  const dir = path.join(cacheDir, 'variants');
  mkdirSync(dir, { recursive: true });
  const formats: VariantFormat[] = [...new Set<VariantFormat>(['avif', 'webp', fallback])];
  const files: Record<string, string> = {};
  let decoded: Sharp | undefined;
  let made = 0;
  for (const format of formats) {
    const list: Variant[] = [];
    for (const width of widthsFor(wanted, header.width)) {
      const height = Math.max(1, Math.round((width * header.height) / header.width));
      const cached = path.join(dir, `${hash}-${width}.${extension[format]}`);
      if (!existsSync(cached)) {
        // sharp is loaded only when a variant has to be made: a build whose images are all cached
        // never pays for it.
        decoded ??= (await import('sharp'))
          .default(bytes, { failOn: 'error', limitInputPixels: 268_402_689 })
          .rotate();
        const temporary = `${cached}.${process.pid}.tmp`;
        await encoders[format](decoded.clone().resize({ width, withoutEnlargement: true })).toFile(
          temporary,
        );
        renameSync(temporary, cached);
        made++;
      }
      const url = `/_images/${name}-${hash}-${width}.${extension[format]}`;
      files[url] = cached;
      list.push({ width, height, url, bytes: statSync(cached).size });
    }
    entry.variants[format] = list;
  }
  return { entry, files, made };
}
