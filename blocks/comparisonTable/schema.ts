import { z } from 'zod';
import { defineBlockSchema, sectionFields, whenFieldsAreValid } from '../../schema/block.ts';
import { defineBlockRule, plural, ruleIssue, withRules } from '../../schema/block-rule.ts';
import { itemList, optionalText, text, textList } from '../../schema/primitives.ts';
import { translatable } from '../../schema/translatable.ts';

const cell = z.union([z.boolean(), translatable(z.string().trim().min(1))]).meta({
  description: 'yes/no (true/false) or a level such as Basic.',
  examples: [true, 'Smart'],
});

/** Every row has one value per column. */
const columnCount = defineBlockRule<{ expected: number; got: number }>({
  code: 'column-count',
  message: ({ expected, got }) =>
    `This row has ${plural(got, 'value')} but the table has ${plural(expected, 'column')}.`,
  hint: () => 'Give one value per column, in the same order as "columns".',
});

const table = defineBlockSchema(
  'comparisonTable',
  'A feature comparison table: one row per feature, one column per plan.',
  {
    ...sectionFields({ heading: 'Compare plans' }),
    caption: optionalText(
      'Table caption read by screen readers.',
      'Features included in each plan',
    ),
    columns: textList('Column headings (the plans).', ['Starter', 'Growth', 'Enterprise']),
    rows: itemList('The rows.', {
      feature: text('Row heading.', 'PMS'),
      values: z.array(cell).min(1).meta({ description: 'One value per column.' }),
    }),
  },
).superRefine((block, ctx) => {
  block.rows.forEach((row, index) => {
    if (row.values.length !== block.columns.length) {
      ctx.addIssue(
        ruleIssue(columnCount, ['rows', index, 'values'], {
          expected: block.columns.length,
          got: row.values.length,
        }),
      );
    }
  });
}, whenFieldsAreValid);

export const comparisonTableSchema = withRules(table, [columnCount]);
