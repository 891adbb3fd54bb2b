import type { BlockDefinition } from '../types.ts';
import { LogoMarquee } from './LogoMarquee.tsx';

/** Not interactive: the loop is pure CSS. */
export const definition: BlockDefinition<'logoMarquee'> = { Component: LogoMarquee };
