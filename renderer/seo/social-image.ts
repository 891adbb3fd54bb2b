import path from 'node:path';
import { readImageHeader } from '../../ui/image-header.ts';
import { currentManifest } from '../../ui/image-manifest.ts';
import type { PageData } from '../page-data.ts';

/**
 * The image of a page's social card (og:image, twitter:image), with its size and text alternative.
 */
export interface SocialImage {
  /** Absolute URL. */
  url: string;
  width: number | undefined;
  height: number | undefined;
  alt: string;
}

/**
 * The page's own `socialImage` when it names one; else the card the build drew for it (title,
 * section, brand); else (development, the block catalogue, the not-found page) the site's default
 * image.
 */
export function socialImageFor(data: PageData): SocialImage {
  const { config, page } = data;
  const own = page.socialImage;
  const card =
    !own && import.meta.env.PROD ? currentManifest()?.social[data.canonicalRoute] : undefined;
  if (card) return { ...card, url: config.baseUrl + card.url };
  const file = own ?? config.seo.defaultSocialImage;
  const read = readImageHeader(path.join(process.cwd(), 'public', file));
  return {
    url: config.baseUrl + file,
    width: read.ok ? read.header.width : undefined,
    height: read.ok ? read.header.height : undefined,
    alt: own ? page.title : config.name,
  };
}
