import { z } from 'zod';
import { defineBlockSchema, sectionFields } from '../../schema/block.ts';
import { action, href, itemList, text, textList } from '../../schema/primitives.ts';

export const pricingTiersSchema = defineBlockSchema(
  'pricingTiers',
  'Plan cards: name, description, features and a button. No prices.',
  {
    ...sectionFields({ heading: 'Plans that grow with you', intro: 'Outcome-based pricing.' }),
    tiers: itemList('The plans.', {
      name: text('Plan name.', 'Starter'),
      description: text('Who it is for.', 'For small properties getting started.'),
      features: textList('What the plan includes.', ['Unified guest chat']),
      cta: action,
      highlighted: z.boolean().optional().meta({ description: 'Marks the recommended plan.' }),
    }),
    link: z
      .strictObject({
        label: text('Link text.', 'Compare every feature on the pricing page'),
        href,
      })
      .optional()
      .meta({ description: 'A link under the plans, e.g. to the full comparison on /pricing.' }),
  },
);
