import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import { defineBlockRule, ruleIssue } from '../schema/block-rule.ts';
import { translateIssues } from './zod-issues.ts';

/**
 * A block's own rule: a zod check that adds `ruleIssue(rule, path, data)`; the rule words itself
 * from the data.
 */
const sameLength = defineBlockRule<{ expected: number; got: number }>({
  code: 'same-length',
  message: ({ expected, got }) => `${got} values for ${expected} columns.`,
  hint: ({ expected }) => `Give ${expected} values.`,
});
const table = z
  .strictObject({
    columns: z.array(z.string()),
    rows: z.array(z.strictObject({ values: z.array(z.string()) })),
  })
  .superRefine((block, ctx) => {
    block.rows.forEach((row, index) => {
      if (row.values.length !== block.columns.length)
        ctx.addIssue(
          ruleIssue(sameLength, ['rows', index, 'values'], {
            expected: block.columns.length,
            got: row.values.length,
          }),
        );
    });
  });

describe('translateIssues', () => {
  it('words a block rule’s issue with the rule’s own words and code, at its path', () => {
    const data = {
      blocks: [{ columns: ['a', 'b'], rows: [{ values: ['x', 'y'] }, { values: ['x'] }] }],
    };
    const issues = table.safeParse(data.blocks[0]).error!.issues;
    expect(translateIssues(issues, table, data, ['blocks', 0])).toEqual([
      {
        code: 'same-length',
        message: '1 values for 2 columns.',
        hint: 'Give 2 values.',
        form: 'same',
        path: ['blocks', 0, 'rows', 1, 'values'],
      },
    ]);
  });

  it('falls back to the generic message for a custom issue no rule words', () => {
    const odd = z.string().superRefine((_, ctx) =>
      ctx.addIssue({
        code: 'custom',
        message: 'not odd enough',
        params: { code: 'no-such-rule' },
      }),
    );
    const [error] = translateIssues(odd.safeParse('x').error!.issues, odd, { title: 'x' }, [
      'title',
    ]);
    expect(error).toMatchObject({
      code: 'invalid',
      message: '"title" is not valid: not odd enough.',
      path: ['title'],
    });
  });

  it('names what was expected and what was found from data, not words (one form, a union of forms)', () => {
    const schema = z.strictObject({
      count: z.union([z.number(), z.boolean()]),
      items: z.array(z.string()).meta({ description: 'The feature cards.' }),
    });
    const errors = translateIssues(
      schema.safeParse({ count: 'many', items: 'one' }).error!.issues,
      schema,
      { count: 'many', items: 'one' },
    );
    expect(errors.map((error) => error.message)).toEqual([
      '"count" should be a number, or true or false, but it is text ("many").',
      '"items" should be a list of feature cards, but it is text ("one").',
    ]);
  });
});
