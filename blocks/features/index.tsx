import type { BlockDefinition } from '../types.ts';
import { Features } from './Features.tsx';

export const definition: BlockDefinition<'features'> = { Component: Features };
