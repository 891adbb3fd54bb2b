import { z } from 'zod';
import { blockSchemas, isBlockType } from '../../blocks/schemas.ts';
import { humanize, unwrap } from '../app/schema-form/inspect.ts';
import type { YamlPath } from './types.ts';

/**
 * Names of blocks and fields in the words the editor's forms use: a block is its type humanized (`faq` → `FAQ`,
 * `ctaBand` → `CTA band`), a field its key humanized (`linkLabel` → `Link label`), a list item its number from 1,
 * all joined with ` › ` as in the editor's "Go to" links: `FAQ › Items › 2 › Answer`.
 */

export const blockTitle = (type: unknown) =>
  typeof type === 'string' && type ? humanize(type) : 'Untitled block';

const isObject = (value: unknown): value is Record<string, unknown> =>
  value !== null && typeof value === 'object' && !Array.isArray(value);

export function blockAt(data: unknown, index: number): Record<string, unknown> | undefined {
  const blocks = isObject(data) ? data.blocks : undefined;
  const block = Array.isArray(blocks) ? blocks[index] : undefined;
  return isObject(block) ? block : undefined;
}

const isPage = (file: string) => file.startsWith('pages/');

/** The label of the field at `path` of a file whose data is `data` (the version the path points into). */
export function fieldLabel(file: string, data: unknown, path: YamlPath): string {
  const parts: string[] = [];
  path.forEach((key, i) => {
    if (isPage(file) && i === 0 && key === 'blocks' && path.length > 1) return;
    if (isPage(file) && i === 1 && path[0] === 'blocks' && typeof key === 'number')
      parts.push(blockTitle(blockAt(data, key)?.type));
    else parts.push(typeof key === 'number' ? String(key + 1) : humanize(key));
  });
  return parts.join(' › ') || (isPage(file) ? 'Page' : 'Settings');
}

/**
 * What the items of a block's list are called, from the list's own description in the block's schema
 * (`itemList('The questions.', …)` → `questions`); undefined when the schema does not say.
 */
export function itemNoun(blockType: unknown, listKey: string): string | undefined {
  if (typeof blockType !== 'string' || !isBlockType(blockType)) return undefined;
  const schema = blockSchemas[blockType] as unknown as z.ZodObject;
  const field = schema.shape[listKey] as z.ZodType | undefined;
  if (!field) return undefined;
  const description = unwrap(field).meta.description;
  return description ? /^The ([a-z ]+?)[,.]/.exec(description)?.[1] : undefined;
}

/** `3 questions`, `1 question`. */
export function countOf(count: number, noun: string): string {
  if (count !== 1) return `${count} ${noun}`;
  return `1 ${noun.endsWith('ies') ? noun.slice(0, -3) + 'y' : noun.replace(/s$/, '')}`;
}
