import { existsSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { JSDOM } from 'jsdom';
import { htmlFileForRoute } from '../../engine/routes.ts';
import { builtPages } from '../../pipeline/budgets.ts';

export const distDir = path.resolve(import.meta.dirname, '../../dist/client');

export function assertBuilt() {
  if (!existsSync(path.join(distDir, 'index.html')))
    throw new Error('dist/client is missing: run `npm run build` before the dist tests.');
}

/**
 * Every prerendered route in dist/client (from its index.html files; the 404 page is not a route),
 * sorted.
 */
export function builtRoutes(): string[] {
  return builtPages(distDir)
    .map((page) => page.route)
    .filter((route) => route !== '/404');
}

export const htmlPath = (route: string) =>
  path.join(distDir, route === '/404' ? '404.html' : htmlFileForRoute(route));

/**
 * One window parses every page: a JSDOM of its own per page cost several times as much. The dist
 * tests share their modules (vitest.config.ts), so a worker parses each page once for all its
 * files; they only read the documents.
 */
const parser = new new JSDOM('').window.DOMParser();
const cache = new Map<string, Document>();
/** The built HTML of a route, parsed (no scripts run). */
export function builtDocument(route: string): Document {
  let document = cache.get(route);
  if (!document) {
    document = parser.parseFromString(readFileSync(htmlPath(route), 'utf8'), 'text/html');
    cache.set(route, document);
  }
  return document;
}

/**
 * An alias (/features, /blog/…) is the same prerendered page as its original, byte for byte but for
 * nothing the browser checks look at (its canonical link names the original): sweeps check it
 * through the original.
 */
export function isAlias(route: string): boolean {
  const file = htmlPath(route);
  if (!existsSync(file)) return false;
  const canonical = /<link rel="canonical" href="([^"]+)"/.exec(readFileSync(file, 'utf8'))?.[1];
  return !!canonical && (new URL(canonical).pathname.replace(/\/$/, '') || '/') !== route;
}
