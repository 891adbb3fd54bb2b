import { readFileSync } from 'node:fs';
import path from 'node:path';
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { duplicateItem, insertItem, moveItem, removeItem } from '../../editor/document/index.ts';
import { yamlData } from '../../editor/document/read-yaml.ts';
import { syncTranslationText } from '../../editor/document/sync.ts';
import { checkTranslation } from '../../engine/check-translation.ts';
import type { LocaleConfig } from '../../schema/locales.ts';
import { YamlSource } from '../../engine/yaml-source.ts';
import { propertyParameters, propertyRuns } from '../helpers/properties.ts';

/**
 * Seeded sequences of structural edits of a real English page with a German translation (blocks
 * and list items moved, removed, duplicated, added), the translation following after each save or
 * once after all of them: afterwards the translation has no error against its source and no stale
 * field but those given new words by the sequence itself.
 */
const root = path.resolve(import.meta.dirname, '../..');
const read = (file: string) => readFileSync(path.join(root, file), 'utf8');
const SOURCE = read('pages/solutions/hotels.yaml');
const GERMAN = read('pages/de/solutions/hotels.yaml');
const locale = { code: 'de', label: 'Deutsch', partial: true } as unknown as LocaleConfig;

type Path = Array<string | number>;

/** The lists of a page: its blocks and every non-empty list inside a block. */
function listsOf(data: unknown, at: Path = []): Array<{ path: Path; length: number }> {
  const found: Array<{ path: Path; length: number }> = [];
  if (Array.isArray(data)) {
    if (data.length) found.push({ path: at, length: data.length });
    data.forEach((item, i) => found.push(...listsOf(item, [...at, i])));
  } else if (data && typeof data === 'object')
    for (const [key, value] of Object.entries(data)) found.push(...listsOf(value, [...at, key]));
  return found;
}

/** A copy of `value` with every string given new words (an item or block new to the page). */
function renewed(value: unknown, n: number): unknown {
  if (typeof value === 'string') return value.startsWith('/') ? value : `New words ${n}`;
  if (Array.isArray(value)) return value.map((item) => renewed(item, n));
  if (value && typeof value === 'object')
    return Object.fromEntries(
      Object.entries(value).map(([k, v]) => [
        k,
        k === 'type' || k === 'icon' || k === 'tone' || k === 'variant' ? v : renewed(v, n),
      ]),
    );
  return value;
}

interface Step {
  list: number;
  kind: 'move' | 'remove' | 'duplicate' | 'insert';
  a: number;
  b: number;
}

const step: fc.Arbitrary<Step> = fc.record({
  list: fc.nat(),
  kind: fc.constantFrom('move', 'remove', 'duplicate', 'insert'),
  a: fc.nat(),
  b: fc.nat(),
});

function apply(text: string, { list, kind, a, b }: Step, n: number): string {
  const lists = listsOf(yamlData(text)).filter(
    ({ path: at }) => at[0] === 'blocks' && (at.length === 1 || at.length === 3),
  );
  const { path: at, length } = lists[list % lists.length]!;
  const from = a % length;
  if (kind === 'move') return moveItem(text, at, from, b % length);
  if (kind === 'remove') return length > 1 ? removeItem(text, at, from) : text;
  if (kind === 'duplicate') return duplicateItem(text, at, from);
  const item = (yamlData(text) as Record<string, unknown[]>) && listItem(text, at, from);
  return insertItem(text, at, b % (length + 1), renewed(item, n));
}

function listItem(text: string, at: Path, index: number): unknown {
  let value: unknown = yamlData(text);
  for (const part of [...at, index]) value = (value as Record<string | number, unknown>)[part];
  return value;
}

describe('translations follow structural edits of their source', () => {
  // A run takes up to a second on a busy machine: the time follows the number of runs.
  it(
    'no error and nothing stale that did not change',
    { timeout: propertyRuns(12) * 5_000 },
    () => {
      fc.assert(
        fc.property(fc.array(step, { minLength: 1, maxLength: 4 }), fc.boolean(), (steps, each) => {
          let source = SOURCE;
          let german = GERMAN;
          steps.forEach((s, n) => {
            source = apply(source, s, n);
            if (each) german = syncTranslationText(german, source);
          });
          german = syncTranslationText(german, source);
          const findings = checkTranslation({
            translation: new YamlSource('pages/de/solutions/hotels.yaml', german),
            source: new YamlSource('pages/solutions/hotels.yaml', source),
            locale,
            defaultLabel: 'English',
          }).flatMap((f) => ('error' in f ? [f] : []));
          expect(findings.filter((f) => f.severity === 'error')).toEqual([]);
          const stale = findings.filter((f) => f.error.code === 'translation-stale');
          for (const f of stale) expect(f.error.message).toMatch(/now: 'New words \d+'\)\.$/);
        }),
        propertyParameters(12),
      );
    },
  );
});
