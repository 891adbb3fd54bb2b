import { defineBlockSchema, sectionFields } from '../../schema/block.ts';
import { itemList, text } from '../../schema/primitives.ts';

export const stepsSchema = defineBlockSchema('steps', 'A numbered list of steps (how it works).', {
  ...sectionFields({ heading: 'How it works', intro: 'Go live in a week.' }),
  items: itemList('The steps, in order.', {
    title: text('Step name.', 'Connect your channels'),
    description: text('What happens in this step.', 'Link Booking.com and Expedia in minutes.'),
  }),
});
