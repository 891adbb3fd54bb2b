import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { jsBudget, measurePage, pageKind } from './budgets.ts';

const dir = mkdtempSync(path.join(os.tmpdir(), 'budgets-'));
afterAll(() => rmSync(dir, { recursive: true }));

function write(file: string, text: string) {
  mkdirSync(path.dirname(path.join(dir, file)), { recursive: true });
  writeFileSync(path.join(dir, file), text);
}

// A miniature of Vike's client output: the router entry imports every page's entry by page id, with
// Vite's table of preload dependencies; each page entry has chunks of its own.
write(
  'assets/entries/entry-server-routing.js',
  'const __vite__mapDeps=(i,m=__vite__mapDeps,d=(m.f||(m.f=["assets/entries/renderer_vike_interactive.A.js","assets/chunks/shared.js","assets/static/x.css","assets/entries/renderer_vike_other.B.js","assets/chunks/other-only.js"])))=>i.map(i=>d[i]);' +
    'import{a}from"../chunks/runtime.js";' +
    'const pages={"/renderer/vike/interactive":()=>import(`./renderer_vike_interactive.A.js`),__vite__mapDeps([0,1,2]),"/renderer/vike/other":()=>import(`./renderer_vike_other.B.js`),__vite__mapDeps([3,1,4])};',
);
write(
  'assets/entries/renderer_vike_interactive.A.js',
  'import"../chunks/page.js";export default 1;'.padEnd(400, ' '),
);
write('assets/entries/renderer_vike_other.B.js', 'export default 2;');
for (const chunk of ['runtime', 'shared', 'page', 'other-only'])
  write(
    `assets/chunks/${chunk}.js`,
    `export const ${chunk.replace('-', '')}=${JSON.stringify(chunk.repeat(50))};`,
  );

const html = (pageId: string) =>
  `<html><head><style>.a{color:red}</style></head><body><script id="vike_pageContext" type="application/json">{"pageId":"${pageId.replace(/\//g, '\\/')}"}</script><script src="/assets/entries/entry-server-routing.js" type="module" async></script></body></html>`;

describe('measurePage', () => {
  it('counts the files the page loads: its entry, static imports, its own page entry and that entry’s preloads', () => {
    const page = measurePage(dir, '/', html('/renderer/vike/interactive'));
    expect(page.scripts).toEqual([
      '/assets/chunks/page.js',
      '/assets/chunks/runtime.js',
      '/assets/chunks/shared.js',
      '/assets/entries/entry-server-routing.js',
      '/assets/entries/renderer_vike_interactive.A.js',
    ]);
    expect(page.jsGzip).toBeGreaterThan(0);
    expect(page.cssGzip).toBeGreaterThan(0);
  });

  it('reports 0 bytes of JavaScript for a page without scripts', () => {
    const page = measurePage(
      dir,
      '/privacy-policy',
      '<html><head><style>p{margin:0}</style></head><body><p>Text</p></body></html>',
    );
    expect(page.scripts).toEqual([]);
    expect(page.jsGzip).toBe(0);
  });
});

describe('budgets by page kind', () => {
  it('applies the landing, solution and legal budgets', () => {
    expect([
      pageKind('/'),
      pageKind('/solutions/hotels'),
      pageKind('/solutions'),
      pageKind('/privacy-policy'),
      pageKind('/pricing'),
    ]).toEqual(['landing', 'solution', 'solution', 'legal', 'other']);
    // Legal pages: the shared header script every page loads (≤ 2 KB), nothing else.
    expect([jsBudget('/'), jsBudget('/solutions/hotels'), jsBudget('/terms-conditions')]).toEqual([
      100 * 1024,
      60 * 1024,
      2 * 1024,
    ]);
  });
});
