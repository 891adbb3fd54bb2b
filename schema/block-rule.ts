import type { z } from 'zod';

/**
 * `1 value`, `3 values`: a count with its noun, for the words of the validator and of the blocks'
 * rules.
 */
export const plural = (count: number, one: string, many = `${one}s`) =>
  `${count} ${count === 1 ? one : many}`;

/**
 * What an author reads about a broken rule: the shape of every entry of the validator's catalogue.
 */
export interface RuleWording {
  code: string;
  message: string;
  hint: string;
  /**
   * The words for the page editor's form: `'same'` when the file's words speak of nothing a form
   * lacks.
   */
  form: { message?: string; hint: string } | 'same';
}

/**
 * A rule across a block's fields, owned by the block: its code, and its words as functions of the
 * data the check found (never the other way round: the validator does not read the words to decide
 * anything). The code must be unique among every error code of the validator
 * (tests/validator/error-codes.test.ts checks it).
 */
export interface BlockRule<Data> {
  code: string;
  message: (data: Data) => string;
  hint: (data: Data) => string;
  /**
   * The words for the page editor's form, when the file's speak of lines, colons, indentation or
   * quotes (a form has none); left out, the file's words serve both (engine/errors-wording.test.ts
   * checks they may).
   */
  form?: (data: Data) => { message?: string; hint: string };
}

/**
 * A custom zod issue's params when a block's rule reports it: the rule and the data to word it
 * with.
 */
interface BlockRuleParams<Data> {
  blockRule: BlockRule<Data>;
  data: Data;
}

export function defineBlockRule<Data>(rule: BlockRule<Data>): BlockRule<Data> {
  return rule;
}

/**
 * The issue a block's `superRefine` adds when its rule is broken at `path` (a field of the block).
 */
export function ruleIssue<Data>(
  rule: BlockRule<Data>,
  path: PropertyKey[],
  data: Data,
): { code: 'custom'; path: PropertyKey[]; params: Record<string, unknown> } {
  const params: BlockRuleParams<Data> = { blockRule: rule, data };
  return { code: 'custom', path, params: { ...params } };
}

/**
 * The author's words for a custom issue reported by a block's rule; undefined for any other issue.
 */
export function ruleWording(params: unknown): RuleWording | undefined {
  const candidate = params as Partial<BlockRuleParams<unknown>> | undefined;
  const rule = candidate?.blockRule;
  if (
    !rule ||
    typeof rule.code !== 'string' ||
    typeof rule.message !== 'function' ||
    typeof rule.hint !== 'function'
  )
    return undefined;
  return {
    code: rule.code,
    message: rule.message(candidate.data),
    hint: rule.hint(candidate.data),
    form: rule.form ? rule.form(candidate.data) : 'same',
  };
}

/**
 * Every rule of the blocks, by the schema that checks it (for the code-uniqueness test and the
 * docs).
 */
export const blockRules = new WeakMap<z.ZodType, readonly BlockRule<never>[]>();

/** Records `rules` as checked by `schema` and returns the schema. */
export function withRules<S extends z.ZodType>(schema: S, rules: readonly BlockRule<never>[]): S {
  blockRules.set(schema, rules);
  return schema;
}
