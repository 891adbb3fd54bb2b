import { z } from 'zod';
import { text } from './primitives.ts';

/**
 * Where a block shows an image, and what that place needs: the validator checks the file against
 * it, the build makes the variants it lists, the renderer writes its `sizes`. One table, so the
 * three always agree.
 */
export interface ImageSlot {
  /** In words, for messages: "the hero image beside the headline". */
  label: string;
  /**
   * The `sizes` attribute: how wide the image is shown at each viewport width, from the block's
   * CSS.
   */
  sizes: string;
  /** Widths (px) to make, for 1x and 2x screens; never wider than the original. */
  widths: readonly number[];
  /**
   * Narrower than this (px), the image looks blurred even on a 1x screen: the validator reports it.
   */
  minWidth: number;
  /**
   * Big enough to be the page's largest paint: the first one on a page loads eagerly with high
   * priority.
   */
  large: boolean;
  /** `alt: ""` is allowed: the image only decorates, the text next to it says the same. */
  decorative: boolean;
}

export const imageSlots = {
  heroBelow: {
    label: 'the hero image under the headline',
    sizes: '(min-width: 1104px) 1040px, calc(100vw - 32px)',
    widths: [480, 768, 1040, 1560, 2080],
    minWidth: 1040,
    large: true,
    decorative: false,
  },
  heroBeside: {
    label: 'the hero image beside the headline',
    sizes: '(min-width: 992px) 540px, (min-width: 672px) 640px, calc(100vw - 32px)',
    widths: [400, 640, 960, 1280],
    minWidth: 640,
    large: true,
    decorative: false,
  },
  cover: {
    label: 'a card cover',
    sizes: '(min-width: 1024px) 560px, (min-width: 768px) 50vw, calc(100vw - 32px)',
    widths: [400, 560, 800, 1120],
    minWidth: 560,
    large: false,
    decorative: true,
  },
  logo: {
    label: 'a case study logo',
    sizes: '160px',
    widths: [160, 320],
    minWidth: 160,
    large: false,
    decorative: false,
  },
  portrait: {
    label: 'a testimonial photo',
    sizes: '56px',
    widths: [56, 112, 168],
    minWidth: 112,
    large: false,
    decorative: true,
  },
} as const satisfies Record<string, ImageSlot>;

export type ImageSlotName = keyof typeof imageSlots;

const src = z
  .string()
  .regex(
    /^\/[^\s]*\.(svg|png|jpe?g|webp|avif)$/i,
    'a path into public/, like /images/dashboard.png',
  )
  .meta({
    description:
      'Path of a file in `public/` (PNG, JPEG, WebP, AVIF or SVG). The build makes small AVIF and WebP copies of it.',
    examples: ['/images/examples/dashboard.png'],
  });

/**
 * An image field for a slot. Where the slot allows decoration, `alt: ""` says on purpose that the
 * image adds nothing to the text around it; elsewhere `alt` must describe it. `alt` is always
 * required, so it is never forgotten.
 */
export function slotImage(slot: ImageSlotName, description: string, altExample: string) {
  const alt = imageSlots[slot].decorative
    ? z
        .string()
        .trim()
        .meta({
          description:
            'What the image shows, read aloud by screen readers. Write "" (empty quotes) if it only decorates and the text next to it says it all.',
          examples: [altExample],
        })
    : text('What the image shows, read aloud by screen readers.', altExample);
  return z.strictObject({ src, alt }).meta({ description });
}

/**
 * An image a block shows: where it is in the block (path from the block), what it is, and the slot
 * it fills.
 */
export interface BlockImage {
  path: Array<string | number>;
  src: string;
  alt: string;
  slot: ImageSlotName;
}

type Raw = Record<string, unknown>;
const isObject = (value: unknown): value is Raw =>
  value !== null && typeof value === 'object' && !Array.isArray(value);
const imageAt = (value: unknown): { src: string; alt: string } | undefined =>
  isObject(value) && typeof value.src === 'string'
    ? { src: value.src, alt: typeof value.alt === 'string' ? value.alt : '' }
    : undefined;

/**
 * Every image of a block, in reading order. Works on raw YAML data too (the validator checks images
 * of blocks that have other errors), so it trusts no field's type.
 */
export function imagesOfBlock(block: unknown): BlockImage[] {
  if (!isObject(block)) return [];
  const found: BlockImage[] = [];
  const add = (path: Array<string | number>, value: unknown, slot: ImageSlotName) => {
    const image = imageAt(value);
    if (image) found.push({ path, ...image, slot });
  };
  const items = (field: string, key: string, slot: ImageSlotName) => {
    const list = block[field];
    if (Array.isArray(list))
      list.forEach((item, index) => isObject(item) && add([field, index, key], item[key], slot));
  };
  switch (block.type) {
    case 'hero':
      add(
        ['media'],
        block.media,
        isObject(block.media) && block.media.position === 'beside' ? 'heroBeside' : 'heroBelow',
      );
      break;
    case 'linkList':
      items('items', 'cover', 'cover');
      break;
    case 'caseStudies':
      items('items', 'logo', 'logo');
      break;
    case 'testimonials':
      items('items', 'photo', 'portrait');
      break;
  }
  return found;
}
