import { z } from 'zod';
import { defineBlockSchema } from '../../schema/block.ts';
import { slotImage } from '../../schema/image-slots.ts';
import { optionalText, text } from '../../schema/primitives.ts';

export const caseStudiesSchema = defineBlockSchema('caseStudies', 'Case study cards: a title, the headline result and a short summary.', {
  heading: text('Section heading.', 'Case studies'),
  intro: optionalText('Sentence under the heading.', 'Results from properties like yours.'),
  items: z
    .array(
      z.strictObject({
        title: text('Who and what.', 'City hotel automates upsells'),
        result: text('The headline result.', '+28% upsell revenue'),
        summary: text('Two or three sentences.', 'Pre-arrival offers on WhatsApp lifted add-on sales.'),
        logo: slotImage('logo', 'The customer\'s logo above the result (SVG, or a picture at least 160 px wide).', 'Harbor Hotels logo').optional(),
      }),
    )
    .min(1)
    .meta({ description: 'The case studies.' }),
});
