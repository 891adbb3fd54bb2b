import { z } from 'zod';
import { blockSchemas, isBlockType } from '../../blocks/schemas.ts';
import { humanize, unwrap } from '../shared/schema-fields.ts';
import type { YamlPath } from './types.ts';
import { itemName } from './values.ts';
import { isObject } from '../document/data-ops.ts';
import { pageSchema } from '../../blocks/page-schema.ts';
import { siteConfigSchema } from '../../schema/site-config.ts';
import { schemaAt, unwrap as unwrapSchema, type AnySchema } from '../../engine/zod-schema.ts';
import { optionName } from '../../schema/form-words.ts';

/**
 * Names of blocks and fields in the words the editor's forms use: a block is its type humanized
 * (`faq` → `FAQ`, `ctaBand` → `CTA band`), a field its key humanized (`linkLabel` → `Link label`),
 * a list item its title or question (its number when it has none), all joined with ` › ` as in the
 * editor's "Go to" links: `FAQ › Items › 'Is there a contract?' › Answer`.
 */

export const blockTitle = (type: unknown) =>
  typeof type === 'string' && type ? humanize(type) : 'Untitled block';

const isPage = (file: string) => file.startsWith('pages/');

/**
 * A list item in a label: its title, question or label when it has one (`'How long does setup
 * take?'`), else its number.
 */
export function itemLabel(item: unknown, index: number): string {
  return (isObject(item) && itemName(item, 32)) || String(index + 1);
}

/**
 * The label of the field at `path` of a file whose data is `data` (the version the path points
 * into).
 */
export function fieldLabel(file: string, data: unknown, path: YamlPath): string {
  const parts: string[] = [];
  let at: unknown = data;
  path.forEach((key, i) => {
    const item = Array.isArray(at) && typeof key === 'number' ? at[key] : undefined;
    if (isPage(file) && i === 0 && key === 'blocks' && path.length > 1) {
      // The block's name stands for the list of blocks.
    } else if (isPage(file) && i === 1 && path[0] === 'blocks' && typeof key === 'number')
      parts.push(blockTitle(isObject(item) ? item.type : undefined));
    else if (typeof key === 'number') parts.push(itemLabel(item, key));
    else parts.push(humanize(key));
    at =
      isObject(at) || Array.isArray(at) ? (at as Record<string | number, unknown>)[key] : undefined;
  });
  return parts.join(' › ') || (isPage(file) ? 'Page' : 'Settings');
}

/**
 * What the items of a block's list are called, from the list's own description in the block's
 * schema (`itemList('The questions.', …)` → `questions`); undefined when the schema does not say.
 */
export function itemNoun(blockType: unknown, listKey: string): string | undefined {
  if (typeof blockType !== 'string' || !isBlockType(blockType)) return undefined;
  const schema = blockSchemas[blockType] as unknown as z.ZodObject;
  if (!Object.hasOwn(schema.shape, listKey)) return undefined;
  const field = schema.shape[listKey] as z.ZodType;
  const description = unwrap(field).meta.description;
  return description ? /^The ([a-z ]+?)[,.]/.exec(description)?.[1] : undefined;
}

/** `3 questions`, `1 question`. */
export function countOf(count: number, noun: string): string {
  if (count !== 1) return `${count} ${noun}`;
  return `1 ${noun.endsWith('ies') ? noun.slice(0, -3) + 'y' : noun.replace(/s$/, '')}`;
}

/** The schema of the field at `path` of a page or of site.config.yaml (a block by its own type). */
function schemaOfField(file: string, data: unknown, path: YamlPath): AnySchema | undefined {
  if (!isPage(file)) return schemaAt(siteConfigSchema, path);
  if (path[0] !== 'blocks' || typeof path[1] !== 'number') return schemaAt(pageSchema, path);
  const blocks = isObject(data) && Array.isArray(data.blocks) ? data.blocks : [];
  const type = isObject(blocks[path[1]]) ? (blocks[path[1]] as { type?: unknown }).type : undefined;
  if (typeof type !== 'string' || !isBlockType(type)) return undefined;
  return schemaAt(blockSchemas[type] as unknown as AnySchema, path.slice(2));
}

/**
 * A value in a Changes line: a choice by the name the form's menu gives it (`primary` → `Filled`),
 * anything else undefined (shown as written).
 */
export function choiceName(
  file: string,
  data: unknown,
  path: YamlPath,
  value: unknown,
): string | undefined {
  if (typeof value !== 'string') return undefined;
  const schema = schemaOfField(file, data, path);
  return schema && unwrapSchema(schema) instanceof z.core.$ZodEnum ? optionName(value) : undefined;
}
