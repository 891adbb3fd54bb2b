import type { z } from 'zod';
import { blockSchemas, isBlockType } from '../blocks/schemas.ts';
import { pageShellSchema } from '../blocks/page-schema.ts';
import { isTranslatable } from '../schema/translatable.ts';
import type { YamlPath } from './yaml-source.ts';

/**
 * One value of a page as a translation compares it: a text to translate, or a value to keep as it
 * is.
 */
export interface Leaf {
  path: YamlPath;
  /**
   * Dotted form of the path (`blocks.0.title`): the key of the value in a translation's
   * `translatedFrom`.
   */
  key: string;
  value: unknown;
  text: boolean;
}

interface Def {
  type: string;
  shape?: Record<string, z.ZodType>;
  element?: z.ZodType;
  innerType?: z.ZodType;
  in?: z.ZodType;
  options?: z.ZodType[];
}
export const defOf = (schema: z.ZodType) => (schema as unknown as { _zod: { def: Def } })._zod.def;

const unwrapped = new WeakMap<z.ZodType, z.ZodType>();

/**
 * The schema with its wrappers (optional, default, pipe) taken off, keeping the first one that is
 * marked. Worked out once per schema: every value of every translation and source goes through it.
 */
function unwrap(schema: z.ZodType): z.ZodType {
  let result = unwrapped.get(schema);
  if (result) return result;
  result = schema;
  for (;;) {
    if (isTranslatable(result)) break;
    const def = defOf(result);
    const inner = def.innerType ?? (def.type === 'pipe' ? def.in : undefined);
    if (!inner) break;
    result = inner;
  }
  unwrapped.set(schema, result);
  return result;
}

const unwrappedOptions = new WeakMap<readonly z.ZodType[], z.ZodType[]>();

/**
 * The option of a union that `value` belongs to, by the shape of the value (no parsing: this runs
 * for every page).
 */
function optionFor(options: readonly z.ZodType[], value: unknown): z.ZodType | undefined {
  let unwrapped = unwrappedOptions.get(options);
  if (!unwrapped) unwrappedOptions.set(options, (unwrapped = options.map(unwrap)));
  if (typeof value === 'string') return unwrapped.find(isTranslatable) ?? unwrapped[0];
  if (value && typeof value === 'object' && !Array.isArray(value)) {
    const keys = Object.keys(value);
    return unwrapped.find((option) => {
      const shape = defOf(option).shape;
      return shape && keys.every((key) => key in shape);
    });
  }
  return undefined;
}

/** `path`: where `value` is, a list this walk adds to and takes from as it goes (copied per leaf). */
function walk(
  schema: z.ZodType | undefined,
  value: unknown,
  path: Array<string | number>,
  out: Leaf[],
) {
  const at = schema && unwrap(schema);
  if (value !== null && typeof value === 'object') {
    const def = at && defOf(at);
    const chosen = def?.type === 'union' ? optionFor(def.options!, value) : at;
    const chosenDef = chosen && defOf(chosen);
    if (Array.isArray(value)) {
      const element = chosenDef?.type === 'array' ? chosenDef.element : undefined;
      for (let index = 0; index < value.length; index++) {
        path.push(index);
        walk(element, value[index], path, out);
        path.pop();
      }
      return;
    }
    for (const key in value) {
      path.push(key);
      walk(chosenDef?.shape?.[key], (value as Record<string, unknown>)[key], path, out);
      path.pop();
    }
    return;
  }
  const def = at && defOf(at);
  const leafSchema = def?.type === 'union' ? optionFor(def.options!, value) : at;
  out.push({
    path: [...path],
    key: path.join('.'),
    value,
    text: typeof value === 'string' && leafSchema !== undefined && isTranslatable(leafSchema),
  });
}

/**
 * Page fields a translation keeps as its own: which routes it has, whether it is a draft, its
 * record of its source.
 */
const OWN_FIELDS = new Set(['aliases', 'draft', 'translatedFrom']);

/**
 * Every value of a page's data (as read from its YAML, valid or not), in file order, each marked as
 * a text to translate or a value to keep. A block of an unknown type is walked without a schema:
 * all its values are kept ones.
 */
export function leavesOf(data: unknown): Leaf[] {
  const out: Leaf[] = [];
  if (!data || typeof data !== 'object') return out;
  const shell = defOf(pageShellSchema).shape!;
  for (const [key, value] of Object.entries(data)) {
    if (OWN_FIELDS.has(key)) continue;
    if (key !== 'blocks' || !Array.isArray(value)) {
      walk(shell[key], value, [key], out);
      continue;
    }
    value.forEach((block: unknown, index) => {
      const type = (block as { type?: unknown } | null)?.type;
      const schema =
        typeof type === 'string' && isBlockType(type)
          ? (blockSchemas[type] as unknown as z.ZodType)
          : undefined;
      walk(schema, block, ['blocks', index], out);
    });
  }
  return out;
}
