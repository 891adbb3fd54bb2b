import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { parse } from 'yaml';
import { describe, expect, it } from 'vitest';
import { setValue } from '../document/edit.ts';
import { mergeYaml, resolveConflicts } from './merge.ts';
import type { YamlPath } from './types.ts';

/**
 * The merge on every page of the site: one author changes the page title, another the last text of
 * the last block that has one (values that need quoting in YAML); then both change the same field.
 */

const PAGES = readdirSync('pages', { recursive: true, encoding: 'utf8' })
  .filter((file) => file.endsWith('.yaml'))
  .sort()
  .map((file) => ({ file: `pages/${file}`, text: readFileSync(join('pages', file), 'utf8') }));

function lastText(value: unknown, path: YamlPath): YamlPath | undefined {
  if (typeof value === 'string') return path;
  const entries = Array.isArray(value)
    ? value.map((item, i) => [i, item] as const)
    : value && typeof value === 'object'
      ? Object.entries(value).filter(([key]) => key !== 'type' && key !== 'id')
      : [];
  for (const [key, item] of [...entries].reverse()) {
    const found = lastText(item, [...path, key]);
    if (found) return found;
  }
  return undefined;
}

const OURS = 'Ours: a title with a colon';
const THEIRS = 'Theirs "quoted" #1 – and more';

describe('mergeYaml on every page', () => {
  it.each(PAGES)(
    '$file: different fields merge; the same field is a conflict',
    ({ file, text }) => {
      const data = parse(text) as { title: string; blocks: unknown[] };
      const theirsPath = lastText(data.blocks, ['blocks'])!;
      expect(theirsPath).toBeDefined();
      const ours = setValue(text, ['title'], OURS);
      const theirs = setValue(text, theirsPath, THEIRS);

      const merged = mergeYaml({ file, base: text, ours, theirs });
      expect(merged.conflicts).toEqual([]);
      // Against each author's version only the other author's change shows.
      expect(merged.text).toBe(setValue(ours, theirsPath, THEIRS));
      expect(merged.text).toBe(setValue(theirs, ['title'], OURS));

      const input = { file, base: text, ours, theirs: setValue(text, ['title'], THEIRS) };
      const both = mergeYaml(input);
      expect(both.text).toBe(ours);
      expect(both.conflicts).toEqual([
        {
          id: 'title',
          path: ['title'],
          label: 'Title',
          base: data.title,
          ours: OURS,
          theirs: THEIRS,
        },
      ]);
      expect(resolveConflicts(input, { title: { pick: 'theirs' } })).toBe(input.theirs);
    },
  );
});
