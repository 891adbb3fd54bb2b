/**
 * Page-weight measurements on the built site (dist/client), shared by `npm run bench` and
 * tests/budgets: the JavaScript a page loads (its module scripts and everything they import,
 * statically or dynamically) and the CSS it applies (inline <style> elements and stylesheet links),
 * gzip-compressed as a host would serve them.
 */
import { existsSync, readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { STATIC_IMPORT } from './module-preload.ts';
import { gzipSync } from 'node:zlib';

const KB = 1024;

/** Budgets from the product owner (gzip bytes). */
export const budgets = {
  jsLanding: 100 * KB,
  jsSolution: 60 * KB,
  /**
   * Every page, legal ones included, loads the shared, cached header script
   * (renderer/client/site.ts: the menus' exact timings and Back to Top), at most 2 KB; legal pages
   * load nothing else.
   */
  siteScript: 2 * KB,
  jsLegal: 2 * KB,
  /** Every other page: no more than the landing page. */
  jsOther: 100 * KB,
  cssPerPage: 15 * KB,
  /**
   * Our own ceiling, far under the product's: pages enhance prerendered HTML with a few listeners
   * instead of hydrating React, so a page that suddenly loads more than this has pulled a framework
   * into the browser.
   */
  enhancementScript: 8 * KB,
} as const;

export const legalRoutes = [
  '/terms-conditions',
  '/privacy-policy',
  '/service-delivery-policy',
  '/cancellation-refund-policy',
];

export type PageKind = 'landing' | 'solution' | 'legal' | 'other';

export function pageKind(route: string): PageKind {
  if (route === '/') return 'landing';
  if (legalRoutes.includes(route)) return 'legal';
  if (route === '/solutions' || route.startsWith('/solutions/')) return 'solution';
  return 'other';
}

export const jsBudget = (route: string) =>
  ({
    landing: budgets.jsLanding,
    solution: budgets.jsSolution,
    legal: budgets.jsLegal,
    other: budgets.jsOther,
  })[pageKind(route)];

const gzipSize = (text: string | Buffer) => gzipSync(text, { level: 9 }).length;

/** Every route of dist/client with its HTML file: `/` → index.html, `/404` → 404.html. */
export function builtPages(dir: string): Array<{ route: string; file: string }> {
  return (readdirSync(dir, { recursive: true }) as string[])
    .map((file) => file.split(path.sep).join('/'))
    .filter((file) => file.endsWith('.html'))
    .map((file) => ({
      route:
        file === 'index.html'
          ? '/'
          : file.endsWith('/index.html')
            ? '/' + file.slice(0, -'/index.html'.length)
            : '/' + file.replace(/\.html$/, ''),
      file: path.join(dir, file),
    }))
    .sort((a, b) => a.route.localeCompare(b.route));
}

/**
 * `import("./x.js")`, optionally followed by Vite's list of that import's dependencies:
 * `,__vite__mapDeps([0,3])`.
 */
const DYNAMIC_IMPORT =
  /\bimport\(\s*["'`]([^"'`]+\.js)["'`]\s*\)(?:\s*,\s*__vite__mapDeps\(\[([\d,\s]*)\]\))?/g;
/**
 * Vite's table of preload dependencies:
 * `__vite__mapDeps=(i,m=__vite__mapDeps,d=(m.f||(m.f=["assets/…", …])))`.
 */
const MAP_DEPS = /__vite__mapDeps=\([^)]*?\.f=\[([^\]]*)\]/;

/**
 * A built JS file and every file it loads: its static imports, and its dynamic imports with the
 * dependencies Vite preloads for them, recursively. `skip` leaves out dynamic imports the page
 * never makes (the entries of Vike's other pages, which the client runtime imports by page id),
 * together with their dependencies.
 */
function moduleGraph(
  dir: string,
  entry: string,
  seen = new Set<string>(),
  skip: (file: string) => boolean = () => false,
): Set<string> {
  if (seen.has(entry) || skip(entry)) return seen;
  seen.add(entry);
  const file = path.join(dir, entry);
  if (!existsSync(file)) return seen;
  const code = readFileSync(file, 'utf8');
  const resolve = (target: string) =>
    target.startsWith('/') ? target : path.posix.join(path.posix.dirname(entry), target);
  for (const match of code.matchAll(STATIC_IMPORT))
    if (!/^https?:/.test(match[1]!)) moduleGraph(dir, resolve(match[1]!), seen, skip);
  const table =
    MAP_DEPS.exec(code)?.[1]
      ?.split(',')
      .map((item) => item.trim().replace(/^["'`]|["'`]$/g, '')) ?? [];
  for (const match of code.matchAll(DYNAMIC_IMPORT)) {
    const target = resolve(match[1]!);
    if (skip(target)) continue;
    moduleGraph(dir, target, seen, skip);
    for (const index of (match[2] ?? '').split(',').filter((item) => item.trim())) {
      const dep = table[Number(index)];
      if (dep?.endsWith('.js')) moduleGraph(dir, '/' + dep.replace(/^\//, ''), seen, skip);
    }
  }
  return seen;
}

export interface PageWeight {
  route: string;
  kind: PageKind;
  /** JS files loaded by the page (absolute URL paths). */
  scripts: string[];
  jsGzip: number;
  cssGzip: number;
  htmlGzip: number;
}

export function measurePage(dir: string, route: string, html: string): PageWeight {
  const entries = [
    ...html.matchAll(/<script\b[^>]*\bsrc=["']([^"']+)["'][^>]*>/gi),
    ...html.matchAll(/<link\b[^>]*\brel=["']modulepreload["'][^>]*\bhref=["']([^"']+)["'][^>]*>/gi),
  ]
    .map((match) => match[1]!)
    .filter((src) => src.startsWith('/'));
  // Vike's client entry can import every page's entry; this page loads only its own (named after
  // its page id).
  const pageId = /<script id="vike_pageContext"[^>]*>[^<]*?"pageId":"([^"]+)"/
    .exec(html)?.[1]
    ?.replace(/\\\//g, '/');
  const ownEntry = pageId
    ? `/assets/entries/${pageId.replace(/^\//, '').replace(/[/+]/g, '_')}.`
    : undefined;
  const skip = (file: string) =>
    !!ownEntry &&
    file.startsWith('/assets/entries/') &&
    !entries.includes(file) &&
    !file.startsWith(ownEntry);
  const seen = new Set<string>();
  for (const entry of entries) moduleGraph(dir, entry, seen, skip);
  const scripts = [...seen].filter((file) => existsSync(path.join(dir, file))).sort();
  const jsGzip = scripts.reduce(
    (sum, file) => sum + gzipSize(readFileSync(path.join(dir, file))),
    0,
  );
  const inlineCss = [...html.matchAll(/<style\b[^>]*>([\s\S]*?)<\/style>/gi)].map(
    (match) => match[1]!,
  );
  const linkedCss = [...html.matchAll(/<link\b[^>]*\brel=["']stylesheet["'][^>]*>/gi)]
    .filter((match) => !/\sdisabled\b/i.test(match[0])) // disabled stylesheets are never fetched
    .map((match) => /\bhref=["']([^"']+)["']/.exec(match[0])?.[1])
    .filter(
      (href): href is string => !!href && href.startsWith('/') && existsSync(path.join(dir, href)),
    )
    .map((href) => readFileSync(path.join(dir, href), 'utf8'));
  const css = [...inlineCss, ...linkedCss].join('\n');
  return {
    route,
    kind: pageKind(route),
    scripts,
    jsGzip,
    cssGzip: css ? gzipSize(css) : 0,
    htmlGzip: gzipSize(html),
  };
}

export function measureSite(dir: string): PageWeight[] {
  return builtPages(dir).map(({ route, file }) =>
    measurePage(dir, route, readFileSync(file, 'utf8')),
  );
}

export const formatKb = (bytes: number) => `${(bytes / KB).toFixed(1)} KB`;
