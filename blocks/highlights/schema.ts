import { defineBlockSchema, sectionFields } from '../../schema/block.ts';
import { icon, itemList, text } from '../../schema/primitives.ts';

export const highlightsSchema = defineBlockSchema(
  'highlights',
  'Short highlights with an icon each (key capabilities, use cases).',
  {
    ...sectionFields({ heading: 'Highlights', intro: 'What your team gets on day one.' }),
    items: itemList('The highlights.', {
      icon: icon.optional(),
      title: text('Highlight name.', 'Smart rate rules'),
      description: text('One or two sentences.', 'Prices follow demand automatically.'),
    }),
  },
);
