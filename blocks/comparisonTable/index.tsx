import type { BlockDefinition } from '../types.ts';
import { ComparisonTable } from './ComparisonTable.tsx';

/** Static: plain HTML and CSS, no client JavaScript. */
export const definition: BlockDefinition<'comparisonTable'> = { Component: ComparisonTable };
