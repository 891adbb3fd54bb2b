import type { z } from 'zod';

/**
 * The field vocabulary's mark for words a translation rewrites. A schema marked here (every `text`,
 * `textList` item, image `alt`…) may differ between a page and its translation; every other value
 * (icons, images, numbers, tones, links, anchors) must stay the same (engine/check-translation.ts).
 * The mark is on the schema object itself, so a wrapper (`.optional()`) keeps it reachable through
 * its inner schema.
 */
const marked = new WeakSet<object>();

/** Marks `schema` as translatable text and returns it. */
export function translatable<T extends z.ZodType>(schema: T): T {
  marked.add(schema);
  return schema;
}

export const isTranslatable = (schema: z.ZodType): boolean => marked.has(schema);
