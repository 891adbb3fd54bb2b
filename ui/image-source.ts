import path from 'node:path';
import { readImageHeader } from './image-header.ts';
import {
  currentManifest,
  VARIANT_FORMATS,
  type Variant,
  type VariantFormat,
} from './image-manifest.ts';
import type { ImageSlot } from '../schema/image-slots.ts';
import type { PictureSource } from './picture-source.ts';

/**
 * Server only (it reads files): ui/picture-source.ts loads it where pages are rendered, never in
 * the browser.
 */

const mime: Record<VariantFormat, string> = {
  avif: 'image/avif',
  webp: 'image/webp',
  jpeg: 'image/jpeg',
  png: 'image/png',
};
const srcSet = (variants: Variant[]) =>
  variants.map((variant) => `${variant.url} ${variant.width}w`).join(', ');

export function pictureSource(src: string, slot: ImageSlot): PictureSource {
  const entry = import.meta.env.PROD ? currentManifest()?.images[src] : undefined;
  if (entry?.fallback) {
    const fallback = entry.variants[entry.fallback] ?? [];
    // The plain `src`: the narrowest variant that is sharp at the slot's width on a 1x screen.
    const plain =
      fallback.find((variant) => variant.width >= slot.minWidth) ?? fallback[fallback.length - 1];
    return {
      width: entry.width,
      height: entry.height,
      sources: VARIANT_FORMATS.filter(
        (format) => format !== entry.fallback && entry.variants[format]?.length,
      ).map((format) => ({ type: mime[format], srcSet: srcSet(entry.variants[format]!) })),
      img: plain ? { src: plain.url, srcSet: srcSet(fallback) } : { src },
    };
  }
  // Development, or an SVG: the original, with the size read from its header so the page never
  // shifts.
  const read = entry ? undefined : readImageHeader(path.join(process.cwd(), 'public', src));
  const size = entry ?? (read?.ok ? read.header : undefined);
  return { width: size?.width, height: size?.height, sources: [], img: { src } };
}
