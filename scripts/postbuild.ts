/**
 * Runs after `vike build` (part of `npm run build`): finishes dist/client for a static host.
 * - sitemap.xml: every published page at its canonical URL (no drafts, no aliases, no 404, no /_blocks catalogue);
 * - robots.txt: allows everything but the block catalogue and points at the sitemap;
 * - inlines the page's stylesheets into one <style> in <head>, so no CSS request blocks the first paint
 *   (every page's CSS is a few KB gzip; a separate request costs a round trip on a mobile network).
 * Usage: tsx scripts/postbuild.ts [--root .] [--dir dist/client]
 */
import { existsSync, readdirSync, readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { loadSite } from '../engine/load-site.ts';

/** Routes that are never listed nor indexed: the block catalogue for authors. */
export const isPrivateRoute = (route: string) => route === '/_blocks' || route.startsWith('/_blocks/');

const xmlEscape = (text: string) => text.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;').replace(/"/g, '&quot;').replace(/'/g, '&apos;');

export const canonicalUrl = (baseUrl: string, route: string) => (route === '/' ? `${baseUrl}/` : `${baseUrl}${route}`);

export function sitemapXml(baseUrl: string, routes: string[]): string {
  const urls = routes.map((route) => `  <url><loc>${xmlEscape(canonicalUrl(baseUrl, route))}</loc></url>`);
  return ['<?xml version="1.0" encoding="UTF-8"?>', '<urlset xmlns="http://www.sitemaps.org/schemas/sitemap/0.9">', ...urls, '</urlset>', ''].join('\n');
}

export function robotsTxt(baseUrl: string): string {
  return ['User-agent: *', 'Allow: /', 'Disallow: /_blocks', '', `Sitemap: ${baseUrl}/sitemap.xml`, ''].join('\n');
}

/** The routes that belong in the sitemap: published pages by their own route (aliases point their canonical there). */
export function sitemapRoutes(root: string): { baseUrl: string; routes: string[] } {
  const site = loadSite({ root, includeDrafts: false });
  if (!site.config) throw new Error('site.config.yaml is invalid: run `npm run validate`.');
  const routes = site.pages
    .filter((page) => !page.page.draft)
    .map((page) => page.route)
    .filter((route) => route !== '/404' && !isPrivateRoute(route))
    .sort((a, b) => (a === '/' ? -1 : b === '/' ? 1 : a.localeCompare(b)));
  return { baseUrl: site.config.baseUrl, routes };
}

const STYLESHEET = /<link\b[^>]*\brel=["']?stylesheet["']?[^>]*>\s*/gi;
const MARKER = '\u0000inline-css\u0000';
const HREF = /\bhref=["']?([^"'\s>]+)/i;

/**
 * Replaces the same-origin stylesheet links of a page by one inline <style> at the place of the first one.
 * `readCss` gets the href (`/assets/static/x.css`) and returns the file's text, or undefined to keep that link.
 */
export function inlineStylesheets(html: string, readCss: (href: string) => string | undefined): { html: string; inlined: string[] } {
  const head = /<head\b[^>]*>([\s\S]*?)<\/head>/i.exec(html);
  if (!head) return { html, inlined: [] };
  const inlined: string[] = [];
  const css: string[] = [];
  let placed = false;
  const newHead = head[0].replace(STYLESHEET, (tag) => {
    const href = HREF.exec(tag)?.[1];
    const text = href && href.startsWith('/') && !href.startsWith('//') ? readCss(href) : undefined;
    if (href === undefined || text === undefined) return tag;
    if (!inlined.includes(href)) {
      inlined.push(href);
      css.push(text.trim());
    }
    if (placed) return '';
    placed = true;
    return MARKER;
  });
  if (!inlined.length) return { html, inlined };
  const style = `<style>${css.join('\n').replace(/<\/style/gi, '<\\/style')}</style>\n`;
  return { html: html.replace(head[0], () => newHead.replace(MARKER, () => style)), inlined };
}

function htmlFiles(dir: string): string[] {
  return (readdirSync(dir, { recursive: true }) as string[]).filter((file) => file.endsWith('.html')).map((file) => path.join(dir, file));
}

export function postbuild(root: string, dir: string) {
  if (!existsSync(path.join(dir, 'index.html'))) throw new Error(`${dir} has no index.html: run \`vike build\` first.`);
  const { baseUrl, routes } = sitemapRoutes(root);
  writeFileSync(path.join(dir, 'sitemap.xml'), sitemapXml(baseUrl, routes));
  writeFileSync(path.join(dir, 'robots.txt'), robotsTxt(baseUrl));

  const cssCache = new Map<string, string | undefined>();
  const readCss = (href: string) => {
    if (!cssCache.has(href)) {
      const file = path.join(dir, href.split('?')[0]!);
      cssCache.set(href, file.startsWith(dir) && existsSync(file) ? readFileSync(file, 'utf8') : undefined);
    }
    return cssCache.get(href);
  };
  const files = htmlFiles(dir);
  for (const file of files) {
    const { html, inlined } = inlineStylesheets(readFileSync(file, 'utf8'), readCss);
    if (inlined.length) writeFileSync(file, html);
  }
  return { routes: routes.length, pages: files.length };
}

if (process.argv[1] && path.resolve(process.argv[1]) === fileURLToPath(import.meta.url)) {
  const args = process.argv.slice(2);
  const arg = (name: string, fallback: string) => (args.includes(name) ? args[args.indexOf(name) + 1]! : fallback);
  const root = path.resolve(arg('--root', '.'));
  const dir = path.resolve(root, arg('--dir', 'dist/client'));
  const started = performance.now();
  const result = postbuild(root, dir);
  console.log(`postbuild: sitemap.xml (${result.routes} URLs), robots.txt, CSS inlined in ${result.pages} pages in ${Math.round(performance.now() - started)} ms.`);
}
