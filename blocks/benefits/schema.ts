import { defineBlockSchema, sectionFields } from '../../schema/block.ts';
import { href, icon, itemList, optionalText, text } from '../../schema/primitives.ts';

export const benefitsSchema = defineBlockSchema(
  'benefits',
  'Benefit cards; a card with `href` links to a related page.',
  {
    ...sectionFields({ heading: 'Why teams switch', intro: 'Less admin, more hospitality.' }),
    items: itemList('The benefit cards.', {
      icon: icon.optional(),
      title: text('Card title.', 'Fewer no-shows'),
      description: text('One or two sentences.', 'Automatic reminders on WhatsApp.'),
      href: href.optional(),
      linkLabel: optionalText('Text of the card link (default: Learn more).', 'See guest chat'),
    }),
  },
);
