/**
 * Documentation derived from the block schemas, shared by the editor schemas
 * (scripts/generate-schema.ts), the block reference in AUTHORING.md and the block catalogue at
 * /_blocks, so the three always say the same thing.
 */
import { existsSync } from 'node:fs';
import path from 'node:path';
import { z } from 'zod';
import { blockSchemas, type BlockOf, type BlockType } from '../blocks/schemas.ts';
import { Collector } from './collector.ts';
import { sortDiagnostics, type Diagnostic } from './diagnostic.ts';
import { diagnosticWords, validatorMessages } from './errors.ts';
import { parseWith, readYaml } from './read-yaml.ts';
import { descriptionOf, regexMessage } from './zod-schema.ts';

export type JsonSchema = {
  type?: string | string[];
  description?: string;
  examples?: unknown[];
  properties?: Record<string, JsonSchema>;
  required?: string[];
  items?: JsonSchema;
  oneOf?: JsonSchema[];
  anyOf?: JsonSchema[];
  enum?: unknown[];
  const?: unknown;
  title?: string;
  pattern?: string;
  [key: string]: unknown;
};

/**
 * zod → draft-07 JSON Schema. A pattern's own wording ("a link starting with /, #, …") becomes the
 * editor's message.
 */
export function toJsonSchema(schema: z.ZodType): JsonSchema {
  return z.toJSONSchema(schema, {
    target: 'draft-7',
    io: 'input',
    unrepresentable: 'any',
    override: ({ zodSchema, jsonSchema }) => {
      const message = regexMessage(zodSchema);
      if (jsonSchema.pattern && message)
        (jsonSchema as JsonSchema).patternErrorMessage = `Write ${message}.`;
    },
  }) as JsonSchema;
}

const exampleFile = (type: BlockType) => `blocks/${type}/example.yaml`;

export interface BlockExample<T extends BlockType = BlockType> {
  type: T;
  file: string;
  /** The YAML as written, or undefined when the file does not exist. */
  text: string | undefined;
  /** The parsed data, valid or not. */
  data: unknown;
  /** The validated block, when the example is valid. */
  block: BlockOf<T> | undefined;
  /** Why the example is missing or invalid, at file:line:col. */
  diagnostics: Diagnostic[];
}

/** Reads and validates blocks/<type>/example.yaml with the validator's own messages. */
export function loadBlockExample<T extends BlockType>(root: string, type: T): BlockExample<T> {
  const file = exampleFile(type);
  const full = path.join(root, file);
  if (!existsSync(full)) {
    return {
      type,
      file,
      text: undefined,
      data: undefined,
      block: undefined,
      diagnostics: [
        {
          file,
          line: 1,
          col: 1,
          severity: 'error',
          ...diagnosticWords(validatorMessages.missingExample(type, file)),
        },
      ],
    };
  }
  const collector = new Collector();
  const source = readYaml(root, file, collector);
  const schema = blockSchemas[type] as unknown as z.ZodType<BlockOf<T>>;
  const block = source
    ? parseWith(schema, source, source.data, [], collector, { example: type })
    : undefined;
  return {
    type,
    file,
    text: source?.text ?? '',
    data: source?.data,
    block,
    diagnostics: sortDiagnostics(collector.diagnostics),
  };
}

/** A plausible value for a schema with no example of its own, built from its parts' examples. */
export function composeExample(node: JsonSchema): unknown {
  if (node.examples?.length) return node.examples[0];
  if (node.const !== undefined) return node.const;
  if (node.enum?.length) return node.enum[0];
  const alternatives = node.oneOf ?? node.anyOf;
  if (alternatives?.length) return composeExample(alternatives[0]!);
  if (node.type === 'boolean') return true;
  if (node.type === 'number' || node.type === 'integer') return 1;
  if (node.type === 'array' && node.items) return [composeExample(node.items)];
  if (node.type === 'object' && node.properties) {
    const keys = node.required?.length ? node.required : Object.keys(node.properties);
    return Object.fromEntries(keys.map((key) => [key, composeExample(node.properties![key]!)]));
  }
  return undefined;
}

/**
 * Gives every property an example: the one from the zod schema, else the value in `sample` (the
 * block's example.yaml, walked in step), else one composed from its parts. Walks into objects,
 * lists and alternatives.
 */
export function addExamples(node: JsonSchema, sample: unknown): void {
  const alternatives = node.oneOf ?? node.anyOf;
  if (alternatives) for (const alternative of alternatives) addExamples(alternative, sample);
  if (node.items) addExamples(node.items, Array.isArray(sample) ? sample[0] : undefined);
  if (!node.properties) return;
  for (const [key, property] of Object.entries(node.properties)) {
    const value =
      sample && typeof sample === 'object' && !Array.isArray(sample)
        ? (sample as Record<string, unknown>)[key]
        : undefined;
    addExamples(property, value);
    if (!property.examples?.length) {
      const example = value !== undefined ? value : composeExample(property);
      if (example !== undefined) property.examples = [example];
    }
  }
}

/** One row of a block's field table. */
export interface FieldRow {
  /** `["items", "title"]` for the title of each item. */
  path: string[];
  required: boolean;
  description: string;
  /** The values allowed, for fields with a fixed set. */
  allowed: string[];
  /**
   * A short example value, as it would be written in YAML; empty for groups and lists of groups.
   */
  example: string;
  /**
   * What the field holds, in words: text, a number, true or false, a list of …, a group of fields.
   */
  kind: string;
}

function exampleText(value: unknown): string {
  if (value === undefined || value === null) return '';
  if (typeof value === 'string') return value.length > 60 ? value.slice(0, 59) + '…' : value;
  if (typeof value === 'number' || typeof value === 'boolean') return String(value);
  if (
    Array.isArray(value) &&
    value.every(
      (item) => typeof item === 'string' || typeof item === 'number' || typeof item === 'boolean',
    )
  ) {
    const inline = `[${value.join(', ')}]`;
    return inline.length > 60 ? inline.slice(0, 58) + '…]' : inline;
  }
  return '';
}

function kindOf(node: JsonSchema): string {
  if (node.enum || node.const !== undefined) return 'one of the values listed';
  const alternatives = node.oneOf ?? node.anyOf;
  if (alternatives) return [...new Set(alternatives.map(kindOf))].join(' or ');
  switch (node.type) {
    case 'string':
      return 'text';
    case 'number':
      return 'a number';
    case 'integer':
      return 'a whole number';
    case 'boolean':
      return 'true or false';
    case 'array':
      return node.items?.properties
        ? 'a list of groups of fields'
        : `a list of ${kindOf(node.items ?? {}).replace(/^a /, '')}`;
    case 'object':
      return 'a group of fields';
    default:
      return 'a value';
  }
}

function allowedValues(node: JsonSchema): string[] {
  const target = node.items && !node.items.properties ? node.items : node;
  const values =
    target.enum ??
    (target.oneOf ?? target.anyOf)?.flatMap((option) =>
      option.const !== undefined ? [option.const] : [],
    );
  return (values ?? []).map(String);
}

function collectRows(node: JsonSchema, prefix: string[], rows: FieldRow[]): void {
  for (const [key, property] of Object.entries(node.properties ?? {})) {
    if (key === 'type' && prefix.length === 0) continue;
    const nested =
      property.type === 'array' && property.items?.properties
        ? property.items
        : property.type === 'object' && property.properties
          ? property
          : undefined;
    rows.push({
      path: [...prefix, key],
      required: node.required?.includes(key) ?? false,
      description: property.description ?? '',
      allowed: allowedValues(property),
      example: nested ? '' : exampleText(property.examples?.[0]),
      kind: kindOf(property),
    });
    if (nested) collectRows(nested, [...prefix, key], rows);
  }
}

/** The block's JSON Schema with examples filled in from its example.yaml. */
function blockJsonSchema(type: BlockType, example: unknown): JsonSchema {
  const schema = toJsonSchema(blockSchemas[type] as unknown as z.ZodType);
  addExamples(schema, example);
  return schema;
}

/** Every field of a block, nested fields after their parent, for the catalogue and AUTHORING.md. */
export function blockFieldRows(type: BlockType, example: unknown): FieldRow[] {
  const rows: FieldRow[] = [];
  collectRows(blockJsonSchema(type, example), [], rows);
  return rows;
}

export function blockDescription(type: BlockType): string {
  return descriptionOf(blockSchemas[type]) ?? '';
}
