import { z } from 'zod';
import { defineBlockSchema } from '../../schema/block.ts';
import { optionalText, text, textList } from '../../schema/primitives.ts';

const cell = z
  .union([z.boolean(), z.string().trim().min(1)])
  .meta({ description: 'yes/no (true/false) or a level such as Basic.', examples: [true, 'Smart'] });

export const comparisonTableSchema = defineBlockSchema('comparisonTable', 'A feature comparison table: one row per feature, one column per plan.', {
  heading: text('Section heading.', 'Compare plans'),
  caption: optionalText('Table caption read by screen readers.', 'Features included in each plan'),
  columns: textList('Column headings (the plans).', ['Starter', 'Growth', 'Enterprise']),
  rows: z
    .array(z.strictObject({ feature: text('Row heading.', 'PMS'), values: z.array(cell).min(1).meta({ description: 'One value per column.' }) }))
    .min(1)
    .meta({ description: 'The rows.' }),
});
