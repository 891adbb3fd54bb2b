import type { BlockDefinition } from '../types.ts';
import { CtaBand } from './CtaBand.tsx';

export const definition: BlockDefinition<'ctaBand'> = { Component: CtaBand };
