import type { BlockDefinition } from '../types.ts';
import { NotFound } from './NotFound.tsx';

/** Static: plain HTML and CSS, no client JavaScript. */
export const definition: BlockDefinition<'notFound'> = { Component: NotFound };
