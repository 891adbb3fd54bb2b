import { readFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { blockSchemas, blockTypes } from '../../blocks/schemas.ts';
import { blockRules } from '../../schema/block-rule.ts';
import { localesSchema } from '../../schema/locales.ts';

const root = path.resolve(import.meta.dirname, '../..');
/** The codes the catalogue gives its entries (`code: 'broken-link'`). */
const catalogueCodes = new Set(
  [
    ...readFileSync(path.join(root, 'engine/errors.ts'), 'utf8').matchAll(
      /\bcode: '([a-z0-9-]+)'/g,
    ),
  ].map((match) => match[1]!),
);

describe('error codes', () => {
  const rules = [
    ...blockTypes.flatMap((type) =>
      (blockRules.get(blockSchemas[type]) ?? []).map((rule) => ({ type, code: rule.code })),
    ),
    // The languages' words keep the places of their values (schema/locales.ts).
    ...(blockRules.get(localesSchema.shape.list.element.shape.words) ?? []).map((rule) => ({
      type: 'words',
      code: rule.code,
    })),
  ];

  it('the blocks declare their rules (comparisonTable: one value per column)', () => {
    expect(rules).toContainEqual({ type: 'comparisonTable', code: 'column-count' });
    expect(rules).toContainEqual({ type: 'words', code: 'word-placeholder' });
    expect(catalogueCodes.size).toBeGreaterThan(50);
  });

  it('a block rule’s code is its own: not used by another rule nor by the catalogue', () => {
    const codes = rules.map((rule) => rule.code);
    expect(new Set(codes).size).toBe(codes.length);
    expect(codes.filter((code) => catalogueCodes.has(code))).toEqual([]);
  });
});
