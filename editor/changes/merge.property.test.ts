import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import fc from 'fast-check';
import { parse } from 'yaml';
import { describe, expect, it } from 'vitest';
import { propertyParameters } from '../../tests/helpers/properties.ts';
import { equalData, isObject, withValue } from '../document/data-ops.ts';
import { insertItem, moveItem, removeItem, setValue } from '../document/edit.ts';
import { mergeYaml, resolveConflicts, resolveConflictsOnto } from './merge.ts';
import type { ConflictChoice, YamlPath } from './types.ts';

/**
 * The merge on real pages with random edits on each side, the edits made with the editor's own
 * functions (as an author's edits are). Each side touches its own blocks (ours the even ones,
 * theirs the odd ones), adds blocks of its own, and only one side moves blocks: then both sides'
 * changes must come through with no conflict. A second property changes the same field on both
 * sides; a third makes the choice after the author edited the merged page again
 * (`resolveConflictsOnto`).
 */

const PAGES = readdirSync('pages', { recursive: true, encoding: 'utf8' })
  .filter((file) => file.endsWith('.yaml'))
  .sort()
  .map((file) => ({ file: `pages/${file}`, text: readFileSync(join('pages', file), 'utf8') }));

const pageIndex = (file: string) => PAGES.findIndex((page) => page.file === file);

type Data = Record<string, unknown>;

/**
 * Paths of the text values inside a value (never a block's `type`: a new type is a different
 * block).
 */
function textLeaves(value: unknown, path: YamlPath = []): YamlPath[] {
  if (typeof value === 'string') return path.length ? [path] : [];
  if (Array.isArray(value)) return value.flatMap((item, i) => textLeaves(item, [...path, i]));
  if (isObject(value))
    return Object.entries(value).flatMap(([key, item]) =>
      key === 'type' ? [] : textLeaves(item, [...path, key]),
    );
  return [];
}

type Op =
  | { kind: 'setPageField'; field: number }
  | { kind: 'setField'; block: number; leaf: number }
  | { kind: 'addBlock'; at: number }
  | { kind: 'removeBlock'; block: number }
  | { kind: 'moveBlock'; block: number; to: number }
  | { kind: 'addItem'; block: number; at: number }
  | { kind: 'removeItem'; block: number; item: number };

const nat = fc.nat({ max: 40 });
const op: fc.Arbitrary<Op> = fc.oneof(
  fc.record({ kind: fc.constant('setPageField' as const), field: nat }),
  fc.record({ kind: fc.constant('setField' as const), block: nat, leaf: nat }),
  fc.record({ kind: fc.constant('addBlock' as const), at: nat }),
  fc.record({ kind: fc.constant('removeBlock' as const), block: nat }),
  fc.record({ kind: fc.constant('moveBlock' as const), block: nat, to: nat }),
  fc.record({ kind: fc.constant('addItem' as const), block: nat, at: nat }),
  fc.record({ kind: fc.constant('removeItem' as const), block: nat, item: nat }),
);

/**
 * A side's version: its text and, for each block, which base block it is (a number) or that it is
 * new.
 */
interface Version {
  text: string;
  origins: Array<number | string>;
}

function applyOps(
  base: string,
  ops: Op[],
  side: 'ours' | 'theirs',
  mayTouch: (origin: number) => boolean,
  mayMove: boolean,
  pageFields: string[] = ['title', 'description'],
): Version {
  let text = base;
  const origins: Array<number | string> = (parse(base) as Data & { blocks: unknown[] }).blocks.map(
    (_, i) => i,
  );
  let counter = 0;
  const unique = () => `${side} ${++counter}`;
  ops.forEach((edit) => {
    const blocks = (parse(text) as { blocks: Data[] }).blocks;
    // The blocks of the base this side may touch, by their place in this version.
    const mine = origins.flatMap((origin, at) =>
      typeof origin === 'number' && mayTouch(origin) ? [at] : [],
    );
    const pick = <T>(list: T[], n: number) => (list.length ? list[n % list.length] : undefined);
    switch (edit.kind) {
      case 'setPageField': {
        const field = pick(pageFields, edit.field);
        if (field) text = setValue(text, [field], unique());
        return;
      }
      case 'setField': {
        const at = pick(mine, edit.block);
        if (at === undefined) return;
        const leaf = pick(textLeaves(blocks[at]), edit.leaf);
        if (leaf) text = setValue(text, ['blocks', at, ...leaf], unique());
        return;
      }
      case 'addBlock': {
        const at = edit.at % (blocks.length + 1);
        const name = unique();
        text = insertItem(text, ['blocks'], at, {
          type: 'richText',
          paragraphs: [`Added by ${name}.`],
        });
        origins.splice(at, 0, name);
        return;
      }
      case 'removeBlock': {
        const at = pick(mine, edit.block);
        // The first two blocks stay, so that a page keeps a block.
        if (at === undefined || (origins[at] as number) < 2) return;
        text = removeItem(text, ['blocks'], at);
        origins.splice(at, 1);
        return;
      }
      case 'moveBlock': {
        const from = pick(mine, edit.block);
        if (!mayMove || from === undefined) return;
        const to = edit.to % blocks.length;
        text = moveItem(text, ['blocks'], from, to);
        origins.splice(to, 0, origins.splice(from, 1)[0]!);
        return;
      }
      case 'addItem':
      case 'removeItem': {
        const at = pick(mine, edit.block);
        if (at === undefined) return;
        const lists = Object.entries(blocks[at]!).filter(
          ([, value]) => Array.isArray(value) && value.length,
        );
        const list = pick(lists, edit.block);
        if (!list) return;
        const [key, items] = list as [string, unknown[]];
        const path = ['blocks', at, key];
        if (edit.kind === 'removeItem') {
          if (items.length > 1) text = removeItem(text, path, edit.item % items.length);
          return;
        }
        const first = items[0];
        const leaf = textLeaves(first)[0];
        const item =
          typeof first === 'string'
            ? unique()
            : isObject(first) && leaf
              ? (() => {
                  const copy = structuredClone(first);
                  let at: Data = copy;
                  leaf.slice(0, -1).forEach((k) => (at = at[k] as Data));
                  at[leaf[leaf.length - 1]!] = unique();
                  return copy;
                })()
              : undefined;
        if (item !== undefined) text = insertItem(text, path, edit.at % (items.length + 1), item);
        return;
      }
    }
  });
  return { text, origins };
}

const lines = (text: string) => {
  const count = new Map<string, number>();
  for (const line of text.split('\n')) count.set(line, (count.get(line) ?? 0) + 1);
  return count;
};

/**
 * Every line of the ancestor that neither side removed is still there: a line the ancestor has `b`
 * times, ours `o` and theirs `t` times is in the result at least `o + t - b` times (what each side
 * removed, removed once). A list whose items the two sides removed between them is written `key:
 * []`, which counts as its `key:` line.
 */
function keepsUntouchedLines(base: string, ours: string, theirs: string, merged: string): void {
  const [b, o, t, m] = [base, ours, theirs, merged].map(lines);
  for (const [line, count] of b!) {
    const kept = (o!.get(line) ?? 0) + (t!.get(line) ?? 0) - count;
    const found = (m!.get(line) ?? 0) + (line.endsWith(':') ? (m!.get(`${line} []`) ?? 0) : 0);
    expect(found, `line ${JSON.stringify(line)}`).toBeGreaterThanOrEqual(kept);
  }
}

const json = (value: unknown) => JSON.stringify(value);

function checkDisjoint(
  page: { file: string; text: string },
  ours: Version,
  theirs: Version,
  moves: 'ours' | 'theirs',
) {
  const input = { file: page.file, base: page.text, ours: ours.text, theirs: theirs.text };
  const result = mergeYaml(input);
  expect(result.conflicts).toEqual([]);
  expect(result.text).not.toMatch(/^(<{7}|={7}|>{7})/m);
  const merged = parse(result.text) as Data & { blocks: unknown[] };
  const [baseData, oursData, theirsData] = [page.text, ours.text, theirs.text].map(
    (text) => parse(text) as Data & { blocks: unknown[] },
  );

  // Which version of each block the result must hold: the side that touched it, else the
  // ancestor's.
  const expected = new Map<number | string, unknown>();
  const oursAt = new Map(ours.origins.map((origin, at) => [origin, oursData!.blocks[at]]));
  const theirsAt = new Map(theirs.origins.map((origin, at) => [origin, theirsData!.blocks[at]]));
  baseData!.blocks.forEach((block, origin) => {
    if (!oursAt.has(origin) || !theirsAt.has(origin)) return;
    const o = oursAt.get(origin);
    expected.set(origin, equalData(o, block) ? theirsAt.get(origin) : o);
  });
  for (const [origin, block] of [...oursAt, ...theirsAt])
    if (typeof origin === 'string') expected.set(origin, block);
  const sorted = (blocks: unknown[]) => blocks.map(json).sort();
  expect(sorted(merged.blocks)).toEqual(sorted([...expected.values()]));

  // Page fields: ours' title, theirs' description.
  const fields = (data: Data) => ({ ...data, blocks: undefined });
  expect(fields(merged)).toEqual({ ...fields(oursData!), description: theirsData!.description });

  const versions = [...expected.entries()];
  if (new Set(versions.map(([, block]) => json(block))).size === versions.length) {
    const originOf = new Map(versions.map(([origin, block]) => [json(block), origin]));
    const order = merged.blocks.map((block) => originOf.get(json(block)));
    // The side that moved blocks sees its order kept among its blocks (the other only added and
    // removed).
    const mover = moves === 'ours' ? ours : theirs;
    const present = mover.origins.filter((origin) => expected.has(origin));
    expect(order.filter((origin) => mover.origins.includes(origin!))).toEqual(present);
  }
  keepsUntouchedLines(page.text, ours.text, theirs.text, result.text);
}

describe('mergeYaml on real pages (property)', () => {
  it("both sides' changes to different blocks come through, with no conflict", () => {
    fc.assert(
      fc.property(
        fc.nat({ max: PAGES.length - 1 }),
        fc.array(op, { minLength: 1, maxLength: 4 }),
        fc.array(op, { minLength: 1, maxLength: 4 }),
        fc.constantFrom('ours' as const, 'theirs' as const),
        (pageIndex, oursOps, theirsOps, moves) => {
          const page = PAGES[pageIndex]!;
          const ours = applyOps(page.text, oursOps, 'ours', (i) => i % 2 === 0, moves === 'ours', [
            'title',
          ]);
          const theirs = applyOps(
            page.text,
            theirsOps,
            'theirs',
            (i) => i % 2 === 1,
            moves === 'theirs',
            ['description'],
          );
          checkDisjoint(page, ours, theirs, moves);
          // One side's changes alone come through exactly.
          const alone = mergeYaml({
            file: page.file,
            base: page.text,
            ours: ours.text,
            theirs: page.text,
          });
          expect(alone).toEqual({ text: ours.text, conflicts: [] });
          const theirsAlone = mergeYaml({
            file: page.file,
            base: page.text,
            ours: page.text,
            theirs: theirs.text,
          });
          expect(parse(theirsAlone.text)).toEqual(parse(theirs.text));
        },
      ),
      {
        ...propertyParameters(25),
        examples: [
          // Found by the property (each side's order, then a page that lost all its blocks, then
          // page fields).
          [
            pageIndex('pages/book-demo.yaml'),
            [{ kind: 'removeItem', block: 0, item: 0 }],
            [{ kind: 'moveBlock', block: 0, to: 0 }],
            'theirs',
          ],
          [
            pageIndex('pages/index.yaml'),
            [
              { kind: 'removeBlock', block: 1 },
              { kind: 'removeBlock', block: 0 },
            ],
            [{ kind: 'removeBlock', block: 16 }],
            'ours',
          ],
          [
            pageIndex('pages/404.yaml'),
            [{ kind: 'removeBlock', block: 0 }],
            [
              { kind: 'setPageField', field: 0 },
              { kind: 'removeItem', block: 0, item: 0 },
            ],
            'ours',
          ],
        ],
      },
    );
  });

  it('the same field changed by both: one conflict there, ours in the text, each choice gives its value', () => {
    fc.assert(
      fc.property(
        fc.nat({ max: PAGES.length - 1 }),
        fc.nat(),
        fc.boolean(),
        (pageIndex, leafIndex, same) => {
          const page = PAGES[pageIndex]!;
          const data = parse(page.text) as Data;
          const leaves = textLeaves(data);
          const path = leaves[leafIndex % leaves.length]!;
          const ours = setValue(page.text, path, 'Written by ours');
          const theirs = setValue(page.text, path, same ? 'Written by ours' : 'Written by theirs');
          const input = { file: page.file, base: page.text, ours, theirs };
          const result = mergeYaml(input);
          expect(result.text).toBe(ours);
          if (same) {
            expect(result.conflicts).toEqual([]);
            return;
          }
          expect(result.conflicts).toHaveLength(1);
          const [conflict] = result.conflicts;
          expect(conflict).toMatchObject({
            path,
            ours: 'Written by ours',
            theirs: 'Written by theirs',
          });
          expect(conflict!.label).not.toBe('');
          const resolved = (choice: Parameters<typeof resolveConflicts>[1][string]) =>
            parse(resolveConflicts(input, { [conflict!.id]: choice }));
          expect(resolved({ pick: 'theirs' })).toEqual(parse(theirs));
          expect(resolved({ pick: 'ours' })).toEqual(parse(ours));
          expect(resolved({ value: 'Agreed' })).toEqual(parse(setValue(page.text, path, 'Agreed')));
        },
      ),
      {
        ...propertyParameters(25),
        // Found by the property: a block's type is no field (a new type is another block).
        examples: [[pageIndex('pages/contact.yaml'), 12, false]],
      },
    );
  });

  it('a choice made after more edits: the edits stay, the field gets mine as it is now, theirs or the value', () => {
    const later = op.filter(
      (edit) => !['addBlock', 'removeBlock', 'moveBlock'].includes(edit.kind),
    );
    fc.assert(
      fc.property(
        fc.nat({ max: PAGES.length - 1 }),
        fc.nat(),
        fc.array(later, { maxLength: 4 }),
        fc.constantFrom('untouched', 'changed again', 'set to theirs', 'set to the value'),
        fc.constantFrom<ConflictChoice>(
          { pick: 'ours' },
          { pick: 'theirs' },
          { value: 'Agreed' },
          // The value the field held when the conflict was found, typed in again.
          { value: 'Written by ours' },
        ),
        (pageIndex, leafIndex, laterOps, field, choice) => {
          const page = PAGES[pageIndex]!;
          const blocks = (parse(page.text) as { blocks: unknown[] }).blocks;
          const leaves = blocks.flatMap((block, at) =>
            textLeaves(block).map((leaf): YamlPath => ['blocks', at, ...leaf]),
          );
          const path = leaves[leafIndex % leaves.length]!;
          const input = {
            file: page.file,
            base: page.text,
            ours: setValue(page.text, path, 'Written by ours'),
            theirs: setValue(page.text, path, 'Written by theirs'),
          };
          const { text: left, conflicts } = mergeYaml(input);
          // The author goes on editing the other blocks of the page, and maybe that field.
          let current = applyOps(
            left,
            laterOps,
            'ours',
            (origin) => origin !== path[1],
            false,
          ).text;
          const again = {
            untouched: undefined,
            'changed again': 'Later by ours',
            'set to theirs': 'Written by theirs',
            'set to the value': 'Agreed',
          }[field];
          if (again) current = setValue(current, path, again);
          const result = resolveConflictsOnto(current, input, { [conflicts[0]!.id]: choice });
          const chosen =
            'value' in choice
              ? choice.value
              : choice.pick === 'theirs'
                ? 'Written by theirs'
                : (again ?? 'Written by ours');
          expect(parse(result!)).toEqual(withValue(parse(current), path, chosen));
        },
      ),
      propertyParameters(40),
    );
  });

  it('any edits on both sides: the result parses, conflicts only where both changed the same thing', () => {
    fc.assert(
      fc.property(
        fc.nat({ max: PAGES.length - 1 }),
        fc.array(op, { minLength: 1, maxLength: 4 }),
        fc.array(op, { minLength: 1, maxLength: 4 }),
        (pageIndex, oursOps, theirsOps) => {
          const page = PAGES[pageIndex]!;
          const ours = applyOps(page.text, oursOps, 'ours', () => true, true).text;
          const theirs = applyOps(page.text, theirsOps, 'theirs', () => true, true).text;
          const input = { file: page.file, base: page.text, ours, theirs };
          const result = mergeYaml(input);
          expect(result.text).not.toMatch(/^(<{7}|={7}|>{7})/m);
          expect(parse(result.text)).toBeTruthy();
          for (const conflict of result.conflicts) {
            expect(conflict.label).not.toBe('');
            expect(equalData(conflict.base, conflict.ours), 'ours changed it').toBe(false);
            expect(equalData(conflict.base, conflict.theirs), 'theirs changed it').toBe(false);
            expect(equalData(conflict.ours, conflict.theirs), 'differently').toBe(false);
          }
          const all = (choice: 'ours' | 'theirs') =>
            resolveConflicts(
              input,
              Object.fromEntries(result.conflicts.map((c) => [c.id, { pick: choice }])),
            );
          expect(all('ours')).toBe(result.text);
          expect(parse(all('theirs'))).toBeTruthy();
          // Where there is a conflict, ours' text stands for both (theirs is in the conflict).
          if (!result.conflicts.length) keepsUntouchedLines(page.text, ours, theirs, result.text);
        },
      ),
      {
        ...propertyParameters(25),
        examples: [
          // Found by the property: the two sides removed the two items of a list between them.
          [
            pageIndex('pages/contact.yaml'),
            [{ kind: 'removeItem', block: 0, item: 0 }],
            [
              { kind: 'removeItem', block: 0, item: 3 },
              { kind: 'addBlock', at: 0 },
            ],
          ],
          // Found by the property: ours removed a block whose items theirs had copied (a conflict).
          [
            pageIndex('pages/resources/knowledge-base.yaml'),
            [
              { kind: 'removeBlock', block: 24 },
              { kind: 'removeBlock', block: 0 },
            ],
            [
              { kind: 'addItem', block: 38, at: 0 },
              { kind: 'addItem', block: 0, at: 0 },
            ],
          ],
        ],
      },
    );
  });
});
