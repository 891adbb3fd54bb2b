import { defineBlockSchema, sectionFields } from '../../schema/block.ts';
import { slotImage } from '../../schema/image-slots.ts';
import { href, itemList, optionalText, text } from '../../schema/primitives.ts';

export const linkListSchema = defineBlockSchema(
  'linkList',
  'A list of links to other pages, with a short description each (index pages).',
  {
    ...sectionFields({ heading: 'Hubs', intro: 'Four hubs, one platform.' }),
    items: itemList('The links.', {
      title: text('Link text.', 'Operations Hub'),
      description: optionalText('One sentence about the page.', 'PMS, POS, stock and expenses.'),
      meta: optionalText('Small print such as a date or a duration.', 'March 2024'),
      href,
      cover: slotImage(
        'cover',
        'A cover image at the top of the card (at least 560 px wide; shown 16:9).',
        'Illustration of a hotel lobby',
      ).optional(),
    }),
  },
);
