import { existsSync, readFileSync, rmSync } from 'node:fs';
import path from 'node:path';
import { afterAll, describe, expect, it, vi } from 'vitest';
import { fixtureText, makeTestSite } from '../tests/validator/test-site.ts';
import { Collector } from './collector.ts';
import { claimRoutes } from './claim-routes.ts';
import {
  buildModel,
  listPageFiles,
  loadSite,
  readPage,
  SiteLoader,
  type ReadPage,
} from './load-site.ts';
import { CONFIG_FILE } from './validate-page.ts';
import { startDevSite } from './dev-site.ts';
import { VALIDATION_CACHE_FILE } from './validation-cache.ts';
import { NOT_FOUND_FILE, routeFromFile } from './routes.ts';

const readPages = (root: string, collector: Collector): ReadPage[] =>
  listPageFiles(root).map((file) =>
    readPage(root, file, file === NOT_FOUND_FILE ? undefined : routeFromFile(file), collector),
  );

/** loadSite's phases one by one: read, claim routes, (check references,) build the model. */
describe('loadSite phases', () => {
  const site = makeTestSite();
  afterAll(() => site.cleanUp());
  site.write('pages/solutions/broken.yaml', 'title: [unclosed\n');
  site.write(
    'pages/solutions/draft.yaml',
    `draft: true\n${fixtureText.replace(/^title: .*$/m, 'title: Draft\naliases: [/draft-alias]')}`,
  );

  it('reads every page on its own: a file it cannot read keeps its route and claims nothing else', () => {
    const collector = new Collector();
    const read = readPages(site.root, collector);
    const broken = read.find((entry) => entry.file === 'pages/solutions/broken.yaml')!;
    expect(broken).toMatchObject({ claim: { route: '/solutions/broken', readable: false } });
    expect([broken.source, broken.page, broken.summary]).toEqual([undefined, undefined, undefined]);
    expect(read.find((entry) => entry.file === 'pages/solutions/draft.yaml')!.claim).toMatchObject({
      readable: true,
      draft: true,
      aliases: ['/draft-alias'],
    });
    expect(collector.diagnostics.map((d) => `${d.file} ${d.code}`)).toEqual([
      'pages/solutions/broken.yaml yaml-bad-indent',
    ]);
  });

  it('builds the model from valid pages only, with drafts only when asked for, and routes for aliases too', () => {
    const collector = new Collector();
    const read = readPages(site.root, collector);
    const claimed = claimRoutes(read.map((entry) => entry.claim));
    expect(claimed.targets.get('/solutions/broken')!.anchors).toBeUndefined();
    const published = buildModel(
      site.root,
      read,
      undefined,
      claimed,
      { includeDrafts: false, keepPages: true },
      [],
    );
    const withDrafts = buildModel(
      site.root,
      read,
      undefined,
      claimed,
      { includeDrafts: true, keepPages: true },
      [],
    );
    expect(published.routes.has('/draft-alias')).toBe(false);
    expect(withDrafts.routes.get('/draft-alias')!.file).toBe('pages/solutions/draft.yaml');
    expect(withDrafts.pages.length).toBe(published.pages.length + 1);
    expect(published.pages.some((page) => page.file === 'pages/solutions/broken.yaml')).toBe(false);
    expect(published.notFound?.route).toBe('/404');
  });
});

describe('SiteLoader.update', () => {
  const site = makeTestSite();
  afterAll(() => site.cleanUp());
  const summary = (model: ReturnType<typeof loadSite>) => ({
    diagnostics: model.diagnostics.map(
      (d) => `${d.file}:${d.line}:${d.col} ${d.code} ${d.message} ${d.hint ?? ''}`,
    ),
    routes: [...model.routes].map(
      ([route, page]) => `${route} → ${page.file} #${page.anchors.join(',')}`,
    ),
    pages: model.pages.map((page) => `${page.file} ${page.hash}`),
    notFound: model.notFound?.file,
  });

  it('after each kind of change, gives what loading everything again gives', () => {
    // A broken link whose suggestion ("did you mean") changes when /solutions/gone appears and
    // goes.
    site.write(
      'pages/solutions/typo.yaml',
      fixtureText
        .replace(/^title: .*$/m, 'title: Typo')
        .replace('href: /book-demo', 'href: /solutions/gonee'),
    );
    const loader = new SiteLoader({ root: site.root, includeDrafts: true, cache: true });
    loader.load();
    const changes: Array<[string, () => void]> = [
      [
        'pages/solutions/new.yaml',
        () =>
          site.write(
            'pages/solutions/new.yaml',
            fixtureText.replace(/^title: .*$/m, 'title: New\naliases: [/pricing]'),
          ),
      ],
      [
        'pages/solutions/new.yaml',
        () =>
          site.write(
            'pages/solutions/new.yaml',
            fixtureText
              .replace(/^title: .*$/m, 'title: New')
              .replace('href: /book-demo', 'href: /solutions/gone#x'),
          ),
      ],
      [
        'pages/solutions/gone.yaml',
        () =>
          site.write(
            'pages/solutions/gone.yaml',
            fixtureText.replace(/^title: .*$/m, 'title: Gone'),
          ),
      ],
      ['pages/solutions/gone.yaml', () => site.remove('pages/solutions/gone.yaml')],
      [
        'pages/solutions/new.yaml',
        () => site.write('pages/solutions/new.yaml', 'title: [broken\n'),
      ],
      [
        CONFIG_FILE,
        () => site.write(CONFIG_FILE, site.read(CONFIG_FILE).replace(/^name: .*$/m, 'name: 7')),
      ],
      [
        CONFIG_FILE,
        () =>
          site.write(CONFIG_FILE, site.read(CONFIG_FILE).replace(/^name: 7$/m, 'name: Staylix')),
      ],
      [
        'public/images/extra.svg',
        () =>
          site.write(
            'public/images/extra.svg',
            '<svg xmlns="http://www.w3.org/2000/svg" width="10" height="10"/>',
          ),
      ],
      ['pages/Bad Name.yaml', () => site.write('pages/Bad Name.yaml', fixtureText)],
      [
        'pages/solutions/latin.yaml',
        () =>
          site.writeBytes('pages/solutions/latin.yaml', Buffer.from('title: H\xe9tel\n', 'latin1')),
      ],
    ];
    for (const [file, change] of changes) {
      change();
      expect(summary(loader.update([file])), `after a change of ${file}`).toEqual(
        summary(loadSite({ root: site.root, includeDrafts: true })),
      );
    }
    expect(summary(loader.update([])).diagnostics.some((line) => line.includes('new.yaml'))).toBe(
      true,
    );
  });
});

describe("the dev server's site, loaded in slices", () => {
  const site = makeTestSite();
  afterAll(() => site.cleanUp());
  // More pages than one slice, and one with a problem among them.
  for (let n = 0; n < 300; n++)
    site.write(
      `pages/solutions/many/p-${n}.yaml`,
      fixtureText.replace(/^title: .*$/m, `title: Page ${n}`),
    );
  site.write(
    'pages/solutions/many/p-150.yaml',
    fixtureText.replace(/^title: .*$/m, 'title: Broken\nbogus: 1'),
  );
  const summary = (model: ReturnType<typeof loadSite>) => ({
    diagnostics: model.diagnostics.map((d) => `${d.file}:${d.line}:${d.col} ${d.code}`),
    routes: [...model.routes].map(([route, page]) => `${route} → ${page.file} ${page.hash}`),
  });

  it('gives what loadSite gives, whether the load ends on its own or a request finishes it midway', async () => {
    const expected = summary(loadSite({ root: site.root, includeDrafts: true }));
    expect(expected.diagnostics).toContain('pages/solutions/many/p-150.yaml:2:1 unknown-field');
    const whole = startDevSite(site.root);
    await whole.load();
    expect(summary(whole.current())).toEqual(expected);
    const interrupted = startDevSite(site.root);
    const loading = interrupted.load();
    await new Promise(setImmediate); // one slice read
    expect(summary(interrupted.current())).toEqual(expected);
    await loading;
    expect(summary(interrupted.current())).toEqual(expected);
  });

  it('writes the validation cache a moment after its first load, not while the first page waits', async () => {
    const cacheFile = path.join(site.root, VALIDATION_CACHE_FILE);
    rmSync(cacheFile, { force: true });
    vi.useFakeTimers({ toFake: ['setTimeout'] });
    try {
      const dev = startDevSite(site.root);
      await dev.load();
      expect(existsSync(cacheFile)).toBe(false);
      vi.advanceTimersByTime(3000);
      expect(
        Object.keys((JSON.parse(readFileSync(cacheFile, 'utf8')) as { pages: object }).pages),
      ).toContain('pages/solutions/many/p-150.yaml');
    } finally {
      vi.useRealTimers();
    }
  });
});
