import { z } from 'zod';
import { defineBlockSchema } from '../../schema/block.ts';
import { optionalText, text } from '../../schema/primitives.ts';

export const stepsSchema = defineBlockSchema('steps', 'A numbered list of steps (how it works).', {
  heading: text('Section heading.', 'How it works'),
  intro: optionalText('Sentence under the heading.', 'Go live in a week.'),
  items: z
    .array(z.strictObject({ title: text('Step name.', 'Connect your channels'), description: text('What happens in this step.', 'Link Booking.com and Expedia in minutes.') }))
    .min(1)
    .meta({ description: 'The steps, in order.' }),
});
