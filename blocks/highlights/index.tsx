import type { BlockDefinition } from '../types.ts';
import { Highlights } from './Highlights.tsx';

export const definition: BlockDefinition<'highlights'> = { Component: Highlights };
