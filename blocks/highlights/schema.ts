import { z } from 'zod';
import { defineBlockSchema } from '../../schema/block.ts';
import { icon, optionalText, text } from '../../schema/primitives.ts';

export const highlightsSchema = defineBlockSchema('highlights', 'Short highlights with an icon each (key capabilities, use cases).', {
  heading: text('Section heading.', 'Highlights'),
  intro: optionalText('Sentence under the heading.', 'What your team gets on day one.'),
  items: z
    .array(z.strictObject({ icon: icon.optional(), title: text('Highlight name.', 'Smart rate rules'), description: text('One or two sentences.', 'Prices follow demand automatically.') }))
    .min(1)
    .meta({ description: 'The highlights.' }),
});
