import { visit, type Document } from 'yaml';
import { inputErrors, type AuthorError } from './errors.ts';

/** Aliases (`*name`) a file may use. Pages need none; a few keep repeated fields short. */
export const MAX_ALIASES = 100;
/**
 * How much aliases may add to a file, counted as values plus characters of text once every alias is
 * replaced by what its anchor holds. 100,000 is several times the largest page of the site; a
 * "billion laughs" file of 461 bytes adds billions.
 */
const MAX_ALIAS_EXPANSION = 100_000;

/**
 * Something in a YAML file the validator refuses to read further, at a character offset of the
 * file.
 */
export interface YamlRefusal {
  error: AuthorError;
  offset: number;
}

/**
 * An anchor (`&name`) is needed for any alias; a tag starts with `!` after a space, a line start or
 * `[{,`.
 */
const ANCHOR = /&([^\s,[\]{}]+)/g;
const MAY_HAVE_TAG = /(?:^|[\s,[{])!/;

/**
 * Aliases that would blow the file up: more than MAX_ALIASES, or more than MAX_ALIAS_EXPANSION
 * added. `data` is what the parser returned, in which an alias is the same object as its anchor
 * (cheap to load, explosive to walk): it is measured by a walk that stops at the budget, so this
 * costs at most the file's size plus the budget. The text is only read to find where the aliases
 * are (no file without a `*` and an `&` can have any). `exploded`: the parser itself gave up on the
 * aliases.
 */
export function aliasRefusals(text: string, data: unknown, exploded = false): YamlRefusal[] {
  if (!text.includes('*')) return [];
  const names = new Set([...text.matchAll(ANCHOR)].map((match) => match[1]!));
  if (!names.size) return [];
  const escape = (name: string) => name.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
  const alias = new RegExp(`\\*(?:${[...names].map(escape).join('|')})(?=[\\s,\\]}]|$)`, 'g');
  const offsets = [...text.matchAll(alias)].map((match) => match.index);
  if (!offsets.length) return [];
  const refusals: YamlRefusal[] = [];
  if (offsets.length > MAX_ALIASES)
    refusals.push({
      error: inputErrors.tooManyAliases(offsets.length, MAX_ALIASES),
      offset: offsets[MAX_ALIASES]!,
    });
  else if (exploded || exceeds(data, text.length + MAX_ALIAS_EXPANSION))
    refusals.push({ error: inputErrors.aliasExpansion(MAX_ALIAS_EXPANSION), offset: offsets[0]! });
  return refusals;
}

/**
 * True when `data`, walked in full (shared objects once per reference), holds more than `budget`
 * values and characters.
 */
function exceeds(data: unknown, budget: number): boolean {
  let left = budget;
  const stack: unknown[] = [data];
  while (stack.length) {
    const value = stack.pop();
    left--;
    if (typeof value === 'string') left -= value.length;
    else if (Array.isArray(value)) for (const item of value) stack.push(item);
    else if (value !== null && typeof value === 'object') {
      for (const [key, item] of Object.entries(value)) {
        left -= key.length;
        stack.push(item);
      }
    }
    if (left < 0) return true;
  }
  return false;
}

/**
 * Only files with a `!` after a space, a line start or `[{,` can hold a tag: the others skip
 * `tagRefusals`. Most pages have no `!` at all, so the regex runs only from the first one.
 */
export const mayHaveTag = (text: string): boolean => {
  const first = text.indexOf('!');
  return first >= 0 && MAY_HAVE_TAG.test(text.slice(Math.max(0, first - 1)));
};

/**
 * Explicit tags (`!!js/function`, `!custom`, even `!!str`): pages are plain data, and a tag would
 * be dropped.
 */
export function tagRefusals(doc: Document, text: string): YamlRefusal[] {
  const refusals: YamlRefusal[] = [];
  visit(doc, {
    Node(_, node) {
      if (node.tag === undefined || !node.range) return;
      let offset = Math.max(0, text.lastIndexOf('!', node.range[0]));
      while (offset > 0 && text[offset - 1] === '!') offset--;
      refusals.push({
        error: inputErrors.yamlTag(/^!\S*/.exec(text.slice(offset))?.[0] ?? node.tag),
        offset,
      });
    },
  });
  return refusals;
}
