import { z } from 'zod';
import type { YamlPath } from './yaml-source.ts';

/**
 * Reading zod schemas through zod 4's own classes (`z.core.$ZodObject`, `_zod.def`), for the
 * validator's messages and the block documentation: what a field is, what it holds, what it is
 * described as.
 */
export type AnySchema = z.core.$ZodType;

/**
 * One layer in: the schema inside `.optional()`, `.default()`, `.nullable()`, `.readonly()`, or a
 * pipe's input.
 */
function innerOnce(schema: AnySchema): AnySchema {
  if (
    schema instanceof z.core.$ZodOptional ||
    schema instanceof z.core.$ZodDefault ||
    schema instanceof z.core.$ZodNullable ||
    schema instanceof z.core.$ZodReadonly
  )
    return schema._zod.def.innerType;
  if (schema instanceof z.core.$ZodPipe) return schema._zod.def.in;
  return schema;
}

/**
 * The schema inside every `.optional()`, `.default()`, `.nullable()`, `.readonly()` and `.pipe()`
 * (its input side).
 */
export function unwrap(schema: AnySchema): AnySchema {
  for (let current = schema; ;) {
    const inner = innerOnce(current);
    if (inner === current) return current;
    current = inner;
  }
}

/**
 * The alternatives of a union (discriminated or not), looking through wrappers; empty for anything
 * else.
 */
export function unionOptions(schema: AnySchema | undefined): readonly AnySchema[] {
  const inner = schema && unwrap(schema);
  return inner instanceof z.core.$ZodUnion ? inner._zod.def.options : [];
}

function shapeOf(schema: AnySchema | undefined): Record<string, AnySchema> | undefined {
  const inner = schema && unwrap(schema);
  return inner instanceof z.core.$ZodObject ? inner._zod.def.shape : undefined;
}

/** The field names an object schema (or any form of a union of objects) allows. */
export function objectKeys(schema: AnySchema | undefined): string[] {
  const options = unionOptions(schema);
  if (options.length) return [...new Set(options.flatMap((option) => objectKeys(option)))];
  return Object.keys(shapeOf(schema) ?? {});
}

/** The fields an object schema requires (those not optional), `type` aside. */
export function requiredKeys(schema: AnySchema): string[] {
  return Object.entries(shapeOf(schema) ?? {})
    .filter(([key, field]) => key !== 'type' && !(field instanceof z.core.$ZodOptional))
    .map(([key]) => key);
}

/**
 * The schema that describes the value at `path` inside `root`, if the path stays inside objects and
 * arrays.
 */
export function schemaAt(root: AnySchema, path: YamlPath): AnySchema | undefined {
  let current: AnySchema | undefined = root;
  for (const step of path) {
    if (!current) return undefined;
    let inner = unwrap(current);
    if (inner instanceof z.core.$ZodUnion && typeof step === 'string') {
      const option = unionOptions(inner).find((candidate) => objectKeys(candidate).includes(step));
      if (!option) return undefined;
      inner = unwrap(option);
    }
    if (inner instanceof z.core.$ZodObject && typeof step === 'string')
      current = inner._zod.def.shape[step];
    else if (inner instanceof z.core.$ZodArray && typeof step === 'number')
      current = inner._zod.def.element;
    else return undefined;
  }
  return current;
}

/** The schema's description (`.meta({ description })`), from the outermost layer that has one. */
export function descriptionOf(schema: AnySchema | undefined): string | undefined {
  for (let current = schema; current;) {
    const own = z.globalRegistry.get(current)?.description;
    if (own) return own;
    const inner = innerOnce(current);
    if (inner === current) return undefined;
    current = inner;
  }
  return undefined;
}

/** A literal's values (`z.literal('a')` → ['a']), or undefined for any other schema. */
export function literalValues(schema: AnySchema): readonly unknown[] | undefined {
  const inner = unwrap(schema);
  return inner instanceof z.core.$ZodLiteral ? inner._zod.def.values : undefined;
}

/** The kind of a schema as zod names it (`string`, `object`, `array`…), after unwrapping. */
export const schemaKind = (schema: AnySchema): string => unwrap(schema)._zod.def.type;

/** The message a `.regex(pattern, message)` check was given, for the editor's JSON Schema. */
export function regexMessage(schema: AnySchema): string | undefined {
  for (const check of schema._zod.def.checks ?? []) {
    if (check instanceof z.core.$ZodCheckRegex) {
      const message = check._zod.def.error?.({} as never);
      if (typeof message === 'string') return message;
    }
  }
  return undefined;
}
