import { z } from 'zod';
import { defineBlockSchema } from '../../schema/block.ts';
import { slotImage } from '../../schema/image-slots.ts';
import { optionalText, text } from '../../schema/primitives.ts';

export const testimonialsSchema = defineBlockSchema('testimonials', 'Quotes from customers, credited by role and type of business (no names).', {
  heading: text('Section heading.', 'What hoteliers say'),
  intro: optionalText('Sentence under the heading.', 'Teams that switched last year.'),
  items: z
    .array(
      z.strictObject({
        quote: text('What they said, without quotation marks.', 'Check-in takes thirty seconds now.'),
        role: text('Their role.', 'General Manager'),
        business: text('The kind of business.', 'Boutique hotel, 42 rooms'),
        photo: slotImage('portrait', 'A small round photo next to the credit (at least 112 px wide, square works best).', '').optional(),
      }),
    )
    .min(1)
    .meta({ description: 'The quotes.' }),
});
