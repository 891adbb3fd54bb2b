import { readFileSync } from 'node:fs';
import path from 'node:path';
import { beforeAll, describe, expect, it } from 'vitest';
import {
  budgets,
  formatKb,
  jsBudget,
  legalRoutes,
  measureSite,
  type PageWeight,
} from '../../pipeline/budgets.ts';
import { assertBuilt, distDir } from '../helpers/built-site.ts';

let pages: PageWeight[];
beforeAll(() => {
  assertBuilt();
  pages = measureSite(distDir);
});

describe('page weight budgets (gzip)', () => {
  it('measures every built page', () => {
    expect(pages.length).toBeGreaterThan(10);
    expect(pages.map((page) => page.route)).toContain('/');
  });

  it('keeps client JavaScript within the budget of each page kind (landing 100 KB, solutions 60 KB, legal 2 KB)', () => {
    const over = pages
      .filter((page) => page.jsGzip > jsBudget(page.route))
      .map((page) => `${page.route}: ${formatKb(page.jsGzip)} > ${formatKb(jsBudget(page.route))}`);
    expect(over).toEqual([]);
  });

  it('never ships React or a client router: interactive pages load only the small enhancement script', () => {
    const scripts = [...new Set(pages.flatMap((page) => page.scripts))];
    const frameworks = scripts.filter((script) =>
      /react\.(?:transitional\.)?element|__reactFiber|hydrateRoot/.test(
        readFileSync(path.join(distDir, script), 'utf8'),
      ),
    );
    expect(frameworks).toEqual([]);
    const heaviest = Math.max(...pages.map((page) => page.jsGzip));
    console.log(`heaviest page JavaScript: ${formatKb(heaviest)} gzip`);
    expect(heaviest).toBeLessThan(budgets.enhancementScript);
  });

  it('every page loads the shared header script, at most 2 KB gzip; legal pages load nothing else', () => {
    const legal = legalRoutes.map((route) => pages.find((candidate) => candidate.route === route)!);
    expect(legal.every(Boolean)).toBe(true);
    // The legal pages' scripts are the static pages' entry and the shared chunk it imports.
    const siteScripts = legal[0]!.scripts;
    expect(siteScripts.length).toBeGreaterThan(0);
    for (const page of legal) expect(page.scripts, page.route).toEqual(siteScripts);
    for (const page of legal)
      expect(page.jsGzip, page.route).toBeLessThanOrEqual(budgets.siteScript);
    // Every page shares the chunk that holds the header's behaviour (cached once for the whole
    // site).
    const headerChunk = siteScripts.find((script) =>
      readFileSync(path.join(distDir, script), 'utf8').includes('data-menu-trigger'),
    );
    expect(headerChunk).toBeDefined();
    expect(
      pages.filter((page) => !page.scripts.includes(headerChunk!)).map((page) => page.route),
    ).toEqual([]);
  });

  it(`keeps each page's CSS within ${budgets.cssPerPage / 1024} KB`, () => {
    const over = pages
      .filter((page) => page.cssGzip > budgets.cssPerPage)
      .map((page) => `${page.route}: ${formatKb(page.cssGzip)}`);
    expect(over).toEqual([]);
  });

  it('never sends server-only code to the browser (zod, YAML parser, the validator)', () => {
    const scripts = [...new Set(pages.flatMap((page) => page.scripts))];
    const leaks = scripts.flatMap((script) => {
      const code = readFileSync(path.join(distDir, script), 'utf8');
      return [
        /\$ZodType|ZodError|_zod\.def/.test(code) ? `${script}: zod` : '',
        /LineCounter|YAMLParseError|DUPLICATE_KEY/.test(code) ? `${script}: yaml` : '',
        /did you mean|broken-link/i.test(code) ? `${script}: validator messages` : '',
      ].filter(Boolean);
    });
    expect(leaks).toEqual([]);
  });

  it('loads no render-blocking stylesheet and no web font: CSS is inlined, text uses system fonts', () => {
    const problems: string[] = [];
    for (const page of pages) {
      const html = readFileSync(
        path.join(
          distDir,
          page.route === '/'
            ? 'index.html'
            : page.route === '/404'
              ? '404.html'
              : `${page.route.slice(1)}/index.html`,
        ),
        'utf8',
      );
      const head = /<head\b[^>]*>([\s\S]*?)<\/head>/i.exec(html)?.[1] ?? '';
      const blocking = [...head.matchAll(/<link\b[^>]*\brel=["']stylesheet["'][^>]*>/gi)];
      if (blocking.length)
        problems.push(`${page.route}: ${blocking.length} render-blocking stylesheet link(s)`);
      if (/@font-face|fonts\.googleapis|\.woff2?\b/i.test(html))
        problems.push(`${page.route}: loads a web font`);
    }
    expect(problems).toEqual([]);
  });
});
