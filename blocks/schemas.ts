import type { z } from 'zod';
import { benefitsSchema } from '../renderer/blocks/benefits/schema.ts';
import { breadcrumbsSchema } from '../renderer/blocks/breadcrumbs/schema.ts';
import { caseStudiesSchema } from '../renderer/blocks/caseStudies/schema.ts';
import { comparisonTableSchema } from '../renderer/blocks/comparisonTable/schema.ts';
import { contactDetailsSchema } from '../renderer/blocks/contactDetails/schema.ts';
import { ctaBandSchema } from '../renderer/blocks/ctaBand/schema.ts';
import { faqSchema } from '../renderer/blocks/faq/schema.ts';
import { featuresSchema } from '../renderer/blocks/features/schema.ts';
import { heroSchema } from '../renderer/blocks/hero/schema.ts';
import { highlightsSchema } from '../renderer/blocks/highlights/schema.ts';
import { impactStatsSchema } from '../renderer/blocks/impactStats/schema.ts';
import { legalTextSchema } from '../renderer/blocks/legalText/schema.ts';
import { linkListSchema } from '../renderer/blocks/linkList/schema.ts';
import { logoMarqueeSchema } from '../renderer/blocks/logoMarquee/schema.ts';
import { notFoundSchema } from '../renderer/blocks/notFound/schema.ts';
import { pricingTiersSchema } from '../renderer/blocks/pricingTiers/schema.ts';
import { richTextSchema } from '../renderer/blocks/richText/schema.ts';
import { schedulerSchema } from '../renderer/blocks/scheduler/schema.ts';
import { stepsSchema } from '../renderer/blocks/steps/schema.ts';
import { testimonialsSchema } from '../renderer/blocks/testimonials/schema.ts';
import { videoPlaceholderSchema } from '../renderer/blocks/videoPlaceholder/schema.ts';

/**
 * Every block type an author can use, by the name written in `type:`.
 * Each schema lives beside its component in `renderer/blocks/<type>/`; this list is the one place that names them all.
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
