import type { BlockDefinition } from '../types.ts';
import { Steps } from './Steps.tsx';

export const definition: BlockDefinition<'steps'> = { Component: Steps };
