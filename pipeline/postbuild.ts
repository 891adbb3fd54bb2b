/**
 * Runs after `vike build` (part of `npm run build`): finishes dist/client for a static host.
 * - sitemap.xml: every published page once, at its canonical URL (no drafts, no aliases, no 404, no /_blocks);
 * - robots.txt: allows everything but the block catalogue and points at the sitemap;
 * - inlines the page's stylesheets into one <style> in <head>, so no CSS request blocks the first paint
 *   (every page's CSS is a few KB gzip; a separate request costs a round trip on a mobile network), leaving out
 *   the stylesheets the page cannot use (see `isUnused`): every block's CSS is bundled into every page otherwise;
 * - preloads the chunks each module script imports (pipeline/module-preload.ts), so they load at once, not in a chain.
 * `flattenHtml` (run by scripts/flatten-html.ts) moves every `route/index.html` to `route.html` for hosts that would
 * otherwise redirect `/route` to `/route/` (Cloudflare Pages). See docs/hosting.md.
 */
import { routeIn, siteLocales, translationOf, type SiteLocales } from '../engine/locales.ts';
import type { Locales } from '../schema/locales.ts';
import {
  existsSync,
  readdirSync,
  readFileSync,
  renameSync,
  rmdirSync,
  writeFileSync,
} from 'node:fs';
import { createHash, type Hash } from 'node:crypto';
import path from 'node:path';
import { parse } from 'yaml';
import { addModulePreloads, staticImportReader } from './module-preload.ts';
import { writeHeadersFile } from './headers-file.ts';

/** Routes that are never listed nor indexed: the block catalogue for authors. */
const isPrivateRoute = (route: string) => route === '/_blocks' || route.startsWith('/_blocks/');

const xmlEscape = (text: string) =>
  text
    .replace(/&/g, '&amp;')
    .replace(/</g, '&lt;')
    .replace(/>/g, '&gt;')
    .replace(/"/g, '&quot;')
    .replace(/'/g, '&apos;');

/**
 * sitemap.xml; with `alternatesOf`, each URL of a translated page lists the page in every language
 * it exists in and its x-default (the default language's), as the pages' own hreflang links do.
 */
export function sitemapXml(
  urls: string[],
  alternatesOf: (url: string) => Array<{ hreflang: string; href: string }> = () => [],
): string {
  const entry = (url: string) => {
    const alternates = alternatesOf(url);
    if (!alternates.length) return `  <url><loc>${xmlEscape(url)}</loc></url>`;
    return [
      `  <url><loc>${xmlEscape(url)}</loc>`,
      ...alternates.map(
        ({ hreflang, href }) =>
          `    <xhtml:link rel="alternate" hreflang="${hreflang}" href="${xmlEscape(href)}"/>`,
      ),
      '  </url>',
    ].join('\n');
  };
  return [
    '<?xml version="1.0" encoding="UTF-8"?>',
    '<urlset xmlns="http://www.sitemaps.org/schemas/sitemap/0.9" xmlns:xhtml="http://www.w3.org/1999/xhtml">',
    ...urls.map(entry),
    '</urlset>',
    '',
  ].join('\n');
}

/**
 * The hreflang alternates of each sitemap URL: the URLs of the same page in the site's languages
 * (config `locales`).
 */
function sitemapAlternates(
  baseUrl: string,
  locales: SiteLocales | undefined,
  urls: readonly string[],
): (url: string) => Array<{ hreflang: string; href: string }> {
  if (!locales) return () => [];
  const routeOf = (url: string) => url.slice(baseUrl.length) || '/';
  const listed = new Set(urls);
  const urlOf = (route: string) => (route === '/' ? `${baseUrl}/` : baseUrl + route);
  return (url) => {
    const route = routeOf(url);
    const source = translationOf(route, locales)?.sourceRoute ?? route;
    const present = locales.list
      .map((locale) => ({
        hreflang: locale.code,
        href: urlOf(routeIn(source, locale.code, locales)),
      }))
      .filter((alternate) => listed.has(alternate.href));
    if (present.length < 2 || !listed.has(urlOf(source))) return [];
    return [...present, { hreflang: 'x-default', href: urlOf(source) }];
  };
}

export function robotsTxt(baseUrl: string): string {
  return [
    'User-agent: *',
    'Allow: /',
    'Disallow: /_blocks',
    '',
    `Sitemap: ${baseUrl}/sitemap.xml`,
    '',
  ].join('\n');
}

/**
 * The URLs that belong in the sitemap, read from the prerendered pages themselves: the canonical
 * URL of every page that may be indexed. Drafts are not built, the 404 page and the block catalogue
 * are `noindex`, and aliases carry their page's canonical URL, so each page is listed once, at the
 * URL built from site.config.yaml's baseUrl.
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
 * Removes `@keyframes`/`@font-face` blocks (their bodies hold no selectors), comments and
 * attribute-selector values.
 */
function stripNonSelectorText(css: string): { text: string; hasFontFace: boolean } {
  let text = css.replace(/\/\*[\s\S]*?\*\//g, '');
  let hasFontFace = false;
  for (;;) {
    const at = /@(?:-\w+-)?(keyframes|font-face)\b[^{]*\{/i.exec(text);
    if (!at) break;
    if (at[1]!.toLowerCase() === 'font-face') hasFontFace = true;
    let depth = 1;
    let end = at.index + at[0].length;
    while (end < text.length && depth) {
      if (text[end] === '{') depth++;
      else if (text[end] === '}') depth--;
      end++;
    }
    text = text.slice(0, at.index) + text.slice(end);
  }
  return { text, hasFontFace };
}

/**
 * The class names a stylesheet selects on, and whether any of its rules can match without a class
 * (element, attribute, `:root` selectors, `@font-face`…): such a stylesheet is always kept.
 */
export function stylesheetClasses(css: string): { classes: Set<string>; global: boolean } {
  const { text, hasFontFace } = stripNonSelectorText(css);
  const classes = new Set<string>();
  let global = hasFontFace;
  for (const match of text.matchAll(/([^{};]+)\{/g)) {
    const prelude = match[1]!.trim();
    if (prelude.startsWith('@')) continue;
    for (const selector of prelude.replace(/\[[^\]]*\]/g, '[]').split(',')) {
      const found = [...selector.matchAll(/\.(-?[_a-zA-Z][\w-]*)/g)].map((m) => m[1]!);
      if (!found.length) global = true;
      for (const name of found) classes.add(name);
    }
  }
  return { classes, global };
}

/** Every class name used in the page's markup. */
export function usedClasses(html: string): Set<string> {
  const used = new Set<string>();
  for (const match of html.matchAll(/\sclass=(?:"([^"]*)"|'([^']*)'|([^\s>"']+))/gi)) {
    for (const name of (match[1] ?? match[2] ?? match[3] ?? '').split(/\s+/))
      if (name) used.add(name);
  }
  return used;
}

export interface Stylesheet {
  href: string;
  css: string;
  classes: Set<string>;
  global: boolean;
}

/**
 * A stylesheet the page cannot use: all its rules need a class that the page's markup never has.
 * The markup is final: pages are never hydrated, and the enhancement scripts only toggle attributes
 * or recreate elements the HTML already has (the scheduler's frame is in a <noscript>, whose markup
 * counts).
 */
export function isUnused(sheet: Stylesheet, used: Set<string>): boolean {
  if (sheet.global || !sheet.classes.size) return false;
  for (const name of sheet.classes) if (used.has(name)) return false;
  return true;
}

/**
 * Replaces the same-origin stylesheet links of a page by one inline <style> at the place of the
 * first one, leaving out the sheets the page cannot use. `readSheet` gets the href
 * (`/assets/static/x.css`) and returns the stylesheet, or undefined to keep that link as it is.
 */
export function inlineStylesheets(
  html: string,
  readSheet: (href: string) => Stylesheet | undefined,
): { html: string; inlined: string[]; dropped: string[] } {
  const found = stylesheetLinks(html, readSheet);
  if (!found) return { html, inlined: [], dropped: [] };
  const { head, newHead, inlined, dropped, css } = found;
  return {
    html: html.replace(head, () => newHead.replace(MARKER, () => styleBlock(inlineCss(css)))),
    inlined,
    dropped,
  };
}

/**
 * The stylesheet links of a page's head and what becomes of each: the head with its links removed
 * and MARKER where the first one was, and the sheets inlined (with their CSS) and left out.
 * Undefined when there is no head or no same-origin stylesheet link.
 */
function stylesheetLinks(html: string, readSheet: (href: string) => Stylesheet | undefined) {
  const head = /<head\b[^>]*>([\s\S]*?)<\/head>/i.exec(html);
  if (!head) return undefined;
  const used = usedClasses(html);
  const inlined: string[] = [];
  const dropped: string[] = [];
  const css: string[] = [];
  let placed = false;
  const newHead = head[0].replace(STYLESHEET, (tag) => {
    const href = HREF.exec(tag)?.[1];
    const sheet =
      href && href.startsWith('/') && !href.startsWith('//') ? readSheet(href) : undefined;
    if (href === undefined || sheet === undefined) return tag;
    if (!inlined.includes(href) && !dropped.includes(href)) {
      if (isUnused(sheet, used)) dropped.push(href);
      else {
        inlined.push(href);
        css.push(sheet.css.trim());
      }
    }
    if (placed) return '';
    placed = true;
    return MARKER;
  });
  if (!inlined.length && !dropped.length) return undefined;
  return { head: head[0], newHead, inlined, dropped, css };
}

/** The text of the inline <style> made of the sheets' CSS; undefined when no sheet is inlined. */
const inlineCss = (css: string[]) =>
  css.length ? css.join('\n').replace(/<\/style/gi, '<\\/style') : undefined;

/** What takes the place of the first stylesheet link: the <style> (none without CSS), a newline. */
const styleBlock = (text: string | undefined) =>
  (text === undefined ? '' : `<style>${text}</style>`) + '\n';

/** A custom property declaration (`--name: value`), up to its `;` or the end of its block. */
const CUSTOM_PROPERTY = /(--[\w-]+)\s*:([^;{}]*)(?:;|(?=\}))/g;
const VAR_REFERENCE = /var\(\s*(--[\w-]+)/g;
const STYLE_ELEMENT = /(<style\b[^>]*>)([\s\S]*?)(<\/style>)/gi;

/**
 * The digest of `hash` fed with a page's <style> texts (as `textOf` gives them) and the custom
 * properties the rest of its markup references: what pruning its styles depends on.
 */
function stylesKey(
  hash: Hash,
  html: string,
  elements: ReadonlyArray<{ start: number; end: number }>,
  textOf: (text: string) => string,
): string {
  let markup = '';
  let from = 0;
  for (const element of elements) {
    hash.update(textOf(html.slice(element.start, element.end))).update('\u0000');
    markup += html.slice(from, element.start);
    from = element.end;
  }
  markup += html.slice(from);
  for (const name of [
    ...new Set(Array.from(markup.matchAll(VAR_REFERENCE), (match) => match[1]!)),
  ].sort())
    hash.update(name).update(' ');
  return hash.digest('hex');
}

/**
 * Leaves out of the page's <style> elements the custom properties nothing on the page reads:
 * Mantine's theme declares some 450 on :root (every shade of every colour), a page reads about a
 * hundred. Kept: every property referenced with var() outside custom property declarations (in the
 * CSS or the page's markup), and, transitively, every property those declarations reference. Fewer
 * bytes, and fewer properties for every element to inherit.
 */
export function pruneCustomProperties(
  html: string,
  memo?: Map<string, { styles: string[]; removed: number }>,
): { html: string; removed: number } {
  const elements = styleElements(html);
  if (!elements.length) return { html, removed: 0 };
  if (memo) {
    // Pages share their stylesheets: the result depends only on the <style> texts and the var() the
    // markup reads. The key is a hash of those (the texts are tens of KB: a Map keyed by them
    // hashed and compared them whole).
    const key = stylesKey(createHash('sha1'), html, elements, (text) => text);
    let known = memo.get(key);
    if (!known) {
      const result = pruneCustomProperties(html);
      known = {
        styles: styleElements(result.html).map((element) =>
          result.html.slice(element.start, element.end),
        ),
        removed: result.removed,
      };
      memo.set(key, known);
    }
    const parts: string[] = [];
    let from = 0;
    elements.forEach((element, index) => {
      parts.push(html.slice(from, element.start), known.styles[index]!);
      from = element.end;
    });
    parts.push(html.slice(from));
    return { html: parts.join(''), removed: known.removed };
  }
  const styles = elements.map((element) => html.slice(element.start, element.end));
  const declared = new Map<string, string[]>();
  for (const css of styles)
    for (const match of css.matchAll(CUSTOM_PROPERTY))
      declared.set(match[1]!, [...(declared.get(match[1]!) ?? []), match[2]!]);
  const pending: string[] = [];
  for (const css of styles)
    for (const match of css.replace(CUSTOM_PROPERTY, '').matchAll(VAR_REFERENCE))
      pending.push(match[1]!);
  for (const match of html.replace(STYLE_ELEMENT, '').matchAll(VAR_REFERENCE))
    pending.push(match[1]!);
  const used = new Set<string>();
  while (pending.length) {
    const name = pending.pop()!;
    if (used.has(name)) continue;
    used.add(name);
    for (const value of declared.get(name) ?? [])
      for (const match of value.matchAll(VAR_REFERENCE)) pending.push(match[1]!);
  }
  let removed = 0;
  const pruned = html.replace(STYLE_ELEMENT, (_, open: string, css: string, close: string) => {
    const kept = css.replace(CUSTOM_PROPERTY, (declaration, name: string) => {
      if (used.has(name)) return declaration;
      removed++;
      return '';
    });
    return open + kept + close;
  });
  return { html: pruned, removed };
}

/**
 * Where the text of each <style> element is (as STYLE_ELEMENT finds them, without building a string
 * per match).
 */
function styleElements(html: string): Array<{ start: number; end: number }> {
  const found: Array<{ start: number; end: number }> = [];
  STYLE_ELEMENT.lastIndex = 0;
  for (let match = STYLE_ELEMENT.exec(html); match; match = STYLE_ELEMENT.exec(html)) {
    const start = match.index + match[1]!.length;
    found.push({ start, end: start + match[2]!.length });
  }
  return found;
}

/** `index.html` → `/`, `pricing/index.html` → `/pricing`, `404.html` → `/404`. */
function routeOfHtmlFile(relative: string): string {
  const file = relative.split(path.sep).join('/');
  if (file === 'index.html') return '/';
  if (file.endsWith('/index.html')) return '/' + file.slice(0, -'/index.html'.length);
  return '/' + file.replace(/\.html$/, '');
}

/** The stylesheets of a built site by href (`/assets/static/x.css`), read and parsed once. */
function stylesheetReader(dir: string): (href: string) => Stylesheet | undefined {
  const sheets = new Map<string, Stylesheet | undefined>();
  return (href: string) => {
    if (!sheets.has(href)) {
      const file = path.join(dir, href.split('?')[0]!);
      const css = file.startsWith(dir) && existsSync(file) ? readFileSync(file, 'utf8') : undefined;
      sheets.set(href, css === undefined ? undefined : { href, css, ...stylesheetClasses(css) });
    }
    return sheets.get(href);
  };
}

export interface FinishedPage {
  html: string;
  /**
   * The same HTML in pieces (the page and its inlined CSS, tens of KB shared by most pages), for
   * writing without joining them first.
   */
  pieces: readonly string[];
  /** Whether the HTML differs from what was rendered. */
  changed: boolean;
  /** The page's canonical URL when it belongs in the sitemap. */
  sitemapUrl: string | undefined;
  dropped: number;
  removed: number;
}

/**
 * The per-page part of postbuild, for a build that streams pages (pipeline/prerender.ts):
 * stylesheets inlined, unused custom properties left out, the page's sitemap URL. Same output as
 * `postbuild`, page by page. `quick: false` runs every step on the whole page (see `quickFinisher`);
 * `counts` says how many pages went each way.
 */
export function pageFinisher(
  dir: string,
  options: { quick?: boolean } = {},
): ((route: string, html: string) => FinishedPage) & { counts: { quick: number; whole: number } } {
  const readSheet = stylesheetReader(dir);
  const memo = new Map<string, { styles: string[]; removed: number }>();
  const importsOf = staticImportReader(dir);
  const quick = options.quick === false ? () => undefined : quickFinisher(readSheet, importsOf);
  const counts = { quick: 0, whole: 0 };
  const finish = (route: string, rendered: string): FinishedPage => {
    const known = quick(route, rendered);
    if (known) {
      counts.quick++;
      return known;
    }
    counts.whole++;
    const result = inlineStylesheets(rendered, readSheet);
    const pruned = pruneCustomProperties(result.html, memo);
    const html = addModulePreloads(pruned.html, importsOf);
    return {
      html,
      pieces: [html],
      changed: html !== rendered,
      sitemapUrl: sitemapUrls([{ route, html }])[0],
      dropped: result.dropped.length,
      removed: pruned.removed,
    };
  };
  return Object.assign(finish, { counts });
}

/**
 * What inlined CSS must not hold to be set aside while its page is finished: any closing tag, the
 * start of the tags the finishing steps match (head, style, script, meta, link), `href`.
 */
const ASIDE_UNSAFE = /<\/|<(?:head|style|script|meta|link)|href/i;

/** Stands for the inlined CSS while a page is finished: no page's HTML holds a NUL character. */
const PLACEHOLDER = '\u0000inlined-css\u0000';

/**
 * `pageFinisher`'s steps with the inlined CSS (tens of KB, the same on most pages) left out of
 * every scan: the page is finished with PLACEHOLDER as the text of its inlined <style>, whose
 * pruned text is known from the first page with the same sheets, other <style> texts and var()
 * references (it is worked out then from the whole page, as `pruneCustomProperties` does), and put
 * in at the end. Equal to the steps run on the whole page because that CSS holds nothing the steps
 * look for in a page (ASIDE_UNSAFE: a closing tag, which would end the <style> or the head where it
 * is, the start of a tag they match, `href`): every element, the head and each <style> are where
 * they were, and nothing in the CSS is found. Undefined when that does not hold, or the page has no
 * stylesheet link to inline: then the steps run on the whole page.
 * `tests/pipeline/page-renderer.test.ts` compares both ways on every page of the site.
 */
function quickFinisher(
  readSheet: (href: string) => Stylesheet | undefined,
  importsOf: (entry: string) => string[],
): (route: string, rendered: string) => FinishedPage | undefined {
  /** The inlined CSS by the sheets inlined, and whether it can stand aside as PLACEHOLDER. */
  const inlinedCss = new Map<string, { text: string | undefined; aside: boolean }>();
  /** The pruned text of each <style> element, by what pruning them depends on. */
  const prunedStyles = new Map<string, { styles: string[]; removed: number }>();
  return (route, rendered) => {
    if (rendered.includes('\u0000')) return undefined;
    const found = stylesheetLinks(rendered, readSheet);
    if (!found) return undefined;
    const sheets = found.inlined.join('\n');
    let css = inlinedCss.get(sheets);
    if (!css) {
      const text = inlineCss(found.css);
      css = { text, aside: text === undefined || !ASIDE_UNSAFE.test(text) };
      inlinedCss.set(sheets, css);
    }
    if (!css.aside) return undefined;
    const aside = rendered.replace(found.head, () =>
      found.newHead.replace(MARKER, () =>
        styleBlock(css.text === undefined ? undefined : PLACEHOLDER),
      ),
    );
    const elements = styleElements(aside);
    const key = stylesKey(
      createHash('sha1').update(sheets).update('\u0001'),
      aside,
      elements,
      (text) => (text === PLACEHOLDER ? '\u0001' : text),
    );
    let pruned = prunedStyles.get(key);
    if (!pruned) {
      const whole = pruneCustomProperties(aside.replace(PLACEHOLDER, () => css.text!));
      pruned = {
        styles: styleElements(whole.html).map((element) =>
          whole.html.slice(element.start, element.end),
        ),
        removed: whole.removed,
      };
      prunedStyles.set(key, pruned);
    }
    let inlined = '';
    const parts: string[] = [];
    let from = 0;
    elements.forEach((element, index) => {
      const text = aside.slice(element.start, element.end);
      if (text === PLACEHOLDER) inlined = pruned.styles[index]!;
      parts.push(
        aside.slice(from, element.start),
        text === PLACEHOLDER ? text : pruned.styles[index]!,
      );
      from = element.end;
    });
    parts.push(aside.slice(from));
    const finished = addModulePreloads(parts.join(''), importsOf);
    const sitemapUrl = sitemapUrls([{ route, html: finished }])[0];
    const at = finished.indexOf(PLACEHOLDER);
    const pieces =
      at < 0
        ? [finished]
        : [finished.slice(0, at), inlined, finished.slice(at + PLACEHOLDER.length)];
    // Joined only when read (a rope: `+` copies nothing).
    const html = pieces.length === 1 ? finished : pieces[0]! + pieces[1]! + pieces[2]!;
    return {
      html,
      pieces,
      changed: html !== rendered,
      sitemapUrl,
      dropped: found.dropped.length,
      removed: pruned.removed,
    };
  };
}

/** What the site's own files (sitemap.xml, robots.txt, _headers) take from the site config. */
export interface SiteFilesConfig {
  baseUrl: string;
  locales?: Locales;
  scheduler: { url: string };
}

/**
 * The files of the site as a whole: sitemap.xml, robots.txt and _headers, from the config the
 * build checked (never the file read again: it may have been edited since).
 */
export function writeSiteFiles(
  root: string,
  dir: string,
  sitemap: Iterable<string>,
  config: SiteFilesConfig,
): number {
  const baseUrl = config.baseUrl.replace(/\/+$/, '');
  const urls = [...new Set(sitemap)].sort(); // the home page URL is a prefix of every other one, so it comes first
  writeFileSync(
    path.join(dir, 'sitemap.xml'),
    sitemapXml(urls, sitemapAlternates(baseUrl, siteLocales(config.locales), urls)),
  );
  writeFileSync(path.join(dir, 'robots.txt'), robotsTxt(baseUrl));
  writeHeadersFile(root, dir, config.scheduler.url); // public/_headers with frame-src from scheduler.url
  return urls.length;
}

export function postbuild(root: string, dir: string) {
  if (!existsSync(path.join(dir, 'index.html')))
    throw new Error(`${dir} has no index.html: run \`vike build\` first.`);
  const finish = pageFinisher(dir);
  const sitemap: string[] = [];
  let pages = 0;
  let dropped = 0;
  let properties = 0;
  for (const relative of (readdirSync(dir, { recursive: true }) as string[]).filter((file) =>
    file.endsWith('.html'),
  )) {
    const file = path.join(dir, relative);
    const page = finish(routeOfHtmlFile(relative), readFileSync(file, 'utf8'));
    if (page.changed) writeFileSync(file, page.html);
    pages++;
    dropped += page.dropped;
    properties += page.removed;
    if (page.sitemapUrl) sitemap.push(page.sitemapUrl);
  }
  const config = parse(
    readFileSync(path.join(root, 'site.config.yaml'), 'utf8'),
  ) as SiteFilesConfig;
  const urls = writeSiteFiles(root, dir, sitemap, config);
  const perPage = (count: number) => (pages ? count / pages : 0);
  return { urls, pages, droppedPerPage: perPage(dropped), propertiesPerPage: perPage(properties) };
}

/**
 * Moves `a/b/index.html` to `a/b.html` (the home page stays `index.html`); returns how many files
 * moved.
 */
export function flattenHtml(dir: string): number {
  const files = (readdirSync(dir, { recursive: true }) as string[])
    .map((file) => file.split(path.sep).join('/'))
    .filter((file) => file.endsWith('/index.html'));
  // Deepest first, so a folder is emptied before its parent is looked at.
  files.sort((a, b) => b.split('/').length - a.split('/').length);
  for (const file of files) {
    const folder = file.slice(0, -'/index.html'.length);
    renameSync(path.join(dir, file), path.join(dir, `${folder}.html`));
    if (!readdirSync(path.join(dir, folder)).length) rmdirSync(path.join(dir, folder));
  }
  return files.length;
}
