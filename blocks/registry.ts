import { definition as hero } from './hero/index.tsx';
import { definition as breadcrumbs } from './breadcrumbs/index.tsx';
import { definition as richText } from './richText/index.tsx';
import { definition as steps } from './steps/index.tsx';
import { definition as highlights } from './highlights/index.tsx';
import { definition as impactStats } from './impactStats/index.tsx';
import { definition as benefits } from './benefits/index.tsx';
import { definition as features } from './features/index.tsx';
import { definition as testimonials } from './testimonials/index.tsx';
import { definition as caseStudies } from './caseStudies/index.tsx';
import { definition as faq } from './faq/index.tsx';
import { definition as logoMarquee } from './logoMarquee/index.tsx';
import { definition as pricingTiers } from './pricingTiers/index.tsx';
import { definition as comparisonTable } from './comparisonTable/index.tsx';
import { definition as ctaBand } from './ctaBand/index.tsx';
import { definition as scheduler } from './scheduler/index.tsx';
import { definition as linkList } from './linkList/index.tsx';
import { definition as legalText } from './legalText/index.tsx';
import { definition as videoPlaceholder } from './videoPlaceholder/index.tsx';
import { definition as notFound } from './notFound/index.tsx';
import { definition as contactDetails } from './contactDetails/index.tsx';
import type { BlockRegistry } from './types.ts';

/**
 * Block type → component. The schemas live in blocks/schemas.ts; TypeScript checks that both name
 * the same types. Adding a block: create blocks/<type>/ (schema.ts, <Type>.tsx, index.tsx,
 * example.yaml, test), then add it here and in blocks/schemas.ts.
 */
export const registry: BlockRegistry = {
  hero,
  breadcrumbs,
  richText,
  steps,
  highlights,
  impactStats,
  benefits,
  features,
  testimonials,
  caseStudies,
  faq,
  logoMarquee,
  pricingTiers,
  comparisonTable,
  ctaBand,
  scheduler,
  linkList,
  legalText,
  videoPlaceholder,
  notFound,
  contactDetails,
};
