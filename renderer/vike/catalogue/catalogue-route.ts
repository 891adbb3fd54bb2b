import { readFileSync } from 'node:fs';
import path from 'node:path';
import { parse } from 'yaml';
import { registry } from '../../../blocks/registry.ts';
import type { Block, BlockType } from '../../../blocks/schemas.ts';
import { needsEnhancementScript } from '../../BlockList.tsx';
import { CATALOGUE_ROOT } from './catalogue-root.ts';

/**
 * Which catalogue page a path is, for the catalogue's route functions. Vike runs every route
 * function on every request, so this module stays small: no validator, no schemas
 * (catalogue-data.ts loads them, only for a catalogue page). In the dev server that keeps some
 * fifty modules out of the first page's way.
 */

export const normalise = (pathname: string) => pathname.replace(/\/+$/, '') || '/';

/** `/_blocks/hero` → `hero`; `/_blocks` → null; anything else → undefined. */
export function catalogueTarget(pathname: string): BlockType | null | undefined {
  const route = normalise(pathname);
  if (route === CATALOGUE_ROOT) return null;
  const match = /^\/_blocks\/([A-Za-z]+)$/.exec(route);
  return match && Object.hasOwn(registry, match[1]!) ? (match[1] as BlockType) : undefined;
}

/**
 * The catalogue page a path shows needs client JavaScript only when its example block does. Read
 * from the example as written: the blocks that may need a script decide it from their type and
 * fields, which the validator leaves as they are (tests/authoring/catalogue.test.tsx checks this
 * gives what the validated example gives, for every block). An example that cannot be read shows
 * its problems on a page without a script.
 */
export function catalogueKind(pathname: string): 'static' | 'interactive' | undefined {
  const target = catalogueTarget(pathname);
  if (target === undefined) return undefined;
  if (target === null) return 'static';
  try {
    const example = parse(
      readFileSync(path.join(process.cwd(), 'blocks', target, 'example.yaml'), 'utf8'),
    ) as Block;
    return example?.type === target && needsEnhancementScript([example]) ? 'interactive' : 'static';
  } catch {
    return 'static';
  }
}
