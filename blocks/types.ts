import type { ReactNode } from 'react';
import type { BlockOf, BlockType } from './schemas.ts';
import type { SiteConfig } from '../schema/site-config.ts';

/** What every block component receives besides its own block data. */
export interface RenderContext {
  config: SiteConfig;
  /** Route of the page being rendered, e.g. `/solutions/hotels`. */
  route: string;
}

export interface BlockProps<T extends BlockType> {
  block: BlockOf<T>;
  context: RenderContext;
}

export interface BlockDefinition<T extends BlockType> {
  Component: (props: BlockProps<T>) => ReactNode;
  /**
   * True when this block needs its enhancement script in the browser (renderer/client/enhance.ts). A page loads the
   * script only if one of its blocks says so; every other page ships no client JS at all. The block's HTML must read
   * and work without it.
   */
  isInteractive?: (block: BlockOf<T>) => boolean;
}

export type BlockRegistry = { [T in BlockType]: BlockDefinition<T> };
