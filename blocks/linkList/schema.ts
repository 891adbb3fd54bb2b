import { z } from 'zod';
import { defineBlockSchema } from '../../schema/block.ts';
import { slotImage } from '../../schema/image-slots.ts';
import { href, optionalText, text } from '../../schema/primitives.ts';

export const linkListSchema = defineBlockSchema('linkList', 'A list of links to other pages, with a short description each (index pages).', {
  heading: text('Section heading.', 'Hubs'),
  intro: optionalText('Sentence under the heading.', 'Four hubs, one platform.'),
  items: z
    .array(
      z.strictObject({
        title: text('Link text.', 'Operations Hub'),
        description: optionalText('One sentence about the page.', 'PMS, POS, stock and expenses.'),
        meta: optionalText('Small print such as a date or a duration.', 'March 2024'),
        href,
        cover: slotImage('cover', 'A cover image at the top of the card (at least 560 px wide; shown 16:9).', 'Illustration of a hotel lobby').optional(),
      }),
    )
    .min(1)
    .meta({ description: 'The links.' }),
});
