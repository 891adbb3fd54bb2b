import type { BlockDefinition } from '../types.ts';
import { CaseStudies } from './CaseStudies.tsx';

export const definition: BlockDefinition<'caseStudies'> = { Component: CaseStudies };
