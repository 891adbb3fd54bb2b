import type { BlockDefinition } from '../types.ts';
import { ImpactStats } from './ImpactStats.tsx';

export const definition: BlockDefinition<'impactStats'> = { Component: ImpactStats };
