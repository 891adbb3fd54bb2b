import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { compiledModule } from '../../pipeline/compiled-module.mjs';
import { fixtureText, makeTestSite, projectRoot, type TestSite } from './test-site.ts';
import {
  checkPageGroup,
  loadSite,
  loadSiteInParallel,
  type SiteModel,
} from '../../engine/load-site.ts';
import { PAGE_CHECKER_ENTRY, PageCheckers, PARALLEL_FROM } from '../../engine/page-checkers.ts';
import { VALIDATION_CACHE_FILE } from '../../engine/validation-cache.ts';
import { packsIn, pageStoreDir, PageStoreReader } from '../../engine/page-store.ts';

/**
 * Phase 1 on helper threads gives exactly what the main thread alone gives: the same diagnostics
 * (valid pages, pages with problems of every phase, unreadable files), the same model, the same
 * cache; and it survives helpers that fail.
 */
let site: TestSite;
let scratch: string;
const checkerModule = () => compiledModule(projectRoot, PAGE_CHECKER_ENTRY);
const PAGES = PARALLEL_FROM + 50;

/**
 * A page per index, every tenth with a problem: an unknown field, a broken link, YAML that does not
 * parse, bytes that are not UTF-8.
 */
function writePages() {
  for (let i = 0; i < PAGES; i++) {
    const file = `pages/solutions/many/p-${i}.yaml`;
    let text = fixtureText.replace(/^title: .*$/m, `title: Page ${i} for hotels`);
    if (i % 40 === 10) text = text.replace('href: /platform,', 'href: /platfrom,');
    if (i % 40 === 20) text = text.replace(/^title: /m, 'titel: ');
    if (i % 40 === 30) text = `${text}\nblocks: [unclosed\n`;
    if (i % 40 === 39)
      site.writeBytes(
        file,
        Buffer.concat([
          Buffer.from(text.slice(0, 200)),
          Buffer.from([0xff]),
          Buffer.from(text.slice(200)),
        ]),
      );
    else site.write(file, text);
  }
}

/**
 * The validation cache's entries without the files' identities, which depend on when each file was
 * read (engine/read-page-file.ts › fileIdentity).
 */
const storedCache = () => {
  const stored = JSON.parse(site.read(VALIDATION_CACHE_FILE)) as {
    pages: Record<string, { identity?: string }>;
  };
  for (const entry of Object.values(stored.pages)) delete entry.identity;
  return stored;
};

const model = (loaded: SiteModel) => ({
  diagnostics: loaded.diagnostics,
  pages: loaded.pages.map(({ file, route, anchors, hash, summary }) => ({
    file,
    route,
    anchors,
    hash,
    summary,
  })),
  routes: [...loaded.routes.keys()],
  notFound: loaded.notFound?.file,
});

beforeAll(() => {
  site = makeTestSite();
  scratch = mkdtempSync(path.join(os.tmpdir(), 'staylix-checkers-'));
  writePages();
}, 60_000);
afterAll(() => {
  site.cleanUp();
  rmSync(scratch, { recursive: true, force: true });
});

describe('loadSiteInParallel', () => {
  it('with helpers, reports and models the site exactly as loadSite does, and fills the same cache', async () => {
    const alone = loadSite({ root: site.root, keepPages: false, cache: true });
    const cacheAlone = storedCache();
    rmSync(path.join(site.root, VALIDATION_CACHE_FILE));
    const asked = vi.fn(checkerModule);
    const shared = await loadSiteInParallel({
      root: site.root,
      keepPages: false,
      cache: true,
      checkerModule: asked,
    });
    expect(asked).toHaveBeenCalledOnce();
    expect(alone.diagnostics.filter((d) => d.file.includes('/many/')).length).toBeGreaterThan(
      PAGES / 20,
    );
    expect(model(shared)).toEqual(model(alone));
    expect(storedCache()).toEqual(cacheAlone);
    // Every file is known to the cache now: no helper is started, same result.
    const again = vi.fn(checkerModule);
    expect(
      model(
        await loadSiteInParallel({
          root: site.root,
          keepPages: false,
          cache: true,
          checkerModule: again,
        }),
      ),
    ).toEqual(model(alone));
    expect(again).not.toHaveBeenCalled();
  }, 60_000);

  it('with storePages, keeps every valid page it checks where the cache says, and checks a page again once its pack is gone', async () => {
    const store = pageStoreDir(site.root);
    const byFile = new Map(loadSite({ root: site.root }).pages.map((page) => [page.file, page]));
    const keptEverywhere = async () => {
      const loaded = await loadSiteInParallel({
        root: site.root,
        keepPages: false,
        cache: true,
        storePages: true,
        checkerModule,
      });
      const reader = new PageStoreReader(store);
      expect(loaded.pages.length).toBe(byFile.size);
      for (const page of loaded.pages) {
        expect(page.stored, page.file).toBeDefined();
        expect(reader.page(page.hash, page.stored!), page.file).toStrictEqual(
          byFile.get(page.file)!.page,
        );
      }
      reader.close();
      return loaded;
    };
    rmSync(path.join(site.root, VALIDATION_CACHE_FILE));
    rmSync(store, { recursive: true, force: true });
    const first = await keptEverywhere();
    // The main thread and the helpers each wrote a pack of their own.
    const packs = packsIn(store);
    expect(new Set(first.pages.map((page) => page.stored![0]))).toEqual(packs);
    rmSync(path.join(store, [...packs][0]!));
    const again = await keptEverywhere();
    expect(again.pages.some((page) => !packs.has(page.stored![0]))).toBe(true);
  }, 60_000);

  it('does the jobs of a helper that fails to start, or stops after claiming some, on the main thread', async () => {
    const alone = model(loadSite({ root: site.root, keepPages: false }));
    const broken = path.join(scratch, 'broken.mjs');
    writeFileSync(broken, "throw new Error('helper failed to start');\n");
    expect(
      model(
        await loadSiteInParallel({
          root: site.root,
          keepPages: false,
          checkerModule: () => broken,
        }),
      ),
    ).toEqual(alone);
    // Claims ten jobs (the counter moves on, the jobs are its own) and stops without a word.
    const quitter = path.join(scratch, 'quitter.mjs');
    writeFileSync(
      quitter,
      "import { parentPort, workerData } from 'node:worker_threads';\nparentPort.once('message', ({ next, owner }) => {\n  for (let i = 0; i < 10; i++) Atomics.store(owner, Atomics.add(next, 0, 1), workerData.id);\n  process.exit(3);\n});\n",
    );
    expect(
      model(
        await loadSiteInParallel({
          root: site.root,
          keepPages: false,
          checkerModule: () => quitter,
        }),
      ),
    ).toEqual(alone);
  }, 60_000);
});

describe('PageCheckers', () => {
  it('shares the jobs: a helper checks what the main thread does not claim, with the same result', async () => {
    const jobs = Array.from({ length: 200 }, (_, i) => [
      { file: `pages/solutions/many/p-${i}.yaml`, route: `/solutions/many/p-${i}` },
    ]);
    const checkers = new PageCheckers(checkerModule(), site.root, 1, false);
    checkers.share(jobs, undefined);
    // The main thread claims one job, then leaves the others to the helper.
    const first = checkers.claim()!;
    const results = await checkers.rest(new Set([first]), () => {
      throw new Error('no job should be left to the main thread');
    });
    expect(results.size).toBe(jobs.length - 1);
    for (const [index, entry] of results)
      expect(entry).toEqual(checkPageGroup(site.root, jobs[index]!, undefined));
    expect(
      results
        .get(20)![0]!
        .problems.shown.map((d) => d.message)
        .join('\n'),
    ).toContain('titel');
  }, 60_000);
});
