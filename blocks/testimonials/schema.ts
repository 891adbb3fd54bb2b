import { defineBlockSchema, sectionFields } from '../../schema/block.ts';
import { slotImage } from '../../schema/image-slots.ts';
import { itemList, text } from '../../schema/primitives.ts';

export const testimonialsSchema = defineBlockSchema(
  'testimonials',
  'Quotes from customers, credited by role and type of business (no names).',
  {
    ...sectionFields({ heading: 'What hoteliers say', intro: 'Teams that switched last year.' }),
    items: itemList('The quotes.', {
      quote: text('What they said, without quotation marks.', 'Check-in takes thirty seconds now.'),
      role: text('Their role.', 'General Manager'),
      business: text('The kind of business.', 'Boutique hotel, 42 rooms'),
      photo: slotImage(
        'portrait',
        'A small round photo next to the credit (at least 112 px wide, square works best).',
        '',
      ).optional(),
    }),
  },
);
