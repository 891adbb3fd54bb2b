import type { BlockDefinition } from '../types.ts';
import { LegalText } from './LegalText.tsx';

/** Static: plain HTML and CSS, no client JavaScript. */
export const definition: BlockDefinition<'legalText'> = { Component: LegalText };
