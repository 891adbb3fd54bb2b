import { createContext, useContext } from 'react';
import { imageSlots, type ImageSlotName } from '../schema/image-slots.ts';
import { pictureSource } from './picture-source.ts';
import type { LangAttributes } from './source-language.ts';
import classes from './Picture.module.css';

/**
 * True inside the block that holds the page's first large image (BlockList decides): that image is
 * the page's likely largest paint, so it loads at once with high priority; every other image loads
 * lazily.
 */
export const FirstLargeImage = createContext(false);

export interface PictureProps {
  image: { src: string; alt: string };
  slot: ImageSlotName;
  className?: string;
  /** The alt text's language when it is the untranslated source's (ui/source-language.ts). */
  lang?: LangAttributes;
}

/**
 * An image in a block's slot: AVIF and WebP `<source>`s and the original's format in the `<img>`,
 * each at the widths the slot needs, with `sizes` from the slot, the intrinsic width and height (no
 * layout shift), and lazy loading except for the page's first large image.
 */
export function Picture({ image, slot, className, lang }: PictureProps) {
  const spec = imageSlots[slot];
  const eager = useContext(FirstLargeImage) && spec.large;
  const source = pictureSource(image.src, spec);
  const sizes = source.img.srcSet ? spec.sizes : undefined;
  const img = (
    <img
      src={source.img.src}
      srcSet={source.img.srcSet}
      sizes={sizes}
      width={source.width}
      height={source.height}
      alt={image.alt}
      loading={eager ? undefined : 'lazy'}
      decoding={eager ? undefined : 'async'}
      fetchPriority={eager ? 'high' : undefined}
      className={className}
      {...lang}
    />
  );
  if (!source.sources.length) return img;
  return (
    <picture className={classes.picture}>
      {source.sources.map((entry) => (
        <source key={entry.type} type={entry.type} srcSet={entry.srcSet} sizes={spec.sizes} />
      ))}
      {img}
    </picture>
  );
}
