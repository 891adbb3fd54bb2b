import { readFileSync } from 'node:fs';
import path from 'node:path';
import fc from 'fast-check';
import { isCollection, parseDocument, type Node } from 'yaml';
import { describe, expect, it } from 'vitest';
import { listPageFiles } from '../../engine/load-site.ts';
import { propertyParameters } from '../../tests/helpers/properties.ts';
import type { FieldPath } from '../shared/api.ts';
import {
  duplicateItem,
  insertItem,
  lastEditReprinted,
  moveItem,
  removeItem,
  setValue,
} from './index.ts';

/**
 * Seeded sequences of edits, as authors make them in the editor's forms, on every page of the site:
 * any text typed into any field (YAML's special characters, line breaks, quotes, non-printable
 * characters, text that reads as a number, a boolean or an alias), items removed, moved, duplicated
 * and inserted. After each edit the file is valid YAML holding exactly the page with that edit
 * (the editor checks this itself and falls back to reprinting the whole file), and the edit was
 * spliced in, never reprinted: a text set changes no line before the field's own or after its
 * last. Shrunk counterexamples are kept in document.test.ts ("texts that only quotes can hold").
 */
const root = path.resolve(import.meta.dirname, '../..');
const pages = listPageFiles(root).map((file) => readFileSync(path.join(root, file), 'utf8'));

/** The paths of every scalar and every non-empty list of a page's data. */
function fieldsOf(
  data: unknown,
  at: FieldPath = [],
  found = { scalars: [] as FieldPath[], lists: [] as FieldPath[] },
) {
  if (Array.isArray(data)) {
    if (data.length) found.lists.push(at);
    data.forEach((item, index) => fieldsOf(item, [...at, index], found));
  } else if (data !== null && typeof data === 'object')
    for (const [key, value] of Object.entries(data)) fieldsOf(value, [...at, key], found);
  else found.scalars.push(at);
  return found;
}

const awkward = [...'ab :#-"\'\n\\{}[],&*!|>%@`\t?01.eyn~\r\u00a0\u2028\ufeffé→\u0000'];
const text = fc.oneof(
  fc.string({ unit: fc.constantFrom(...awkward), maxLength: 20 }),
  fc.string({ unit: 'grapheme', maxLength: 12 }),
  fc.constantFrom(
    ...['true', 'null', '1e3', '0x10', '.5', 'yes', '~', '- x', 'a: b', '#c', ' lead', 'trail '],
    ...['', '---', '...', '*', '*note', '&x', '!x', '!!str x', '<<', '? x', 'a #b', 'x\n', 'x\n\n'],
    ...['line\n\nbreak', '\n', ' \n x', '  '],
  ),
);
const value = fc.oneof(
  { weight: 6, arbitrary: text },
  fc.integer(),
  fc.double({ noNaN: true, noDefaultInfinity: true }),
  fc.boolean(),
  fc.constant(null),
);
const step = fc.record({
  kind: fc.constantFrom('set', 'set', 'remove', 'move', 'duplicate', 'insert'),
  field: fc.nat(),
  index: fc.nat(),
  other: fc.nat(),
  value,
});
type Step = typeof step extends fc.Arbitrary<infer T> ? T : never;

/** Applies `step` to `source`; checks that a text set leaves every line around the field as it was. */
function apply(source: string, { kind, field, index, other, value }: Step): string {
  const doc = parseDocument(source);
  const { scalars, lists } = fieldsOf(doc.toJS());
  if (kind === 'set' || lists.length === 0) {
    const at = scalars[field % scalars.length]!;
    const [start, end] = (doc.getIn(at, true) as Node).range!;
    const out = setValue(source, at, value);
    const before = source.slice(0, source.lastIndexOf('\n', start - 1) + 1);
    const lineEnd = source.indexOf('\n', Math.max(start, end - 1));
    const after = lineEnd < 0 ? '' : source.slice(lineEnd + 1);
    expect(out.startsWith(before) && out.endsWith(after), `set ${at.join('.')}`).toBe(true);
    return out;
  }
  const list = lists[field % lists.length]!;
  const items = (doc.getIn(list) as { items: unknown[] }).items.length;
  const from = index % items;
  if (kind === 'remove') return removeItem(source, list, from);
  if (kind === 'move') return moveItem(source, list, from, other % items);
  if (kind === 'duplicate') return duplicateItem(source, list, from);
  // A new item like one of the list's, one of its fields set to the value.
  const like = doc.getIn([...list, from], true) as Node;
  const item = like.toJSON() as unknown;
  const keys = isCollection(like) && item && !Array.isArray(item) ? Object.keys(item) : [];
  const added = keys.length ? { ...(item as object), [keys[other % keys.length]!]: value } : value;
  return insertItem(source, list, other % (items + 1), added);
}

describe('edits to the pages of the site (seeded sequences)', () => {
  it('each splices in exactly its change: valid YAML, the expected data, nothing reprinted', () => {
    fc.assert(
      fc.property(
        fc.nat(pages.length - 1),
        fc.array(step, { minLength: 1, maxLength: 6 }),
        (page, steps) => {
          let source = pages[page]!;
          for (const one of steps) {
            source = apply(source, one);
            expect(lastEditReprinted, JSON.stringify(one)).toBe(false);
            expect(parseDocument(source).errors).toEqual([]);
          }
        },
      ),
      propertyParameters(100),
    );
  });
});
