import type { BlockDefinition } from '../types.ts';
import { Faq } from './Faq.tsx';

/** Not interactive: the native exclusive accordion needs no JavaScript. */
export const definition: BlockDefinition<'faq'> = { Component: Faq };
