import { afterAll, describe, expect, it } from 'vitest';
import { makeTestSite, FIXTURE_FILE, fixtureText } from '../tests/validator/test-site.ts';
import { loadSite } from './load-site.ts';
import { IncrementalValidation } from './watch-validation.ts';

/**
 * `npm run validate -- --watch` re-checks only what a change can affect; after every change its
 * report must be the one a full run gives: the same diagnostics, pages and routes.
 */
describe('IncrementalValidation', () => {
  const site = makeTestSite();
  afterAll(() => site.cleanUp());
  const watched = new IncrementalValidation(site.root);

  const agrees = () => {
    const full = loadSite({ root: site.root, includeDrafts: true });
    expect(watched.diagnostics()).toEqual(full.diagnostics);
    expect(watched.counts()).toEqual({ pages: full.pages.length, routes: full.routes.size });
    return full.diagnostics;
  };

  it('starts with the full run', () => {
    expect(agrees()).toEqual([]);
  });

  it('follows a broken link in the saved file', () => {
    site.writeFixture(['href: /platform,', 'href: /platfrom,']);
    watched.update([FIXTURE_FILE]);
    expect(agrees().map((d) => d.code)).toEqual(['broken-link']);
  });

  it('re-checks the pages that link to a route that goes away, and to an anchor that goes away', () => {
    const withAnchor = (id: string): [string, string] => [
      '  - type: highlights',
      `  - type: highlights\n    id: ${id}`,
    ];
    site.writeFixture(withAnchor('faq'));
    site.write(
      'pages/solutions/linker.yaml',
      fixtureText.replace('href: /platform,', 'href: /solutions/fixture#faq,'),
    );
    watched.update([FIXTURE_FILE, 'pages/solutions/linker.yaml']);
    expect(agrees()).toEqual([]);
    site.writeFixture(withAnchor('questions'));
    watched.update([FIXTURE_FILE]);
    expect(agrees().map((d) => `${d.file} ${d.code}`)).toEqual([
      'pages/solutions/linker.yaml broken-anchor',
    ]);
    site.remove(FIXTURE_FILE);
    watched.update([FIXTURE_FILE]);
    expect(agrees().map((d) => `${d.file} ${d.code}`)).toEqual([
      'pages/solutions/linker.yaml broken-link',
    ]);
  });

  it('reports alias clashes on both sides as they appear and go', () => {
    site.writeFixture();
    site.remove('pages/solutions/linker.yaml');
    site.write(
      'pages/solutions/clash.yaml',
      fixtureText.replace(/^title: .*$/m, 'title: Clash\naliases: [/old-fixture]'),
    );
    watched.update([FIXTURE_FILE, 'pages/solutions/linker.yaml', 'pages/solutions/clash.yaml']);
    expect(agrees()).toEqual([]);
    site.writeFixture([
      'title: Hotel Management Software for Independent Hotels',
      'title: Hotel Management Software for Independent Hotels\naliases: [/old-fixture, /solutions/clash]',
    ]);
    watched.update([FIXTURE_FILE]);
    expect(
      agrees()
        .map((d) => d.code)
        .sort(),
    ).toEqual(['alias-is-a-route', 'alias-taken']);
    site.remove('pages/solutions/clash.yaml');
    site.writeFixture();
    watched.update(['pages/solutions/clash.yaml', FIXTURE_FILE]);
    expect(agrees()).toEqual([]);
  });

  it('takes site.config.yaml and a YAML syntax error into account', () => {
    site.write('site.config.yaml', site.read('site.config.yaml').replace(/^tagline:/m, 'tagLine:'));
    site.write('pages/solutions/linker.yaml', 'title: [unclosed\n');
    watched.update(['site.config.yaml', 'pages/solutions/linker.yaml']);
    expect(new Set(agrees().map((d) => d.code))).toEqual(
      new Set(['unknown-field', 'yaml-bad-indent']),
    );
  });
});
