import { z } from 'zod';
import { defineBlockSchema } from '../../schema/block.ts';
import { href, icon, optionalText, text } from '../../schema/primitives.ts';

export const benefitsSchema = defineBlockSchema('benefits', 'Benefit cards; a card with `href` links to a related page.', {
  heading: text('Section heading.', 'Why teams switch'),
  intro: optionalText('Sentence under the heading.', 'Less admin, more hospitality.'),
  items: z
    .array(
      z.strictObject({
        icon: icon.optional(),
        title: text('Card title.', 'Fewer no-shows'),
        description: text('One or two sentences.', 'Automatic reminders on WhatsApp.'),
        href: href.optional(),
        linkLabel: optionalText('Text of the card link (default: Learn more).', 'See guest chat'),
      }),
    )
    .min(1)
    .meta({ description: 'The benefit cards.' }),
});
