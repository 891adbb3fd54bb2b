import type { ReactNode } from 'react';
import type { BlockOf, BlockType } from '../../schema/blocks.ts';
import type { SiteConfig } from '../../schema/site-config.ts';

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
   * True when this block needs JavaScript in the browser. A page hydrates only if one of its blocks says so;
   * every other page ships no client JS at all. Blocks must still read well without JS.
   */
  isInteractive?: (block: BlockOf<T>) => boolean;
}

export type BlockRegistry = { [T in BlockType]: BlockDefinition<T> };
