import type { BlockDefinition } from '../types.ts';
import { Breadcrumbs } from './Breadcrumbs.tsx';

export const definition: BlockDefinition<'breadcrumbs'> = { Component: Breadcrumbs };
