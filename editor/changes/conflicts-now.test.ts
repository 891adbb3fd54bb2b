import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { moveItem, setValue } from '../document/edit.ts';
import { conflictsAsTheyAreNow } from './conflicts-now.ts';
import { mergeYaml } from './merge.ts';

const file = 'pages/solutions/hotels.yaml';
const base = readFileSync(file, 'utf8');
const input = {
  file,
  base,
  ours: setValue(base, ['blocks', 0, 'title'], 'Alice Title'),
  theirs: setValue(base, ['blocks', 0, 'title'], 'Bob Title'),
};
const left = mergeYaml(input).text;
const oursNow = (current: string) => conflictsAsTheyAreNow(current, input).map((c) => c.ours);

describe('conflictsAsTheyAreNow', () => {
  it('gives the value the merge left while the page is as the merge left it', () => {
    expect(oursNow(left)).toEqual(['Alice Title']);
  });

  it('follows the field: edited since, its block moved, or holding theirs already', () => {
    const edited = setValue(left, ['blocks', 0, 'title'], 'Alice Later');
    expect(oursNow(edited)).toEqual(['Alice Later']);
    expect(oursNow(setValue(left, ['blocks', 1, 'title'], 'Elsewhere'))).toEqual(['Alice Title']);
    expect(oursNow(moveItem(edited, ['blocks'], 0, 2))).toEqual(['Alice Later']);
    expect(oursNow(setValue(left, ['blocks', 0, 'title'], 'Bob Title'))).toEqual(['Bob Title']);
  });

  it("keeps the merge's value when the page no longer parses", () => {
    expect(oursNow(`${left}\n  - [broken`)).toEqual(['Alice Title']);
  });
});
