import { readFileSync } from 'node:fs';
import path from 'node:path';
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { listPageFiles } from '../../engine/load-site.ts';
import { propertyParameters } from '../../tests/helpers/properties.ts';
import { mutate, mutations } from '../../tests/validator/mutations.ts';
import { describeFileChange, summarizeChanges } from './describe.ts';
import { mergeYaml } from './merge.ts';

/**
 * Publishing reads texts authors wrote by hand: the Changes screen describes them and an update
 * merges them with what others published. Damaged at random (the validator's own damage: lines
 * deleted or swapped, wrong indentation, bad bytes, an alias of no anchor), any version of any page
 * is described and merged without an exception. Shrunk counterexamples (`title: *a`) are kept in
 * describe.test.ts and merge.test.ts.
 */
const root = path.resolve(import.meta.dirname, '../..');
const files = listPageFiles(root);
const original = (file: string) => readFileSync(path.join(root, file), 'utf8');
const damaged = (file: string, damage: Parameters<typeof mutate>[1]) =>
  mutate(original(file), damage).toString('utf8');

describe('damaged texts (seeded)', () => {
  it('are described in the author’s words, whichever version is damaged', () => {
    fc.assert(
      fc.property(
        fc.constantFrom(...files),
        mutations,
        fc.constantFrom('after', 'before', 'added', 'removed'),
        (file, damage, side) => {
          const text = damaged(file, damage);
          const change = describeFileChange(
            side === 'after'
              ? { file, before: original(file), after: text }
              : side === 'before'
                ? { file, before: text, after: original(file) }
                : side === 'added'
                  ? { file, after: text }
                  : { file, before: text },
          );
          expect(change.summary).not.toBe('');
          expect(summarizeChanges([change])).not.toBe('');
        },
      ),
      propertyParameters(100),
    );
  });

  it('are merged (or found in conflict), whichever version is damaged', () => {
    fc.assert(
      fc.property(
        fc.constantFrom(...files),
        mutations,
        fc.constantFrom('base', 'ours', 'theirs'),
        (file, damage, side) => {
          const versions = { base: original(file), ours: original(file), theirs: original(file) };
          versions[side] = damaged(file, damage);
          const result = mergeYaml({ file, ...versions });
          expect(typeof result.text).toBe('string');
        },
      ),
      propertyParameters(100),
    );
  });
});
