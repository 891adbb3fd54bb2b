import { defineBlockSchema } from '../../schema/block.ts';
import { href, itemList, text } from '../../schema/primitives.ts';

export const breadcrumbsSchema = defineBlockSchema(
  'breadcrumbs',
  'The trail from Home to this page; the last item is the current page and has no link.',
  {
    items: itemList('From the top level down to this page.', {
      label: text('Name of the page.', 'Solutions'),
      href: href.optional(),
    }),
  },
);
