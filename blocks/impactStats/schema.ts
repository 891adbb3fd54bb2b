import { z } from 'zod';
import { defineBlockSchema } from '../../schema/block.ts';
import { optionalText, text } from '../../schema/primitives.ts';

export const impactStatsSchema = defineBlockSchema('impactStats', 'Stat cards with a figure, a label and a description (results, numbers).', {
  heading: text('Section heading.', 'Impact in numbers'),
  intro: optionalText('Sentence under the heading.', 'Measured across hotels on the platform.'),
  items: z
    .array(
      z.strictObject({
        value: text('The figure, as written (e.g. +35%, under 55s).', '+35%'),
        label: text('What it measures.', 'Revenue uplift'),
        description: text('One sentence of context.', 'From AI upsells and dynamic pricing.'),
      }),
    )
    .min(1)
    .meta({ description: 'The stat cards.' }),
});
