import type { BlockDefinition } from '../types.ts';
import { Testimonials } from './Testimonials.tsx';

export const definition: BlockDefinition<'testimonials'> = { Component: Testimonials };
