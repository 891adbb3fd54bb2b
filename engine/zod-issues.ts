import type { z } from 'zod';
import { didYouMean } from './did-you-mean.ts';
import { authorErrors, type AuthorError } from './errors.ts';
import type { YamlPath } from './yaml-source.ts';

type Issue = z.core.$ZodIssue;
type AnySchema = z.core.$ZodType;

/** A zod issue translated for authors, with the path where it should be shown (and the key, for unknown fields). */
export interface LocatedError extends AuthorError {
  path: YamlPath;
  key?: string;
}

function defOf(schema: AnySchema): Record<string, unknown> & { type: string } {
  return (schema as unknown as { _zod: { def: Record<string, unknown> & { type: string } } })._zod.def;
}

function unwrap(schema: AnySchema): AnySchema {
  let current = schema;
  for (;;) {
    const def = defOf(current);
    if (def.type === 'optional' || def.type === 'default' || def.type === 'nullable' || def.type === 'readonly') current = def.innerType as AnySchema;
    else if (def.type === 'pipe') current = def.in as AnySchema;
    else return current;
  }
}

/** The schema that describes the value at `path` inside `root`, if the path stays inside objects and arrays. */
export function schemaAt(root: AnySchema, path: YamlPath): AnySchema | undefined {
  let current: AnySchema | undefined = root;
  for (const step of path) {
    if (!current) return undefined;
    let def = defOf(unwrap(current));
    if (def.type === 'union' && typeof step === 'string') {
      const option = (def.options as AnySchema[]).find((candidate) => objectKeys(candidate).includes(step));
      if (!option) return undefined;
      def = defOf(unwrap(option));
    }
    if (def.type === 'object' && typeof step === 'string') current = (def.shape as Record<string, AnySchema>)[step];
    else if (def.type === 'array' && typeof step === 'number') current = def.element as AnySchema;
    else return undefined;
  }
  return current;
}

export function objectKeys(schema: AnySchema | undefined): string[] {
  if (!schema) return [];
  const def = defOf(unwrap(schema));
  if (def.type === 'union') return [...new Set((def.options as AnySchema[]).flatMap((option) => objectKeys(option)))];
  return def.type === 'object' ? Object.keys(def.shape as object) : [];
}

function description(schema: AnySchema | undefined): string | undefined {
  return (schema as { description?: string } | undefined)?.description;
}

/** Names the value in words: `title`, `item 2 of "items"`. */
export function fieldName(path: YamlPath): string {
  const last = path[path.length - 1];
  if (typeof last === 'number') {
    const parent = path[path.length - 2];
    return `item ${last + 1} of ${typeof parent === 'string' ? parent : 'the list'}`;
  }
  return last === undefined ? 'the page' : String(last);
}

/** Names the object that holds a field: `the page`, `the "hero" block (block 1)`, `item 2 of "items"`. */
export function placeName(path: YamlPath, data: unknown): string {
  if (path.length === 0) return 'the page';
  if (path.length === 2 && path[0] === 'blocks' && typeof path[1] === 'number') {
    const block = (data as { blocks?: Array<{ type?: unknown }> })?.blocks?.[path[1]];
    return `the ${typeof block?.type === 'string' ? `"${block.type}" ` : ''}block (block ${path[1] + 1})`;
  }
  return fieldName(path);
}

const expectedWords: Record<string, string> = {
  string: 'text',
  number: 'a number',
  int: 'a whole number',
  boolean: 'true or false',
  array: 'a list',
  object: 'a group of fields (key: value lines)',
  literal: 'a fixed value',
};

export function describeValue(value: unknown): string {
  if (value === null) return 'empty';
  if (Array.isArray(value)) return 'a list';
  if (typeof value === 'string') return `text ("${value.length > 40 ? value.slice(0, 40) + '…' : value}")`;
  if (typeof value === 'number') return `a number (${value})`;
  if (typeof value === 'boolean') return `${value}`;
  if (typeof value === 'object') return 'a group of fields';
  return typeof value;
}

function expectedFor(issueExpected: string, schema: AnySchema | undefined, fieldPath: YamlPath): string {
  const base = expectedWords[issueExpected] ?? issueExpected;
  if (issueExpected === 'array') {
    const last = fieldPath[fieldPath.length - 1];
    return typeof last === 'string' ? `a list of ${last}` : 'a list';
  }
  void schema;
  return base;
}

function valueAt(data: unknown, path: YamlPath): unknown {
  let current = data;
  for (const step of path) {
    if (current === null || typeof current !== 'object') return undefined;
    current = (current as Record<string | number, unknown>)[step];
  }
  return current;
}

/** Turns zod issues into author errors. `root` is the schema that was parsed, `data` the parsed YAML. */
export function translateIssues(issues: readonly Issue[], root: AnySchema, data: unknown, prefix: YamlPath = []): LocatedError[] {
  const out: LocatedError[] = [];
  for (const issue of issues) {
    const path = issue.path as (string | number)[];
    const full = [...prefix, ...path];
    const schema = schemaAt(root, path);
    const value = valueAt(data, full);
    const field = fieldName(full);
    switch (issue.code) {
      case 'unrecognized_keys': {
        const allowed = objectKeys(schema).filter((key) => key !== 'type');
        for (const key of issue.keys) {
          out.push({ ...authorErrors.unknownField(key, placeName(full, data), didYouMean(key, allowed), allowed), path: full, key });
        }
        break;
      }
      case 'invalid_type': {
        if (value === undefined) {
          const parentPath = full.slice(0, -1);
          out.push({ ...authorErrors.missingField(field, placeName(parentPath, data), description(schema)), path: full });
        } else {
          out.push({ ...authorErrors.wrongType(field, expectedFor(issue.expected, schema, full), describeValue(value)), path: full });
        }
        break;
      }
      case 'invalid_value': {
        const allowed = issue.values.map(String);
        if (value === undefined) {
          out.push({ ...authorErrors.missingField(field, placeName(full.slice(0, -1), data), description(schema)), path: full });
        } else {
          out.push({ ...authorErrors.badEnumValue(field, String(value), didYouMean(String(value), allowed), allowed), path: full });
        }
        break;
      }
      case 'too_small': {
        const unit = issue.origin === 'array' ? 'items' : issue.origin === 'string' ? 'characters' : '';
        out.push({ ...authorErrors.tooFew(field, Number(issue.minimum), unit), path: full });
        break;
      }
      case 'too_big': {
        const unit = issue.origin === 'array' ? 'items' : issue.origin === 'string' ? 'characters' : '';
        out.push({ ...authorErrors.tooMany(field, Number(issue.maximum), unit), path: full });
        break;
      }
      case 'invalid_format':
        out.push({ ...authorErrors.badFormat(field, String(value), issue.message.startsWith('Invalid') ? `a valid ${issue.format}` : issue.message), path: full });
        break;
      case 'invalid_union':
        out.push({ ...authorErrors.noMatchingShape(field, unionShapes(schema)), path: full });
        break;
      default:
        out.push({ code: 'invalid', message: `${field}: ${issue.message}`, path: full });
    }
  }
  return out;
}

function unionShapes(schema: AnySchema | undefined): string {
  if (!schema) return 'the documented form';
  const def = defOf(unwrap(schema));
  if (def.type !== 'union') return 'the documented form';
  return (def.options as AnySchema[])
    .map((option) => {
      const keys = objectKeys(option);
      if (keys.length) return `{ ${keys.join(', ')} }`;
      return expectedWords[defOf(unwrap(option)).type] ?? defOf(unwrap(option)).type;
    })
    .join(' or ');
}
