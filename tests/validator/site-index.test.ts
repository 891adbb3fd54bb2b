import { afterAll, describe, expect, it } from 'vitest';
import { loadSite } from '../../engine/load-site.ts';
import { CONFIG_FILE, SiteIndex } from '../../engine/site-index.ts';
import { FIXTURE_FILE, fixtureText, makeTestSite } from './test-site.ts';

/**
 * The page editor checks one file's unsaved text with SiteIndex; `npm run validate` loads
 * everything with loadSite. They must agree on every file, message for message, valid or not.
 */
describe('SiteIndex.check agrees with loadSite', () => {
  const site = makeTestSite();
  afterAll(() => site.cleanUp());

  const agree = () => {
    const index = new SiteIndex(site.root);
    const all = loadSite({ root: site.root }).diagnostics;
    for (const file of [...index.files(), CONFIG_FILE]) {
      const expected = all.filter((d) => d.file === file);
      expect(index.check(file, site.read(file)), file).toEqual(expected);
    }
    return all;
  };

  it('on every page of the real site and its config', () => {
    agree();
  });

  it('on pages with schema errors, broken links and anchors, alias clashes, duplicate routes and syntax errors', () => {
    site.writeFixture(
      [
        'title: The Hotel OS Built for Independent Teams',
        'titel: The Hotel OS Built for Independent Teams',
      ],
      ['href: /platform', 'href: /platfrom'],
    );
    site.write(
      'pages/solutions/clash.yaml',
      fixtureText.replace(
        /^title: .*$/m,
        'title: Clash\naliases: [/pricing, /solutions/fixture, /solutions/clash, /old-clash]',
      ),
    );
    site.write(
      'pages/solutions/clash/index.yaml',
      fixtureText.replace(/^title: .*$/m, 'title: Duplicate route\naliases: [/old-clash]'),
    );
    site.write('pages/solutions/broken.yaml', 'title: [unclosed\n');
    site.write(
      'pages/solutions/anchors.yaml',
      fixtureText
        .replace('  - type: hero', '  - type: hero\n    id: top')
        .replace(/href: \/platform\b/, 'href: /solutions/hotels#nowhere'),
    );
    const all = agree();
    const codes = new Set(all.map((d) => d.code));
    for (const code of [
      'unknown-field',
      'broken-link',
      'duplicate-route',
      'alias-is-a-route',
      'alias-is-own-route',
      'alias-taken',
      'yaml-bad-indent',
      'reserved-anchor',
      'broken-anchor',
    ])
      expect([...codes]).toContain(code);
  });

  it('checks unsaved text: a fixed page has no problems, a broken one has, before anything is written', () => {
    const index = new SiteIndex(site.root);
    expect(index.check(FIXTURE_FILE, fixtureText).filter((d) => d.severity === 'error')).toEqual(
      [],
    );
    const broken = index.check(
      FIXTURE_FILE,
      fixtureText.replace('href: /platform', 'href: /platfrom'),
    );
    expect(broken.map((d) => d.code)).toContain('broken-link');
  });
});
