/**
 * Runs after `vike build` (part of `npm run build`): finishes dist/client for a static host.
 * - sitemap.xml: every published page once, at its canonical URL (no drafts, no aliases, no 404, no /_blocks);
 * - robots.txt: allows everything but the block catalogue and points at the sitemap;
 * - inlines the page's stylesheets into one <style> in <head>, so no CSS request blocks the first paint
 *   (every page's CSS is a few KB gzip; a separate request costs a round trip on a mobile network).
 * Usage: tsx scripts/postbuild.ts [--root .] [--dir dist/client]
 */
import { existsSync, readdirSync, readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { parse } from 'yaml';

/** Routes that are never listed nor indexed: the block catalogue for authors. */
export const isPrivateRoute = (route: string) => route === '/_blocks' || route.startsWith('/_blocks/');

const xmlEscape = (text: string) => text.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;').replace(/"/g, '&quot;').replace(/'/g, '&apos;');

export function sitemapXml(urls: string[]): string {
  return ['<?xml version="1.0" encoding="UTF-8"?>', '<urlset xmlns="http://www.sitemaps.org/schemas/sitemap/0.9">', ...urls.map((url) => `  <url><loc>${xmlEscape(url)}</loc></url>`), '</urlset>', ''].join('\n');
}

export function robotsTxt(baseUrl: string): string {
  return ['User-agent: *', 'Allow: /', 'Disallow: /_blocks', '', `Sitemap: ${baseUrl}/sitemap.xml`, ''].join('\n');
}

/**
 * The URLs that belong in the sitemap, read from the prerendered pages themselves: the canonical URL of every page
 * that may be indexed. Drafts are not built, the 404 page and the block catalogue are `noindex`, and aliases carry
 * their page's canonical URL, so each page is listed once, at the URL built from site.config.yaml's baseUrl.
 */
export function sitemapUrls(pages: Array<{ route: string; html: string }>): string[] {
  const urls = new Set<string>();
  for (const { route, html } of pages) {
    if (route === '/404' || isPrivateRoute(route)) continue;
    const head = /<head\b[^>]*>([\s\S]*?)<\/head>/i.exec(html)?.[1] ?? '';
    if (/<meta\s+name=["']robots["']\s+content=["'][^"']*noindex/i.test(head)) continue;
    const canonical = /<link\s+rel=["']canonical["']\s+href=["']([^"']+)["']/i.exec(head)?.[1];
    if (canonical) urls.add(canonical.replace(/&amp;/g, '&'));
  }
  return [...urls].sort(); // the home page URL is a prefix of every other one, so it comes first
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

/** `index.html` → `/`, `pricing/index.html` → `/pricing`, `404.html` → `/404`. */
export function routeOfHtmlFile(relative: string): string {
  const file = relative.split(path.sep).join('/');
  if (file === 'index.html') return '/';
  if (file.endsWith('/index.html')) return '/' + file.slice(0, -'/index.html'.length);
  return '/' + file.replace(/\.html$/, '');
}

export function postbuild(root: string, dir: string) {
  if (!existsSync(path.join(dir, 'index.html'))) throw new Error(`${dir} has no index.html: run \`vike build\` first.`);
  const baseUrl = (parse(readFileSync(path.join(root, 'site.config.yaml'), 'utf8')) as { baseUrl: string }).baseUrl.replace(/\/+$/, '');
  const cssCache = new Map<string, string | undefined>();
  const readCss = (href: string) => {
    if (!cssCache.has(href)) {
      const file = path.join(dir, href.split('?')[0]!);
      cssCache.set(href, file.startsWith(dir) && existsSync(file) ? readFileSync(file, 'utf8') : undefined);
    }
    return cssCache.get(href);
  };
  const pages: Array<{ route: string; html: string }> = [];
  for (const relative of (readdirSync(dir, { recursive: true }) as string[]).filter((file) => file.endsWith('.html'))) {
    const file = path.join(dir, relative);
    const { html, inlined } = inlineStylesheets(readFileSync(file, 'utf8'), readCss);
    if (inlined.length) writeFileSync(file, html);
    pages.push({ route: routeOfHtmlFile(relative), html });
  }
  const urls = sitemapUrls(pages);
  writeFileSync(path.join(dir, 'sitemap.xml'), sitemapXml(urls));
  writeFileSync(path.join(dir, 'robots.txt'), robotsTxt(baseUrl));
  return { urls: urls.length, pages: pages.length };
}

if (process.argv[1] && path.resolve(process.argv[1]) === fileURLToPath(import.meta.url)) {
  const args = process.argv.slice(2);
  const arg = (name: string, fallback: string) => (args.includes(name) ? args[args.indexOf(name) + 1]! : fallback);
  const root = path.resolve(arg('--root', '.'));
  const dir = path.resolve(root, arg('--dir', 'dist/client'));
  const started = performance.now();
  const result = postbuild(root, dir);
  console.log(`postbuild: sitemap.xml (${result.urls} URLs), robots.txt, CSS inlined in ${result.pages} pages in ${Math.round(performance.now() - started)} ms.`);
}
