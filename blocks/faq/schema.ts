import { z } from 'zod';
import { defineBlockSchema } from '../../schema/block.ts';
import { optionalText, text } from '../../schema/primitives.ts';

export const faqSchema = defineBlockSchema('faq', 'Questions and answers as an accordion: one answer open at a time.', {
  heading: text('Section heading.', 'Frequently asked questions'),
  intro: optionalText('Sentence under the heading.', 'Still unsure? Ask us anything.'),
  items: z
    .array(z.strictObject({ question: text('The question.', 'How long does setup take?'), answer: text('The answer, plain text.', 'Most hotels go live within a week.') }))
    .min(1)
    .meta({ description: 'The questions.' }),
});
