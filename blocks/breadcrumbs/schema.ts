import { z } from 'zod';
import { defineBlockSchema } from '../../schema/block.ts';
import { href, text } from '../../schema/primitives.ts';

export const breadcrumbsSchema = defineBlockSchema('breadcrumbs', 'The trail from Home to this page; the last item is the current page and has no link.', {
  items: z
    .array(z.strictObject({ label: text('Name of the page.', 'Solutions'), href: href.optional() }))
    .min(1)
    .meta({ description: 'From the top level down to this page.' }),
});
