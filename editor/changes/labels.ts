import { z } from 'zod';
import { blockSchemas, isBlockType } from '../../blocks/schemas.ts';
import { humanize, unwrap } from '../shared/schema-fields.ts';
import type { YamlPath } from './types.ts';
import { itemName } from './values.ts';
import { isObject } from '../document/data-ops.ts';

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
