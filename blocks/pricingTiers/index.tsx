import type { BlockDefinition } from '../types.ts';
import { PricingTiers } from './PricingTiers.tsx';

/** Static: plain HTML and CSS, no client JavaScript. */
export const definition: BlockDefinition<'pricingTiers'> = { Component: PricingTiers };
