import { defineBlockSchema } from '../../schema/block.ts';
import { action, text } from '../../schema/primitives.ts';

export const notFoundSchema = defineBlockSchema(
  'notFound',
  'The body of the 404 page: a message and a way back.',
  {
    title: text('Headline.', 'Oops! Page not found'),
    body: text('One sentence.', 'The page you are looking for does not exist or has moved.'),
    action,
  },
);
