import type { z } from 'zod';
import { benefitsSchema } from './benefits/schema.ts';
import { breadcrumbsSchema } from './breadcrumbs/schema.ts';
import { caseStudiesSchema } from './caseStudies/schema.ts';
import { comparisonTableSchema } from './comparisonTable/schema.ts';
import { contactDetailsSchema } from './contactDetails/schema.ts';
import { ctaBandSchema } from './ctaBand/schema.ts';
import { faqSchema } from './faq/schema.ts';
import { featuresSchema } from './features/schema.ts';
import { heroSchema } from './hero/schema.ts';
import { highlightsSchema } from './highlights/schema.ts';
import { impactStatsSchema } from './impactStats/schema.ts';
import { legalTextSchema } from './legalText/schema.ts';
import { linkListSchema } from './linkList/schema.ts';
import { logoMarqueeSchema } from './logoMarquee/schema.ts';
import { notFoundSchema } from './notFound/schema.ts';
import { pricingTiersSchema } from './pricingTiers/schema.ts';
import { richTextSchema } from './richText/schema.ts';
import { schedulerSchema } from './scheduler/schema.ts';
import { stepsSchema } from './steps/schema.ts';
import { testimonialsSchema } from './testimonials/schema.ts';
import { videoPlaceholderSchema } from './videoPlaceholder/schema.ts';

/**
 * Every block type an author can use, by the name written in `type:`. Each schema lives beside its
 * component in `blocks/<type>/`; this list is the one place that names them all.
 */
export const blockSchemas = {
  hero: heroSchema,
  breadcrumbs: breadcrumbsSchema,
  richText: richTextSchema,
  steps: stepsSchema,
  highlights: highlightsSchema,
  impactStats: impactStatsSchema,
  benefits: benefitsSchema,
  features: featuresSchema,
  testimonials: testimonialsSchema,
  caseStudies: caseStudiesSchema,
  faq: faqSchema,
  logoMarquee: logoMarqueeSchema,
  pricingTiers: pricingTiersSchema,
  comparisonTable: comparisonTableSchema,
  ctaBand: ctaBandSchema,
  scheduler: schedulerSchema,
  linkList: linkListSchema,
  legalText: legalTextSchema,
  videoPlaceholder: videoPlaceholderSchema,
  notFound: notFoundSchema,
  contactDetails: contactDetailsSchema,
} as const;

export type BlockType = keyof typeof blockSchemas;
export type BlockOf<T extends BlockType> = z.infer<(typeof blockSchemas)[T]>;
export type Block = { [T in BlockType]: BlockOf<T> }[BlockType];
export const blockTypes = Object.keys(blockSchemas) as BlockType[];

export function isBlockType(type: string): type is BlockType {
  return Object.hasOwn(blockSchemas, type);
}
