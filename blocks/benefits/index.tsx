import type { BlockDefinition } from '../types.ts';
import { Benefits } from './Benefits.tsx';

export const definition: BlockDefinition<'benefits'> = { Component: Benefits };
