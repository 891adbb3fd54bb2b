import type { z } from 'zod';
import { didYouMean } from './did-you-mean.ts';
import { authorErrors, inputErrors, type AuthorError } from './errors.ts';
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

/** The fields an object schema requires (those not optional). */
function requiredKeys(schema: AnySchema): string[] {
  const def = defOf(unwrap(schema));
  if (def.type !== 'object') return [];
  return Object.entries(def.shape as Record<string, AnySchema>)
    .filter(([key, field]) => key !== 'type' && defOf(field).type !== 'optional')
    .map(([key]) => key);
}

/** The schema's description, looking through `.optional()` and friends. */
export function descriptionOf(schema: AnySchema | undefined): string | undefined {
  let current = schema;
  while (current) {
    const own = (current as { description?: string }).description;
    if (own) return own;
    const def = defOf(current);
    if (def.type === 'optional' || def.type === 'default' || def.type === 'nullable' || def.type === 'readonly') current = def.innerType as AnySchema;
    else if (def.type === 'pipe') current = def.in as AnySchema;
    else return undefined;
  }
  return undefined;
}

const quote = (value: string) => `"${value}"`;

/** Names the value in words: `"title"`, `item 2 of "items"`, `the page`. */
export function labelFor(path: YamlPath, rootName = 'the page'): string {
  const last = path[path.length - 1];
  if (typeof last === 'number') {
    const parent = path[path.length - 2];
    if (parent === 'blocks' && path.length === 2) return `block ${last + 1}`;
    return `item ${last + 1} of ${typeof parent === 'string' ? quote(parent) : 'the list'}`;
  }
  return last === undefined ? rootName : quote(String(last));
}

/** The bare field name for messages about a field's value: `variant`, or `items` for an item of `items`. */
function fieldKey(path: YamlPath): string {
  for (let i = path.length - 1; i >= 0; i--) if (typeof path[i] === 'string') return String(path[i]);
  return 'value';
}

/** Names the object that holds a field: `the page`, `the "hero" block (block 1)`, `item 2 of "items"`. */
export function placeName(path: YamlPath, data: unknown, rootName = 'the page'): string {
  if (path.length === 0) return rootName;
  if (path.length === 2 && path[0] === 'blocks' && typeof path[1] === 'number') {
    const block = (data as { blocks?: Array<{ type?: unknown }> })?.blocks?.[path[1]];
    return `the ${typeof block?.type === 'string' ? `"${block.type}" ` : ''}block (block ${path[1] + 1})`;
  }
  return labelFor(path, rootName);
}

const expectedWords: Record<string, string> = {
  string: 'text',
  number: 'a number',
  int: 'a whole number',
  boolean: 'true or false',
  array: 'a list',
  object: 'a group of fields (key: value lines)',
};

export function describeValue(value: unknown): string {
  if (value === null || value === undefined) return 'empty';
  if (Array.isArray(value)) return value.length ? `a list of ${value.length}` : 'an empty list';
  if (typeof value === 'string') return `text ("${value.length > 40 ? value.slice(0, 40) + '…' : value}")`;
  if (typeof value === 'number') return `a number (${value})`;
  if (typeof value === 'boolean') return `${value}`;
  if (typeof value === 'object') return 'a group of fields';
  return typeof value;
}

/**
 * What a list holds, in words, taken from the list's description ("The feature cards." → "feature cards") or else
 * from the field's name ("chips").
 */
function listNoun(schema: AnySchema | undefined, path: YamlPath): string {
  const described = /^The ([a-z][a-z -]*?)(?:[.,:;]|$)/i.exec(descriptionOf(schema) ?? '')?.[1];
  if (described) return described;
  const last = path[path.length - 1];
  return typeof last === 'string' ? last : 'items';
}

function expectedFor(issueExpected: string, schema: AnySchema | undefined, path: YamlPath): string {
  if (issueExpected === 'array') return `a list of ${listNoun(schema, path)}`;
  if (issueExpected === 'object' && schema && objectKeys(schema).includes('src') && objectKeys(schema).includes('alt')) return 'an image (a group of fields with "src" and "alt")';
  if (issueExpected === 'object' && schema) {
    const required = requiredKeys(schema);
    if (required.length) return `a group of fields such as ${required.length === 1 ? required[0] : `${required.slice(0, -1).join(', ')} and ${required[required.length - 1]}`}`;
  }
  if (issueExpected === 'number' && schema && (defOf(unwrap(schema)).checks as unknown[] | undefined)?.length) return 'a number';
  return expectedWords[issueExpected] ?? issueExpected;
}

function valueAt(data: unknown, path: YamlPath): unknown {
  let current = data;
  for (const step of path) {
    if (current === null || typeof current !== 'object') return undefined;
    current = (current as Record<string | number, unknown>)[step];
  }
  return current;
}

/** The image `src` next to a missing or empty `alt`, to name the image in the message. */
function imageSrc(data: unknown, parentPath: YamlPath): string | undefined {
  const src = (valueAt(data, parentPath) as { src?: unknown } | undefined)?.src;
  return typeof src === 'string' ? src : undefined;
}

const formatWords: Record<string, string> = {
  url: 'a full web address starting with https://',
  email: 'an email address such as hello@example.com',
};

/** Turns zod issues into author errors. `root` is the schema that was parsed, `data` the parsed YAML. */
export function translateIssues(issues: readonly Issue[], root: AnySchema, data: unknown, prefix: YamlPath = [], rootName = 'the page'): LocatedError[] {
  const out: LocatedError[] = [];
  // A misspelt field shows up twice in zod (unknown "titel", missing "title"): report it once, as the typo.
  const typoTargets = new Set<string>();
  for (const issue of issues) {
    if (issue.code !== 'unrecognized_keys') continue;
    const allowed = objectKeys(schemaAt(root, issue.path as YamlPath));
    for (const key of issue.keys) {
      const guess = didYouMean(key, allowed);
      if (guess) typoTargets.add(JSON.stringify([...prefix, ...issue.path, guess]));
    }
  }

  for (const issue of issues) {
    const path = issue.path as (string | number)[];
    const full = [...prefix, ...path];
    const schema = schemaAt(root, path);
    const value = valueAt(data, full);
    const label = labelFor(full, rootName);
    const field = fieldKey(full);
    const parentPath = full.slice(0, -1);
    switch (issue.code) {
      case 'unrecognized_keys': {
        const allowed = objectKeys(schema).filter((key) => key !== 'type');
        for (const key of issue.keys) {
          out.push({ ...authorErrors.unknownField(key, placeName(full, data, rootName), didYouMean(key, allowed), allowed), path: full, key });
        }
        break;
      }
      case 'invalid_type':
      case 'invalid_value': {
        if (value === undefined) {
          if (typoTargets.has(JSON.stringify(full))) break;
          if (field === 'alt' && typeof path[path.length - 1] === 'string') {
            out.push({ ...authorErrors.missingAltText(imageSrc(data, parentPath), placeName(parentPath, data, rootName)), path: full });
          } else {
            out.push({ ...authorErrors.missingField(field, placeName(parentPath, data, rootName), descriptionOf(schema)), path: full });
          }
        } else if (issue.code === 'invalid_value') {
          const allowed = issue.values.map(String);
          out.push({ ...authorErrors.badEnumValue(field, value, typeof value === 'string' ? didYouMean(value, allowed) : undefined, allowed), path: full });
        } else {
          out.push({ ...authorErrors.wrongType(label, expectedFor(issue.expected, schema, full), describeValue(value)), path: full });
        }
        break;
      }
      case 'too_small': {
        if (issue.origin === 'array') out.push({ ...authorErrors.tooFew(label, Number(issue.minimum), 'item'), path: full });
        else if (issue.origin === 'string' && Number(issue.minimum) === 1) {
          out.push({ ...(field === 'alt' ? authorErrors.emptyAltText(imageSrc(data, parentPath)) : authorErrors.emptyText(label)), path: full });
        } else if (issue.origin === 'string') out.push({ ...authorErrors.tooFew(label, Number(issue.minimum), 'character'), path: full });
        else out.push({ ...authorErrors.numberOutOfRange(label, Number(issue.minimum) + (issue.inclusive === false ? 1 : 0), 'at least', value), path: full });
        break;
      }
      case 'too_big': {
        if (issue.origin === 'array') out.push({ ...authorErrors.tooMany(label, Number(issue.maximum), 'item', Array.isArray(value) ? value.length : undefined), path: full });
        else if (issue.origin === 'string') out.push({ ...authorErrors.tooMany(label, Number(issue.maximum), 'character', typeof value === 'string' ? value.length : undefined), path: full });
        else out.push({ ...authorErrors.numberOutOfRange(label, Number(issue.maximum) - (issue.inclusive === false ? 1 : 0), 'at most', value), path: full });
        break;
      }
      case 'invalid_format': {
        const expected = formatWords[issue.format] ?? (issue.message.startsWith('Invalid') ? `a valid ${issue.format}` : issue.message);
        out.push({ ...authorErrors.badFormat(quote(field), String(value), expected), path: full });
        break;
      }
      case 'invalid_union':
        out.push(...translateUnion(issue, schema, value, full, label, field, data, rootName));
        break;
      case 'custom': {
        // URL fields (schema/primitives.ts) say which rule of schema/url-policy.ts the address breaks.
        const url = issue.params as { urlProblem?: string; urlRule?: string } | undefined;
        if (url?.urlProblem && typeof value === 'string') {
          out.push({ ...inputErrors.badUrl(field, value, url.urlProblem, url.urlRule ?? 'link'), path: full });
          break;
        }
        out.push({ ...authorErrors.invalidValue(label, issue.message), path: full });
        break;
      }
      default:
        out.push({ ...authorErrors.invalidValue(label, issue.message.replace(/^Invalid input: /, '')), path: full });
    }
  }
  return out;
}

/**
 * A value that matches none of a union's forms. Unions of fixed values read as a list of allowed values, unions of
 * plain types as "true or false, or text", and unions of objects are explained by the form the author was closest to.
 */
function translateUnion(issue: z.core.$ZodIssueInvalidUnion, schema: AnySchema | undefined, value: unknown, full: YamlPath, label: string, field: string, data: unknown, rootName: string): LocatedError[] {
  const branches = issue.errors;
  const single = branches.every((branch) => branch.length === 1 && branch[0]!.path.length === 0);
  if (single && branches.every((branch) => branch[0]!.code === 'invalid_value')) {
    const allowed = branches.flatMap((branch) => (branch[0] as z.core.$ZodIssueInvalidValue).values.map(String));
    return [{ ...authorErrors.badEnumValue(field, value, typeof value === 'string' ? didYouMean(value, allowed) : undefined, allowed), path: full }];
  }
  if (single && branches.every((branch) => branch[0]!.code === 'invalid_type')) {
    const expected = [...new Set(branches.map((branch) => expectedWords[(branch[0] as z.core.$ZodIssueInvalidType).expected] ?? 'another value'))].join(', or ');
    return [{ ...authorErrors.wrongType(label, expected, describeValue(value)), path: full }];
  }
  // Objects: explain against the form the author was closest to: the one that knows most of the fields written
  // (counting likely typos), then the one with the fewest problems; when two forms tie, list the forms.
  const options = schema ? ((defOf(unwrap(schema)).options as AnySchema[] | undefined) ?? []) : [];
  if (value && typeof value === 'object' && !Array.isArray(value) && options.length === branches.length) {
    const written = Object.keys(value);
    const scored = branches.map((branch, index) => {
      const keys = objectKeys(options[index]);
      const known = written.filter((key) => keys.includes(key) || didYouMean(key, keys) !== undefined).length;
      return { branch, option: options[index]!, known, problems: branch.length };
    });
    scored.sort((a, b) => b.known - a.known || a.problems - b.problems);
    const [best, next] = scored;
    if (best && (!next || best.known > next.known || best.problems < next.problems)) {
      return translateIssues(best.branch, best.option, data, full, rootName);
    }
  }
  return [{ ...authorErrors.noMatchingShape(label, unionShapes(schema)), path: full }];
}

function unionShapes(schema: AnySchema | undefined): string {
  if (!schema) return 'the form shown in the example';
  const def = defOf(unwrap(schema));
  if (def.type !== 'union') return 'the form shown in the example';
  return (def.options as AnySchema[])
    .map((option) => {
      const keys = objectKeys(option);
      if (keys.length) return `fields ${keys.join(', ')}`;
      const inner = defOf(unwrap(option));
      if (inner.type === 'literal') return (inner.values as unknown[]).map(String).join(', ');
      return expectedWords[inner.type] ?? inner.type;
    })
    .join(' or ');
}
