import { z } from 'zod';
import { defineBlockSchema } from '../../schema/block.ts';
import { action, href, optionalText, text, textList } from '../../schema/primitives.ts';

export const pricingTiersSchema = defineBlockSchema('pricingTiers', 'Plan cards: name, description, features and a button. No prices.', {
  heading: text('Section heading.', 'Plans that grow with you'),
  intro: optionalText('Sentence under the heading.', 'Outcome-based pricing.'),
  tiers: z
    .array(
      z.strictObject({
        name: text('Plan name.', 'Starter'),
        description: text('Who it is for.', 'For small properties getting started.'),
        features: textList('What the plan includes.', ['Unified guest chat']),
        cta: action,
        highlighted: z.boolean().optional().meta({ description: 'Marks the recommended plan.' }),
      }),
    )
    .min(1)
    .meta({ description: 'The plans.' }),
  link: z
    .strictObject({ label: text('Link text.', 'Compare every feature on the pricing page'), href })
    .optional()
    .meta({ description: 'A link under the plans, e.g. to the full comparison on /pricing.' }),
});
