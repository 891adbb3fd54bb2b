import { z } from 'zod';
import { defineBlockSchema, sectionFields } from '../../schema/block.ts';
import { optionalText } from '../../schema/primitives.ts';

export const schedulerSchema = defineBlockSchema(
  'scheduler',
  'The embedded scheduling widget (URL from site.config.yaml), with a plain booking link as fallback.',
  {
    heading: optionalText(
      'Section heading (leave out when the hero already says it).',
      'Book a demo',
    ),
    ...sectionFields({ intro: 'Pick a time that suits you.' }),
    headingLevel: z
      .union([z.literal(1), z.literal(2)])
      .optional()
      .meta({ description: '1 when this heading is the page headline.' }),
    hideDetails: z
      .boolean()
      .optional()
      .meta({ description: 'Hide the event details panel of the widget.' }),
    hideEventTypeDetails: z
      .boolean()
      .optional()
      .meta({ description: 'Hide the event type details of the widget.' }),
  },
);
