import { existsSync, readFileSync, statSync } from 'node:fs';
import path from 'node:path';
import type { ImageFormat } from './image-header.ts';

/**
 * What the build made of each image, read by the renderer while it prerenders: the original's size
 * and every variant's URL, by format, and the social card of each page. Written by prepareImages()
 * before the prerender, at a fixed place in the project (the render workers find it from their
 * working directory). The renderer reads it in production builds only: `npm run dev` and the tests
 * serve the originals.
 */
export const imageCacheDir = (root: string) => path.join(root, '.cache', 'images');
export const imageManifestFile = (root: string) => path.join(imageCacheDir(root), 'manifest.json');

/** Formats a variant can have, best first: the `<source>` order of a `<picture>`. */
export const VARIANT_FORMATS = ['avif', 'webp', 'jpeg', 'png'] as const;
export type VariantFormat = (typeof VARIANT_FORMATS)[number];

export interface Variant {
  width: number;
  height: number;
  /** URL on the site, e.g. /_images/dashboard-3f2a9c1b0e-1040.avif */
  url: string;
  bytes: number;
}

export interface ManifestImage {
  width: number;
  height: number;
  format: ImageFormat;
  /**
   * The `<img>` format, for browsers without AVIF or WebP: the original's, or none for SVG (served
   * as it is).
   */
  fallback: VariantFormat | undefined;
  /** Variants by format, narrowest first. Empty for SVG. */
  variants: Partial<Record<VariantFormat, Variant[]>>;
}

export interface SocialCard {
  url: string;
  width: number;
  height: number;
  alt: string;
}

export interface ImageManifest {
  version: 1;
  /** By the src written in the YAML, e.g. /images/examples/dashboard.png */
  images: Record<string, ManifestImage>;
  /** Generated social cards, by canonical route. */
  social: Record<string, SocialCard>;
  /** Files to publish: URL on the site → file in the cache. */
  files: Record<string, string>;
}

let loaded: { file: string; mtimeMs: number; manifest: ImageManifest } | undefined;

/** The manifest of the last prepareImages() in this project, or undefined if there is none. */
export function currentManifest(root = process.cwd()): ImageManifest | undefined {
  const file = imageManifestFile(root);
  if (!existsSync(file)) return undefined;
  const { mtimeMs } = statSync(file);
  if (loaded?.file !== file || loaded.mtimeMs !== mtimeMs)
    loaded = { file, mtimeMs, manifest: JSON.parse(readFileSync(file, 'utf8')) as ImageManifest };
  return loaded.manifest;
}
