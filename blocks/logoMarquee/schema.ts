import { z } from 'zod';
import { defineBlockSchema, sectionFields } from '../../schema/block.ts';
import { image } from '../../schema/primitives.ts';

export const logoMarqueeSchema = defineBlockSchema(
  'logoMarquee',
  'A row of partner logos scrolling in a seamless loop (paused on hover and for reduced motion).',
  {
    ...sectionFields({ heading: 'Trusted by hospitality teams' }),
    logos: z
      .array(image)
      .min(1)
      .meta({ description: 'The logos: an image path in public/ and alt text each.' }),
  },
);
