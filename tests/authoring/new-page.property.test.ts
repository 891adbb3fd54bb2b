import { readFileSync, realpathSync, rmSync } from 'node:fs';
import path from 'node:path';
import fc from 'fast-check';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createPage, TEMPLATES } from '../../engine/new-page.ts';
import { SiteIndex } from '../../engine/site-index.ts';
import { propertyParameters, propertyRuns } from '../helpers/properties.ts';
import { makeTestSite, type TestSite } from '../validator/test-site.ts';

/**
 * `npm run new-page` (and the editor's New page) with any route and title: it refuses what it
 * cannot place, and every page it creates is in pages/ and valid from the first second, whatever
 * the title holds (YAML's special characters, quotes, line breaks, nothing at all). The shrunk
 * counterexample it found (an empty title) is kept in new-page.test.ts.
 */
let site: TestSite;
beforeAll(() => {
  site = makeTestSite();
});
afterAll(() => site.cleanUp());

const word = fc.oneof(
  { weight: 5, arbitrary: fc.stringMatching(/^[a-z][a-z0-9-]{0,10}$/) },
  fc.constantFrom('solutions', 'resources', 'blog', 'legal', 'de', 'ar', 'news'),
  fc.string({ unit: fc.constantFrom(...'ab-_.~%:/\\ é#?*A0', '..'), minLength: 1, maxLength: 8 }),
);
const route = fc.oneof(
  {
    weight: 4,
    arbitrary: fc.array(word, { minLength: 1, maxLength: 4 }).map((w) => `/${w.join('/')}`),
  },
  fc.string({ maxLength: 20 }),
);
const title = fc.option(
  fc.oneof(
    fc.string({ maxLength: 30 }),
    fc.string({ unit: fc.constantFrom(...'ab :#-"\'\n\\{}[],&*!|>%@`?\t'), maxLength: 20 }),
  ),
  { nil: undefined },
);

describe('new pages from any route and title (seeded)', () => {
  it(
    'are created inside pages/ and without an error, or refused with a reason',
    () => {
      const pages = realpathSync(path.join(site.root, 'pages')) + path.sep;
      fc.assert(
        fc.property(
          route,
          title,
          fc.option(fc.constantFrom(...TEMPLATES), { nil: undefined }),
          fc.boolean(),
          (route, title, template, publish) => {
            const result = createPage({ root: site.root, route, title, template, publish });
            if (!result.ok) {
              expect(result.error.message).not.toBe('');
              return;
            }
            const file = realpathSync(path.join(site.root, result.file));
            try {
              expect(file.startsWith(pages), file).toBe(true);
              const errors = new SiteIndex(site.root)
                .check(result.file, readFileSync(file, 'utf8'))
                .filter((diagnostic) => diagnostic.severity === 'error');
              expect(errors.map((error) => `${error.code}: ${error.message}`)).toEqual([]);
            } finally {
              rmSync(file);
            }
          },
        ),
        propertyParameters(60),
      );
    },
    Math.max(30_000, propertyRuns(60) * 300),
  );
});
