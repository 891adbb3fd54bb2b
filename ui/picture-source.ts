import type { ImageSlot } from '../schema/image-slots.ts';

/** What a `<picture>` needs: the variants made by the build, or the original in development. */
export interface PictureSource {
  width: number | undefined;
  height: number | undefined;
  /** `<source>` elements, best format first (none for an SVG or outside a build). */
  sources: Array<{ type: string; srcSet: string }>;
  /** The `<img>`: the original's format. */
  img: { src: string; srcSet?: string };
}

/*
 * Pages are rendered on the server only, but Vike also bundles every page's components for the
 * browser. What reads image files (ui/image-source.ts: node:fs, node:path) is therefore loaded only
 * where pages are rendered (the server, and the component tests in jsdom): in the browser's bundle
 * the condition is false and the import is dropped, so the browser's module graph holds no Node
 * module.
 */
const serverSource =
  import.meta.env.SSR || import.meta.env.MODE === 'test'
    ? (await import('./image-source.ts')).pictureSource
    : undefined;

/**
 * The `<picture>` of `src` in `slot`; in a browser (never asked: pages do not hydrate) the original
 * alone.
 */
export function pictureSource(src: string, slot: ImageSlot): PictureSource {
  return serverSource
    ? serverSource(src, slot)
    : { width: undefined, height: undefined, sources: [], img: { src } };
}
