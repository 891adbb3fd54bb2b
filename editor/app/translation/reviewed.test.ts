import { readFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { parse } from 'yaml';
import { reviewedEntries } from '../../../engine/translation-record.ts';
import { applyEdit } from '../editing/apply.ts';
import { reviewedEdits } from './reviewed.ts';

const root = path.resolve(import.meta.dirname, '../../..');
const read = (file: string) => readFileSync(path.join(root, file), 'utf8');

const OLD_TITLE = 'Outcome-based pricing that grows with you';
const NEW_TITLE = 'Pricing that grows with your hotel: "fair", #1 & ©';

/** The English pricing page with a new hero title: the German translation is now stale there. */
const source = () => {
  const text = read('pages/pricing.yaml');
  expect(text).toContain(`title: ${OLD_TITLE}\n`);
  return parse(text.replace(`title: ${OLD_TITLE}\n`, `title: '${NEW_TITLE}'\n`)) as unknown;
};

const applyAll = (text: string, sourceData: unknown, keys: string[]) =>
  reviewedEdits(sourceData, keys).reduce((next, op) => applyEdit(next, op), text);

const changedLines = (before: string, after: string) => {
  const a = before.split('\n');
  const b = after.split('\n');
  expect(b.length).toBe(a.length);
  return a.flatMap((line, i) =>
    line === b[i] ? [] : [{ line: i + 1, before: line, after: b[i] }],
  );
};

describe('marking a field of a translation reviewed in the editor', () => {
  it('changes only the field’s translatedFrom line, to the new source text', () => {
    const before = read('pages/de/pricing.yaml');
    const after = applyAll(before, source(), ['blocks.0.title']);
    const changed = changedLines(before, after);
    expect(changed).toEqual([
      {
        line: changed[0]!.line,
        before: `  blocks.0.title: ${OLD_TITLE}`,
        // Plain text cannot hold ": " and " #"; the writer quotes it (double, as for a new value).
        after: '  blocks.0.title: "Pricing that grows with your hotel: \\"fair\\", #1 & ©"',
      },
    ]);
    expect(before.split('\n').indexOf('translatedFrom:')).toBeLessThan(changed[0]!.line);
    expect((parse(after) as { translatedFrom: Record<string, string> }).translatedFrom).toEqual({
      ...(parse(before) as { translatedFrom: Record<string, string> }).translatedFrom,
      'blocks.0.title': NEW_TITLE,
    });
  });

  it('writes what npm run new-page -- --reviewed writes (one rule)', () => {
    const sourceData = source();
    const keys = ['blocks.0.title', 'blocks.0.badge', 'no.such.field'];
    const after = parse(applyAll(read('pages/de/pricing.yaml'), sourceData, keys)) as {
      translatedFrom: Record<string, string>;
    };
    for (const [key, text] of reviewedEntries(sourceData, keys))
      expect(after.translatedFrom[key]).toBe(text);
    expect(after.translatedFrom['no.such.field']).toBeUndefined();
  });

  it('leaves the file byte for byte when the fields are already reviewed', () => {
    const before = read('pages/de/pricing.yaml');
    const sourceData = parse(read('pages/pricing.yaml')) as unknown;
    const keys = reviewedEntries(sourceData).map(([key]) => key);
    expect(applyAll(before, sourceData, keys)).toBe(before);
  });
});
