import type { BlockDefinition } from '../types.ts';
import { Hero } from './Hero.tsx';

export const definition: BlockDefinition<'hero'> = {
  Component: Hero,
  // Only the counting stats need JavaScript; a hero without them is plain HTML.
  isInteractive: (block) => Boolean(block.stats?.length),
};
