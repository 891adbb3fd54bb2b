import type { z } from 'zod';
import { didYouMean } from './did-you-mean.ts';
import { ruleWording } from '../schema/block-rule.ts';
import {
  authorErrors,
  inputErrors,
  type AuthorError,
  type Expected,
  type Format,
  type Found,
  type Root,
  type Shape,
  type Subject,
  type ValueKind,
} from './errors.ts';
import type { YamlPath } from './yaml-source.ts';
import {
  descriptionOf,
  literalValues,
  objectKeys,
  regexMessage,
  requiredKeys,
  schemaAt,
  schemaKind,
  unionOptions,
  unwrap,
  type AnySchema,
} from './zod-schema.ts';

type Issue = z.core.$ZodIssue;

/**
 * A zod issue translated for authors, with the path where it should be shown (and the key, for
 * unknown fields).
 */
export interface LocatedError extends AuthorError {
  path: YamlPath;
  key?: string;
}

/**
 * The value at the end of `path`, as the catalogue names it: a field, an item of a list, a block,
 * the file.
 */
function subjectAt(path: YamlPath, data: unknown, root: Root): Subject {
  const last = path[path.length - 1];
  if (last === undefined) return { kind: 'root', root };
  if (typeof last === 'string') return { kind: 'field', name: last };
  const parent = path[path.length - 2];
  if (parent === 'blocks' && path.length === 2) {
    const type = (valueAt(data, path) as { type?: unknown } | null | undefined)?.type;
    return { kind: 'block', index: last, type: typeof type === 'string' ? type : undefined };
  }
  return { kind: 'item', index: last, list: typeof parent === 'string' ? parent : undefined };
}

/**
 * The bare field name for messages about a field's value: `variant`, or `items` for an item of
 * `items`.
 */
function fieldKey(path: YamlPath): string {
  for (let i = path.length - 1; i >= 0; i--)
    if (typeof path[i] === 'string') return String(path[i]);
  return 'value';
}

/** What the author wrote, by kind. */
export function foundValue(value: unknown): Found {
  if (value === null || value === undefined) return { kind: 'empty' };
  if (Array.isArray(value)) return { kind: 'list', length: value.length };
  if (typeof value === 'string') return { kind: 'text', value };
  if (typeof value === 'number') return { kind: 'number', value };
  if (typeof value === 'boolean') return { kind: 'boolean', value };
  if (typeof value === 'object') return { kind: 'fields' };
  return { kind: 'other', name: typeof value };
}

/** zod's names of value types (`issue.expected`, a schema's kind) as kinds of value. */
function kindOf(zodType: string): ValueKind {
  switch (zodType) {
    case 'string':
      return { kind: 'text' };
    case 'number':
      return { kind: 'number' };
    case 'int':
      return { kind: 'whole-number' };
    case 'boolean':
      return { kind: 'boolean' };
    case 'array':
      return { kind: 'list' };
    case 'object':
      return { kind: 'fields' };
    default:
      return { kind: 'other', name: zodType };
  }
}

/**
 * What a list holds, in words, taken from the list's description ("The feature cards." → "feature
 * cards") or else from the field's name ("chips").
 */
function listNoun(schema: AnySchema | undefined, path: YamlPath): string {
  const described = /^The ([a-z][a-z -]*?)(?:[.,:;]|$)/i.exec(descriptionOf(schema) ?? '')?.[1];
  if (described) return described;
  const last = path[path.length - 1];
  return typeof last === 'string' ? last : 'items';
}

/**
 * The kind of value expected at `path`, as precise as the schema allows (a list of what, which
 * fields).
 */
function expectedAt(
  issueExpected: string,
  schema: AnySchema | undefined,
  path: YamlPath,
): ValueKind {
  if (issueExpected === 'array') return { kind: 'list', noun: listNoun(schema, path) };
  if (issueExpected === 'object' && schema) {
    const keys = objectKeys(schema);
    if (keys.includes('src') && keys.includes('alt')) return { kind: 'image' };
    return { kind: 'fields', suchAs: requiredKeys(schema) };
  }
  return kindOf(issueExpected);
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

/**
 * How a string of `format` must look: the schema's own words for a pattern, known words for URLs
 * and emails.
 */
function formatOf(format: string, schema: AnySchema | undefined): Format {
  if (format === 'url' || format === 'email') return { kind: format };
  const words = format === 'regex' && schema ? regexMessage(unwrap(schema)) : undefined;
  return words ? { kind: 'described', words } : { kind: 'named', name: format };
}

/**
 * Turns zod issues into author errors. `schema` is the schema that was parsed, `data` the parsed
 * YAML.
 */
export function translateIssues(
  issues: readonly Issue[],
  schema: AnySchema,
  data: unknown,
  prefix: YamlPath = [],
  root: Root = 'page',
): LocatedError[] {
  const out: LocatedError[] = [];
  // A misspelt field shows up twice in zod (unknown "titel", missing "title"): report it once, as
  // the typo.
  const typoTargets = new Set<string>();
  for (const issue of issues) {
    if (issue.code !== 'unrecognized_keys') continue;
    const allowed = objectKeys(schemaAt(schema, issue.path as YamlPath));
    for (const key of issue.keys) {
      const guess = didYouMean(key, allowed);
      if (guess) typoTargets.add(JSON.stringify([...prefix, ...issue.path, guess]));
    }
  }

  for (const issue of issues) {
    const path = issue.path as (string | number)[];
    const full = [...prefix, ...path];
    const at = schemaAt(schema, path);
    const value = valueAt(data, full);
    const subject = subjectAt(full, data, root);
    const field = fieldKey(full);
    const parentPath = full.slice(0, -1);
    const push = (error: AuthorError) => out.push({ ...error, path: full });
    switch (issue.code) {
      case 'unrecognized_keys': {
        const allowed = objectKeys(at).filter((key) => key !== 'type');
        for (const key of issue.keys)
          out.push({
            ...authorErrors.unknownField(key, subject, didYouMean(key, allowed), allowed),
            path: full,
            key,
          });
        break;
      }
      case 'invalid_type':
      case 'invalid_value': {
        if (value === undefined) {
          if (typoTargets.has(JSON.stringify(full))) break;
          const parent = subjectAt(parentPath, data, root);
          if (field === 'alt' && typeof path[path.length - 1] === 'string')
            push(authorErrors.missingAltText(imageSrc(data, parentPath), parent));
          else push(authorErrors.missingField(field, parent, descriptionOf(at)));
        } else if (issue.code === 'invalid_value') {
          const allowed = issue.values.map(String);
          push(
            authorErrors.badEnumValue(
              field,
              value,
              typeof value === 'string' ? didYouMean(value, allowed) : undefined,
              allowed,
            ),
          );
        } else {
          push(
            authorErrors.wrongType(
              subject,
              expectedAt(issue.expected, at, full),
              foundValue(value),
            ),
          );
        }
        break;
      }
      case 'too_small': {
        if (issue.origin === 'array')
          push(authorErrors.tooFew(subject, Number(issue.minimum), 'item'));
        else if (issue.origin === 'string' && Number(issue.minimum) === 1)
          push(
            field === 'alt'
              ? authorErrors.emptyAltText(imageSrc(data, parentPath))
              : authorErrors.emptyText(subject),
          );
        else if (issue.origin === 'string')
          push(authorErrors.tooFew(subject, Number(issue.minimum), 'character'));
        else
          push(
            authorErrors.numberOutOfRange(
              subject,
              Number(issue.minimum) + (issue.inclusive === false ? 1 : 0),
              'at least',
              value,
            ),
          );
        break;
      }
      case 'too_big': {
        if (issue.origin === 'array')
          push(
            authorErrors.tooMany(
              subject,
              Number(issue.maximum),
              'item',
              Array.isArray(value) ? value.length : undefined,
            ),
          );
        else if (issue.origin === 'string')
          push(
            authorErrors.tooMany(
              subject,
              Number(issue.maximum),
              'character',
              typeof value === 'string' ? value.length : undefined,
            ),
          );
        else
          push(
            authorErrors.numberOutOfRange(
              subject,
              Number(issue.maximum) - (issue.inclusive === false ? 1 : 0),
              'at most',
              value,
            ),
          );
        break;
      }
      case 'invalid_format':
        push(authorErrors.badFormat(field, String(value), formatOf(issue.format, at)));
        break;
      case 'invalid_union':
        out.push(...translateUnion(issue, at, value, full, subject, field, data, root));
        break;
      case 'custom': {
        // A block's own rule (schema/block-rule.ts): the block words it from the data its check
        // found.
        const rule = ruleWording(issue.params);
        if (rule) {
          push(rule);
          break;
        }
        // URL fields (schema/primitives.ts) say which rule of schema/url-policy.ts the address
        // breaks.
        const url = issue.params as { urlProblem?: string; urlRule?: string } | undefined;
        if (url?.urlProblem && typeof value === 'string')
          push(inputErrors.badUrl(field, value, url.urlProblem, url.urlRule ?? 'link'));
        else push(authorErrors.invalidValue(subject, issue.message));
        break;
      }
      default:
        push(authorErrors.invalidValue(subject, issue.message.replace(/^Invalid input: /, '')));
    }
  }
  return out;
}

/** Several kinds in one, or the kind itself when they are all the same. */
function oneOf(options: ValueKind[]): Expected {
  const distinct = options.filter(
    (option, index) =>
      options.findIndex((other) => JSON.stringify(other) === JSON.stringify(option)) === index,
  );
  return distinct.length === 1 ? distinct[0]! : { kind: 'one-of', options: distinct };
}

/**
 * A value that matches none of a union's forms. Unions of fixed values read as a list of allowed
 * values, unions of plain types as "true or false, or text", and unions of objects are explained by
 * the form the author was closest to.
 */
function translateUnion(
  issue: z.core.$ZodIssueInvalidUnion,
  schema: AnySchema | undefined,
  value: unknown,
  full: YamlPath,
  subject: Subject,
  field: string,
  data: unknown,
  root: Root,
): LocatedError[] {
  const branches = issue.errors;
  const single = branches.every((branch) => branch.length === 1 && branch[0]!.path.length === 0);
  if (single && branches.every((branch) => branch[0]!.code === 'invalid_value')) {
    const allowed = branches.flatMap((branch) =>
      (branch[0] as z.core.$ZodIssueInvalidValue).values.map(String),
    );
    return [
      {
        ...authorErrors.badEnumValue(
          field,
          value,
          typeof value === 'string' ? didYouMean(value, allowed) : undefined,
          allowed,
        ),
        path: full,
      },
    ];
  }
  if (single && branches.every((branch) => branch[0]!.code === 'invalid_type')) {
    const expected = oneOf(
      branches.map((branch) => unionKind((branch[0] as z.core.$ZodIssueInvalidType).expected)),
    );
    return [{ ...authorErrors.wrongType(subject, expected, foundValue(value)), path: full }];
  }
  // Objects: explain against the form the author was closest to: the one that knows most of the
  // fields written (counting likely typos), then the one with the fewest problems; when two forms
  // tie, list the forms.
  const options = unionOptions(schema);
  if (
    value &&
    typeof value === 'object' &&
    !Array.isArray(value) &&
    options.length === branches.length
  ) {
    const written = Object.keys(value);
    const scored = branches.map((branch, index) => {
      const keys = objectKeys(options[index]);
      const known = written.filter(
        (key) => keys.includes(key) || didYouMean(key, keys) !== undefined,
      ).length;
      return { branch, option: options[index]!, known, problems: branch.length };
    });
    scored.sort((a, b) => b.known - a.known || a.problems - b.problems);
    const [best, next] = scored;
    if (best && (!next || best.known > next.known || best.problems < next.problems)) {
      return translateIssues(best.branch, best.option, data, full, root);
    }
  }
  return [{ ...authorErrors.noMatchingShape(subject, unionShapes(schema)), path: full }];
}

/**
 * A union's branch expects a plain type: its kind, without the details a field's own schema would
 * give.
 */
function unionKind(zodType: string): ValueKind {
  const kind = kindOf(zodType);
  return kind.kind === 'other' ? { kind: 'other' } : kind;
}

function unionShapes(schema: AnySchema | undefined): Shape[] | undefined {
  const options = unionOptions(schema);
  if (!options.length) return undefined;
  return options.map((option): Shape => {
    const keys = objectKeys(option);
    if (keys.length) return { kind: 'object', keys };
    const values = literalValues(option);
    if (values) return { kind: 'values', values: values.map(String) };
    return kindOf(schemaKind(option));
  });
}
