import { defineBlockSchema, sectionFields } from '../../schema/block.ts';
import { href, icon, itemList, text, textList } from '../../schema/primitives.ts';

export const featuresSchema = defineBlockSchema(
  'features',
  'Feature cards with an icon, a description, bullet points and an optional link.',
  {
    ...sectionFields({
      eyebrow: 'Features',
      heading: 'Everything you need to run your property',
      intro: 'Six modules, one login.',
    }),
    items: itemList('The feature cards.', {
      icon,
      title: text('Card title.', 'PMS & Channel Manager'),
      description: text('One sentence.', 'Smart reservations with dynamic pricing.'),
      bullets: textList('Up to three short bullet points.', ['Real-time availability'])
        .max(3)
        .optional(),
      href: href.optional(),
    }),
  },
);
