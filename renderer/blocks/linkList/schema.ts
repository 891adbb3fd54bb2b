import { z } from 'zod';
import { defineBlockSchema } from '../../../schema/block.ts';
import { href, optionalText, text } from '../../../schema/primitives.ts';

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
      }),
    )
    .min(1)
    .meta({ description: 'The links.' }),
});
