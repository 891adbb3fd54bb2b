import type { ReactNode } from 'react';
import type { JsonLdPage } from './json-ld.ts';
import type { BlockOf, BlockType } from './schemas.ts';
import type { Words } from '../schema/locales.ts';
import type { SiteConfig } from '../schema/site-config.ts';
import type { SourceTexts } from '../ui/source-language.ts';

/**
 * What every block component receives besides its own block data: nothing of the page it is on (a
 * build reuses a block's HTML on every page where it is the same, renderer/BlockList.tsx).
 */
export interface RenderContext {
  config: SiteConfig;
  /** The words of the page's language (schema/locales.ts); English when not given. */
  words?: Words;
  /**
   * The page's language and region (BCP 47: `de-DE`), for dates (blocks/dates.ts); the site's
   * (`seo.locale`) when not given.
   */
  locale?: string;
}

export interface BlockProps<T extends BlockType> {
  block: BlockOf<T>;
  context: RenderContext;
  /**
   * On a translation, the block's texts still in the source's language: the component spreads
   * `langOf(sourceTexts)(path)` (ui/source-language.ts) on the element of each text.
   */
  sourceTexts?: SourceTexts;
}

export interface BlockDefinition<T extends BlockType> {
  Component: (props: BlockProps<T>) => ReactNode;
  /**
   * True when this block needs its enhancement script in the browser (renderer/client/enhance.ts).
   * A page loads the script only if one of its blocks says so; every other page ships no client JS
   * at all. The block's HTML must read and work without it.
   */
  isInteractive?: (block: BlockOf<T>) => boolean;
  /**
   * Structured data (schema.org JSON-LD) for the <head> of an indexed page. Called once per page
   * with every block of this type on it, in page order, so a block can describe each
   * (BreadcrumbList) or merge them (FAQPage); the objects of the page follow the order of
   * blocks/registry.ts.
   */
  jsonLd?: (blocks: Array<BlockOf<T>>, page: JsonLdPage) => object[];
}

export type BlockRegistry = { [T in BlockType]: BlockDefinition<T> };
