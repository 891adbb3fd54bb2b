import { afterAll, describe, expect, it } from 'vitest';
import { fixtureText, makeTestSite } from '../tests/validator/test-site.ts';
import { Collector } from './collector.ts';
import { buildModel, claimPageRoutes, readPages } from './load-site.ts';

/** loadSite's phases one by one: read, claim routes, (check references,) build the model. */
describe('loadSite phases', () => {
  const site = makeTestSite();
  afterAll(() => site.cleanUp());
  site.write('pages/solutions/broken.yaml', 'title: [unclosed\n');
  site.write('pages/solutions/draft.yaml', `draft: true\n${fixtureText.replace(/^title: .*$/m, 'title: Draft\naliases: [/draft-alias]')}`);

  it('reads every page on its own: a file it cannot read keeps its route and claims nothing else', () => {
    const collector = new Collector();
    const read = readPages(site.root, collector);
    const broken = read.find((entry) => entry.file === 'pages/solutions/broken.yaml')!;
    expect(broken).toMatchObject({ claim: { route: '/solutions/broken', readable: false } });
    expect([broken.source, broken.page, broken.summary]).toEqual([undefined, undefined, undefined]);
    expect(read.find((entry) => entry.file === 'pages/solutions/draft.yaml')!.claim).toMatchObject({ readable: true, draft: true, aliases: ['/draft-alias'] });
    expect(collector.diagnostics.map((d) => `${d.file} ${d.code}`)).toEqual(['pages/solutions/broken.yaml yaml-bad-indent']);
  });

  it('builds the model from valid pages only, with drafts only when asked for, and routes for aliases too', () => {
    const collector = new Collector();
    const read = readPages(site.root, collector);
    const claimed = claimPageRoutes(site.root, read, collector);
    expect(claimed.targets.get('/solutions/broken')!.anchors).toBeUndefined();
    const published = buildModel(site.root, read, undefined, claimed, { includeDrafts: false, keepPages: true }, []);
    const withDrafts = buildModel(site.root, read, undefined, claimed, { includeDrafts: true, keepPages: true }, []);
    expect(published.routes.has('/draft-alias')).toBe(false);
    expect(withDrafts.routes.get('/draft-alias')!.file).toBe('pages/solutions/draft.yaml');
    expect(withDrafts.pages.length).toBe(published.pages.length + 1);
    expect(published.pages.some((page) => page.file === 'pages/solutions/broken.yaml')).toBe(false);
    expect(published.notFound?.route).toBe('/404');
  });
});
