import { defineBlockSchema, sectionFields } from '../../schema/block.ts';
import { itemList, text } from '../../schema/primitives.ts';

export const impactStatsSchema = defineBlockSchema(
  'impactStats',
  'Stat cards with a figure, a label and a description (results, numbers).',
  {
    ...sectionFields({
      heading: 'Impact in numbers',
      intro: 'Measured across hotels on the platform.',
    }),
    items: itemList('The stat cards.', {
      value: text('The figure, as written (e.g. +35%, under 55s).', '+35%'),
      label: text('What it measures.', 'Revenue uplift'),
      description: text('One sentence of context.', 'From AI upsells and dynamic pricing.'),
    }),
  },
);
