import { defineBlockSchema } from '../../schema/block.ts';
import { action, optionalText, text } from '../../schema/primitives.ts';

export const ctaBandSchema = defineBlockSchema(
  'ctaBand',
  'A closing call-to-action band. The button defaults to "Book a Demo" → /book-demo.',
  {
    heading: text('The call to action.', 'See it running in your hotel'),
    body: optionalText(
      'One sentence under the heading.',
      'A 30-minute walkthrough with a hospitality expert.',
    ),
    action: action.optional(),
  },
);
