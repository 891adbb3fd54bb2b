import { readdirSync } from 'node:fs';
import path from 'node:path';
import fc from 'fast-check';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { loadSite, SiteLoader, type LoadOptions } from '../../engine/load-site.ts';
import { validateAndReport } from '../../engine/validation-report.ts';
import { propertyRuns } from '../helpers/properties.ts';
import { makeTestSite, type TestSite } from '../validator/test-site.ts';

/**
 * A translation's findings are kept in the validation cache (engine/load-site.ts ›
 * translationKey). Whatever sequence of edits an author makes to what those findings depend on (the
 * source's text, the translation's text, its translatedFrom, the languages' config, a source or a
 * translation added or deleted, staleInProduction), a run with the cache warm from the runs before
 * reports exactly what a run with no cache reports: in a normal run, in the status view and under
 * --production, whether the files are checked in groups (`loadInParallel`, as `npm run validate`)
 * or one by one (`load`, as the dev server).
 */
let site: TestSite;
const KEPT = new Set([
  'pages/book-demo.yaml',
  'pages/de/book-demo.yaml',
  'pages/pricing.yaml',
  'pages/de/pricing.yaml',
  'pages/ar/pricing.yaml',
  'pages/contact.yaml',
]);
const originals = new Map<string, string>();

beforeAll(() => {
  site = makeTestSite();
  // A few pages keep each run short; the links to the pages left out are reported alike by every
  // run.
  const pages = readdirSync(path.join(site.root, 'pages'), { recursive: true }) as string[];
  for (const file of pages.map((name) => `pages/${name.split(path.sep).join('/')}`))
    if (file.endsWith('.yaml') && !KEPT.has(file)) site.remove(file);
  for (const file of [...KEPT, CONFIG]) originals.set(file, site.read(file));
});
afterAll(() => site.cleanUp());

const CONFIG = 'site.config.yaml';
const SOURCE = 'pages/book-demo.yaml';
const DE = 'pages/de/book-demo.yaml';
const AR_NEW = 'pages/ar/book-demo.yaml';

/**
 * One change an author can make and take back: text replacements in a file, or a file deleted, or
 * a file created.
 */
type Edit =
  | { file: string; replace: [string, string] }
  | { file: string; deleted: true }
  | { file: string; created: () => string };

const EDITS: Edit[] = [
  // The source's text: a stale translation, then a changed value.
  { file: SOURCE, replace: ['    title: Book a Demo\n', '    title: Book a demo today\n'] },
  { file: SOURCE, replace: ['    id: book-a-demo\n', '    id: demo\n'] },
  // The translation's text, its record and its blocks.
  { file: DE, replace: ['    title: Demo buchen\n', '    title: Eine Demo buchen\n'] },
  { file: DE, replace: ['  blocks.0.title: Book a Demo\n', '  blocks.0.title: Book a demo\n'] },
  { file: DE, replace: ['  blocks.0.badge: Free 30-minute walkthrough\n', ''] },
  { file: DE, replace: ['    id: book-a-demo\n', '    untranslated: true\n'] },
  // The languages' config: a language's name (in messages), whether it may be partial, production.
  { file: CONFIG, replace: ['      label: Deutsch\n', '      label: German\n'] },
  {
    file: CONFIG,
    replace: ['      ogLocale: de_DE\n      partial: true\n', '      ogLocale: de_DE\n'],
  },
  { file: CONFIG, replace: ['  staleInProduction: warning\n', '  staleInProduction: error\n'] },
  // Sources and translations deleted and added.
  { file: SOURCE, deleted: true },
  { file: DE, deleted: true },
  {
    file: AR_NEW,
    created: () =>
      originals.get(DE)!.replace('  - type: scheduler\n', '  - type: faq\n  - type: scheduler\n'),
  },
  { file: 'pages/contact.yaml', deleted: true },
];

/** Writes the files as they are with the edits `on` applied (the others as they were). */
function writeState(on: ReadonlySet<number>) {
  const files = new Set(EDITS.map((edit) => edit.file));
  for (const file of files) {
    let text: string | undefined = originals.get(file);
    EDITS.forEach((edit, index) => {
      if (edit.file !== file || !on.has(index)) return;
      if ('deleted' in edit) text = undefined;
      else if ('created' in edit) text = edit.created();
      else if (text !== undefined) {
        expect(text.split(edit.replace[0]).length - 1, `${edit.replace[0]} in ${file}`).toBe(1);
        text = text.replace(...edit.replace);
      }
    });
    if (text === undefined) site.remove(file);
    else site.write(file, text);
  }
}

type Run = Pick<LoadOptions, 'translationStatus'> & { production?: boolean };
const RUNS: Run[] = [{}, { translationStatus: true }, { production: true }];

const report = async (run: Run, cache: boolean, grouped: boolean) => {
  if (run.production)
    return (
      await validateAndReport({
        root: site.root,
        format: 'json',
        production: true,
        cache,
        print: () => {},
      })
    ).site.diagnostics;
  const options = { root: site.root, cache, ...run };
  return grouped
    ? (await new SiteLoader(options).loadInParallel()).diagnostics
    : loadSite(options).diagnostics;
};

/**
 * After the edits `on`: every kind of run, with the cache as the runs before left it and without
 * one, reports the same.
 */
async function expectSameAsCold(on: ReadonlySet<number>) {
  writeState(on);
  for (const run of RUNS) {
    const cold = await report(run, false, true);
    for (const grouped of [true, false])
      expect(
        await report(run, true, grouped),
        JSON.stringify({ on: [...on], run, grouped }),
      ).toEqual(cold);
  }
}

describe('translation findings from the validation cache', () => {
  it('equal a run without cache after any sequence of edits (seeded)', async () => {
    await fc.assert(
      fc.asyncProperty(
        fc.array(fc.integer({ min: 0, max: EDITS.length - 1 }), { minLength: 1, maxLength: 6 }),
        async (toggles) => {
          const on = new Set<number>();
          writeState(on);
          await report({}, true, true);
          for (const index of toggles) {
            if (on.has(index)) on.delete(index);
            else on.add(index);
            await expectSameAsCold(on);
          }
        },
      ),
      {
        seed: 29,
        // Six sequences in npm test besides the kept examples; `npm run test:properties -- --runs
        // 200 translation-cache` runs longer.
        numRuns: propertyRuns(6),
        // Each input of a finding changed while a finding depends on it: a block left untranslated
        // in a language then not partial (the shrunk counterexample of a key without the config),
        // then renamed; a stale text under staleInProduction; translations added and deleted.
        examples: [[[5, 7]], [[5, 7, 6, 7]], [[0, 8, 2, 3, 8]], [[11, 9, 10, 9]]],
      },
    );
    writeState(new Set());
  }, 240_000);

  it('see the stale finding appear and go with the source edit, from a warm cache', async () => {
    writeState(new Set());
    await report({}, true, true);
    writeState(new Set([0]));
    const stale = (await report({}, true, true)).filter((d) => d.file === DE);
    expect(stale.map((d) => `${d.line}:${d.col} ${d.code}`)).toEqual(['6:12 translation-stale']);
    writeState(new Set());
    expect((await report({}, true, true)).filter((d) => d.file === DE)).toEqual([]);
  });
});
