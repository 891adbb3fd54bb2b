import { z } from 'zod';
import { icon as iconSchema } from '../../../schema/primitives.ts';
import { humanize, unwrap } from '../../shared/schema-fields.ts';
import { isObject } from '../../document/data-ops.ts';
import type { ImageFormatName } from '../../shared/api.ts';

/**
 * Reads zod 4 schemas through zod's own API (classes, `.unwrap()`, `.shape`, `.element`,
 * `.options`, the global registry for `.meta()`) and says which kind of form field each one wants.
 * Nothing here knows a block by name: a new block in the registry gets its form from its schema
 * alone.
 */

export type FieldKind =
  | { kind: 'text'; long: boolean }
  | { kind: 'link' }
  | { kind: 'image'; formats: ImageFormatName[] }
  | { kind: 'icon'; options: string[] }
  | { kind: 'enum'; options: string[] }
  | { kind: 'number'; integer: boolean }
  | { kind: 'boolean' }
  | { kind: 'literal'; value: unknown }
  | { kind: 'object'; shape: Record<string, z.ZodType> }
  | { kind: 'list'; element: z.ZodType; min?: number; max?: number }
  | { kind: 'union'; options: z.ZodType[]; discriminator?: string }
  | { kind: 'record'; value: z.ZodType }
  | { kind: 'unsupported'; type: string };

/** Field names whose text is prose: a textarea rather than a one-line input. */
const LONG_TEXT =
  /^(answer|description|subtitle|intro|quote|body|text|paragraphs|summary|content|excerpt|notes?)$/;

const regexChecks = (schema: z.ZodType): RegExp[] =>
  (
    (
      schema._zod.def as {
        checks?: Array<{ _zod: { def: { format?: string; pattern?: RegExp } } }>;
      }
    ).checks ?? []
  )
    .map((check) => check._zod.def)
    .filter((def) => def.format === 'regex' && def.pattern instanceof RegExp)
    .map((def) => def.pattern!);

/**
 * A string whose pattern only accepts image file paths (`src`, `socialImage`…) is picked from
 * public/.
 */
const isImagePath = (schema: z.ZodType): boolean =>
  regexChecks(schema).some(
    (pattern) => /png/.test(pattern.source) && /\^\\\//.test(pattern.source),
  );

const SAMPLE_PATHS: Array<[ImageFormatName, string[]]> = [
  ['jpeg', ['/a.jpg', '/a.jpeg']],
  ['png', ['/a.png']],
  ['webp', ['/a.webp']],
  ['avif', ['/a.avif']],
];

/** The image formats whose paths the field's pattern accepts (an added image must be one). */
const imageFormats = (schema: z.ZodType): ImageFormatName[] => {
  const patterns = regexChecks(schema);
  return SAMPLE_PATHS.filter(([, paths]) =>
    paths.some((path) => patterns.every((pattern) => pattern.test(path))),
  ).map(([format]) => format);
};

/**
 * The kind of field for a (unwrapped) schema. `key` is the field's name in its object and `listKey`
 * the name of the list it is an item of: every link field is called `href` (the validator finds
 * links by that name), and prose is recognised by name once, here.
 */
export function fieldKind(schema: z.ZodType, key?: string | number, listKey?: string): FieldKind {
  // `z.email()` and the other string formats are strings too (not ZodString subclasses in zod 4).
  if (schema instanceof z.ZodString || schema._zod.def.type === 'string') {
    if (key === 'href') return { kind: 'link' };
    if (isImagePath(schema)) return { kind: 'image', formats: imageFormats(schema) };
    const name = typeof key === 'string' ? key : listKey;
    return { kind: 'text', long: name !== undefined && LONG_TEXT.test(name) };
  }
  if (schema instanceof z.ZodEnum) {
    const options = schema.options.map(String);
    if (schema === (iconSchema as z.ZodType) || key === 'icon') return { kind: 'icon', options };
    return { kind: 'enum', options };
  }
  if (schema instanceof z.ZodNumber)
    return { kind: 'number', integer: (schema as z.ZodNumber).isInt };
  if (schema instanceof z.ZodBoolean) return { kind: 'boolean' };
  if (schema instanceof z.ZodLiteral) return { kind: 'literal', value: schema.value };
  if (schema instanceof z.ZodObject)
    return { kind: 'object', shape: schema.shape as Record<string, z.ZodType> };
  if (schema instanceof z.ZodArray) {
    return {
      kind: 'list',
      element: schema.element as z.ZodType,
      min: schema._zod.bag.minimum as number | undefined,
      max: schema._zod.bag.maximum as number | undefined,
    };
  }
  if (schema instanceof z.ZodRecord)
    return { kind: 'record', value: schema._zod.def.valueType as z.ZodType };
  if (schema instanceof z.ZodDiscriminatedUnion)
    return {
      kind: 'union',
      options: [...schema.options] as z.ZodType[],
      discriminator: schema._zod.def.discriminator,
    };
  if (schema instanceof z.ZodUnion)
    return { kind: 'union', options: [...schema.options] as z.ZodType[] };
  return { kind: 'unsupported', type: schema._zod.def.type };
}

/**
 * The keys of an object schema in schema order (used to add a missing key where the schema puts
 * it).
 */
const shapeKeys = (schema: z.ZodType): string[] => {
  const inner = unwrap(schema).schema;
  return inner instanceof z.ZodObject ? Object.keys(inner.shape) : [];
};

/**
 * Does `value` look like this variant of a union (used to show the right form for the value)? 0 =
 * no.
 */
function variantScore(schema: z.ZodType, value: unknown): number {
  const inner = unwrap(schema).schema;
  if (inner instanceof z.ZodObject) {
    if (!isObject(value)) return 0;
    const keys = Object.keys(inner.shape);
    const own = Object.keys(value);
    if (own.some((key) => !keys.includes(key))) return 0.5;
    const literalsMatch = keys.every((key) => {
      const field = unwrap(inner.shape[key] as z.ZodType).schema;
      return !(field instanceof z.ZodLiteral) || field.value === value[key];
    });
    return literalsMatch ? 2 + own.length : 0;
  }
  return inner.safeParse(value).success || typeof value === primitiveType(inner) ? 1 : 0;
}

const primitiveType = (schema: z.ZodType) =>
  schema instanceof z.ZodString || schema instanceof z.ZodEnum
    ? 'string'
    : schema instanceof z.ZodNumber
      ? 'number'
      : schema instanceof z.ZodBoolean
        ? 'boolean'
        : 'object';

/** The index of the union option that best fits `value` (the first one when nothing fits). */
export function pickVariant(options: z.ZodType[], value: unknown, discriminator?: string): number {
  if (discriminator && isObject(value)) {
    const found = options.findIndex((option) => {
      const inner = unwrap(option).schema;
      const literal =
        inner instanceof z.ZodObject
          ? unwrap(inner.shape[discriminator] as z.ZodType).schema
          : undefined;
      return literal instanceof z.ZodLiteral && literal.value === value[discriminator];
    });
    if (found >= 0) return found;
  }
  let best = 0;
  let bestScore = -1;
  options.forEach((option, index) => {
    const score = variantScore(option, value);
    if (score > bestScore) [best, bestScore] = [index, score];
  });
  return best;
}

/**
 * A name for a union option: its `.meta({ title })`, else what sets it apart (its own keys, or its
 * type).
 */
export function variantLabel(options: z.ZodType[], index: number): string {
  const { schema, meta } = unwrap(options[index]!);
  if (meta.title) return meta.title;
  if (schema instanceof z.ZodObject) {
    const others = new Set(options.flatMap((option, i) => (i === index ? [] : shapeKeys(option))));
    const own = Object.keys(schema.shape).filter((key) => !others.has(key));
    return own.length
      ? `With ${own.map(humanize).join(', ').toLowerCase()}`
      : `Option ${index + 1}`;
  }
  if (schema instanceof z.ZodBoolean) return 'Yes / no';
  if (schema instanceof z.ZodString) return 'Text';
  if (schema instanceof z.ZodNumber) return 'Number';
  return `Option ${index + 1}`;
}

/**
 * The starting value of a new field or list item: required fields only, each empty (so the
 * validator says what is left to fill in), lists with their minimum number of items, enums and
 * literals at their first value.
 */
export function defaultValue(schema: z.ZodType): unknown {
  const { schema: inner } = unwrap(schema);
  const kind = fieldKind(inner);
  switch (kind.kind) {
    case 'text':
    case 'link':
    case 'image':
      return '';
    case 'number':
      return 0;
    case 'boolean':
      return false;
    case 'enum':
    case 'icon':
      return kind.options[0];
    case 'literal':
      return kind.value;
    case 'object': {
      const out: Record<string, unknown> = {};
      for (const [key, field] of Object.entries(kind.shape))
        if (!unwrap(field).optional) out[key] = defaultValue(field);
      return out;
    }
    case 'list':
      return Array.from({ length: kind.min ?? 0 }, () => defaultValue(kind.element));
    case 'union':
      return defaultValue(kind.options[0]!);
    default:
      return null;
  }
}
