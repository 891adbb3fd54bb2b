import type { BlockDefinition } from '../types.ts';
import { Hero } from './Hero.tsx';

// No isInteractive: the counting stats are CSS alone (Hero.module.css), so a hero never needs a
// script of its own.
export const definition: BlockDefinition<'hero'> = {
  Component: Hero,
};
