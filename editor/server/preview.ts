import { createHash } from 'node:crypto';
import { readFileSync } from 'node:fs';
import type { ServerResponse } from 'node:http';
import path from 'node:path';
import type { ModuleNode, ViteDevServer } from 'vite';
import { Collector } from '../../engine/collector.ts';
import type { LoadedPage, Page, SiteModel } from '../../engine/load-site.ts';
import { siteLocales, translationOf } from '../../engine/locales.ts';
import { validateConfig, validatePage } from '../../engine/validate-page.ts';
import { NOT_FOUND_FILE, routeFromFile } from '../../engine/routes.ts';
import { CONFIG_FILE, type SiteIndex } from '../../engine/site-index.ts';
import { languageOf } from '../../renderer/language.ts';
import type { PageData } from '../../renderer/page-data.ts';
import type { SiteConfig } from '../../schema/site-config.ts';
import type { DraftStore } from './drafts.ts';
import { markBlocks } from './preview/markers.ts';

const RENDER_MODULE = '/editor/server/preview/render.tsx';
const CLIENT_MODULE = '/editor/server/preview/client.ts';

/** Outline of the selected block; preview only. */
const PREVIEW_CSS = `[data-editor-block]{cursor:pointer}[data-editor-block]:hover{outline:2px dashed rgb(29 78 216 / .45);outline-offset:-2px}[data-editor-selected]{outline:3px solid #1d4ed8!important;outline-offset:-3px}`;

const stylesKey = (links: string[]) =>
  createHash('sha1').update(links.join('')).digest('hex').slice(0, 12);
const escapeAttribute = (text: string) =>
  text.replace(/&/g, '&amp;').replace(/"/g, '&quot;').replace(/</g, '&lt;');

/**
 * Another version of a file for the preview (`?version=`): the published one, or a conflict's two
 * sides.
 */
export type VersionSource = (
  file: string,
  /** A named version, or a published version's commit id. */
  version: string,
) => Promise<string | undefined>;

const VERSIONS = new Set(['published', 'current', 'ours', 'theirs']);

interface Rendered {
  page: Page;
  error?: string;
}

/**
 * The live preview: GET /preview<route>?draft=<file> renders the route with the editor's unsaved
 * text for <file> (the draft store) in place of the file on disk, through the site's own components
 * (see preview/render.tsx), and with the CSS those components import, as Vite resolves it. A draft
 * that does not validate keeps the last good render on screen and says why (meta
 * editor-preview-stale).
 */
export class Preview {
  private lastGood = new Map<string, Page>();
  private configCache: { text: string; config: SiteConfig | undefined } | undefined;

  constructor(
    private readonly root: string,
    private readonly vite: () => Promise<ViteDevServer>,
    private readonly site: SiteIndex,
    private readonly drafts: DraftStore,
    /**
     * Set by the publishing service: `?version=published|current|ours|theirs` renders that text of
     * the draft's file.
     */
    public versions?: VersionSource,
  ) {}

  private textOf(file: string): string | undefined {
    return (
      this.drafts.get(file)?.text ?? (file === CONFIG_FILE ? undefined : this.site.textOf(file))
    );
  }

  private config(): SiteConfig | undefined {
    let text = this.drafts.get(CONFIG_FILE)?.text;
    if (text === undefined) {
      try {
        text = readFileSync(path.join(this.root, CONFIG_FILE), 'utf8');
      } catch {
        return undefined;
      }
    }
    if (this.configCache?.text === text) return this.configCache.config;
    const collector = new Collector();
    const { config } = validateConfig(this.root, collector, text);
    // An invalid config keeps the last good one for the preview.
    if (config || !this.configCache) this.configCache = { text, config };
    return this.configCache.config;
  }

  /**
   * The page for a file from its current (draft or disk) text; the last good version when the text
   * has problems.
   */
  private page(file: string, version?: string): Rendered | undefined {
    const text = version ?? this.textOf(file);
    if (text === undefined) return undefined;
    const collector = new Collector();
    const result = validatePage(this.root, file, collector, text);
    if (version !== undefined) return result?.page ? { page: result.page } : undefined;
    if (result?.page) {
      this.lastGood.set(file, result.page);
      return { page: result.page };
    }
    const first = collector.diagnostics.find((d) => d.severity === 'error');
    const message = first
      ? `${first.file}:${first.line}:${first.col} ${first.message}`
      : 'The page has problems.';
    const previous = this.lastGood.get(file);
    return previous ? { page: previous, error: message } : undefined;
  }

  /**
   * The page as the build renders it in its language (renderer/language.ts): a translation's blocks
   * left `untranslated` are its source's (the source's draft when it has one), links are localised,
   * the switcher knows which translations exist.
   */
  private inLanguage(
    file: string,
    route: string,
    page: Page,
    config: SiteConfig,
  ): Pick<PageData, 'page' | 'config' | 'language'> {
    const locales = siteLocales(config.locales);
    if (!locales) return { page, config };
    const pages = this.site.routes().filter((entry) => routeFromFile(entry.file) === entry.route);
    const loaded = (at: string, shown: Page, from: string): LoadedPage => ({
      file: from,
      route: at,
      anchors: [],
      hash: '',
      summary: { title: '', ownSocialImage: false, images: [] },
      links: [],
      page: shown,
    });
    const routes = new Map<string, LoadedPage>();
    const translation = translationOf(route, locales);
    const sourceFile =
      translation && pages.find((entry) => entry.route === translation.sourceRoute)?.file;
    const source = sourceFile && this.page(sourceFile);
    if (translation && source)
      routes.set(translation.sourceRoute, loaded(translation.sourceRoute, source.page, sourceFile));
    const site: SiteModel = {
      config,
      pages: [],
      notFound: undefined,
      routes,
      pageRoutes: new Set(pages.map((entry) => entry.route)),
      diagnostics: [],
    };
    const shown = languageOf(site, loaded(route, page, file));
    return {
      page: shown.page,
      config: shown.config,
      ...(shown.language ? { language: shown.language } : {}),
    };
  }

  /**
   * Which file a preview route shows: the draft's own file when it has this route, else the page on
   * disk.
   */
  private fileFor(route: string, draftFile: string | null): string | undefined {
    if (draftFile && draftFile !== CONFIG_FILE) {
      if (route === '/404' && draftFile === NOT_FOUND_FILE) return draftFile;
      if (routeFromFile(draftFile) === route) return draftFile;
    }
    if (route === '/404') return NOT_FOUND_FILE;
    return this.site.routes().find((entry) => entry.route === route)?.file;
  }

  private cssCache: { modules: number; links: string[] } | undefined;

  /** The stylesheets the components import (cached until Vite's module graph changes). */
  private async cssLinks(vite: ViteDevServer): Promise<string[]> {
    const graph = vite.environments.ssr.moduleGraph;
    if (this.cssCache?.modules === graph.idToModuleMap.size) return this.cssCache.links;
    const links = await this.collectCss(vite);
    this.cssCache = { modules: graph.idToModuleMap.size, links };
    return links;
  }

  private async collectCss(vite: ViteDevServer): Promise<string[]> {
    const graph = vite.environments.ssr.moduleGraph;
    const start = await graph.getModuleByUrl(RENDER_MODULE);
    const seen = new Set<ModuleNode | unknown>();
    const css: string[] = [];
    const walk = (node: { url: string; importedModules: Set<unknown> } | undefined) => {
      if (!node || seen.has(node)) return;
      seen.add(node);
      if (/\.css($|\?)/.test(node.url)) css.push(node.url);
      for (const child of node.importedModules)
        walk(child as { url: string; importedModules: Set<unknown> });
    };
    walk(start as unknown as { url: string; importedModules: Set<unknown> });
    return css.map(
      (url) =>
        `<link rel="stylesheet" href="${escapeAttribute(url + (url.includes('?') ? '&' : '?') + 'direct')}">`,
    );
  }

  async handle(res: ServerResponse, url: URL): Promise<void> {
    const route = url.pathname.slice('/preview'.length).replace(/\/+$/, '') || '/';
    const draftFile = url.searchParams.get('draft');
    const file = this.fileFor(route, draftFile);
    const config = this.config();
    const which = url.searchParams.get('version');
    const versionText =
      which &&
      (VERSIONS.has(which) || /^[0-9a-f]{40}$/.test(which)) &&
      file &&
      file === draftFile &&
      this.versions
        ? ((await this.versions(file, which)) ?? '')
        : undefined;
    const rendered = file ? this.page(file, versionText) : undefined;
    // `?mark=0,3`: blocks outlined as changed (the Changes and conflict screens' side-by-side
    // previews).
    const marked = (url.searchParams.get('mark') ?? '')
      .split(',')
      .filter((index) => /^\d{1,4}$/.test(index));
    const markCss = marked.length
      ? `${marked.map((index) => `[data-editor-block="${index}"]`).join(',')}{outline:3px solid #e8590c!important;outline-offset:-3px}`
      : '';
    if (!file || !rendered || !config) {
      res.writeHead(404, { 'content-type': 'text/html; charset=utf-8' });
      res.end(
        `<!DOCTYPE html><html lang="en"><head><meta charset="UTF-8"><title>No preview</title><style>body{margin:0;display:grid;place-items:center;min-height:100vh;font:15px/1.5 system-ui,sans-serif;color:#334155;background:#f8fafc}p{max-width:32rem;margin:24px;padding:16px 20px;border:1px solid #e2e8f0;border-radius:12px;background:#fff}</style></head><body><p>No preview for ${escapeAttribute(route)}: ${!config ? 'site.config.yaml has problems.' : 'the page does not exist or has problems that stop it from rendering; see the problems list.'}</p></body></html>`,
      );
      return;
    }
    const vite = await this.vite();
    const { renderPreviewParts, renderPreviewBody } = (await vite.ssrLoadModule(
      RENDER_MODULE,
    )) as typeof import('./preview/render.tsx');
    const canonicalRoute = file === NOT_FOUND_FILE ? '/404' : (routeFromFile(file) ?? route);
    const data: PageData = {
      route,
      canonicalRoute,
      ...this.inLanguage(file, canonicalRoute, rendered.page, config),
    };
    const revision = draftFile ? (this.drafts.get(draftFile)?.revision ?? 0) : 0;
    const links = await this.cssLinks(vite);
    if (url.searchParams.has('fragment')) {
      // While typing: the body alone (the preview script swaps the blocks that changed), title and
      // state in headers.
      const parts = renderPreviewBody(data);
      res.writeHead(200, {
        'content-type': 'text/html; charset=utf-8',
        'x-editor-draft-revision': String(revision),
        'x-editor-title': encodeURIComponent(parts.title),
        'x-editor-styles': stylesKey(links),
        ...(rendered.error ? { 'x-editor-preview-stale': encodeURIComponent(rendered.error) } : {}),
      });
      res.end(markBlocks(parts.body, rendered.page.blocks.length).html);
      return;
    }
    const parts = renderPreviewParts(data);
    const { html: body } = markBlocks(parts.body, rendered.page.blocks.length);
    const html = [
      '<!DOCTYPE html>',
      `<html lang="${escapeAttribute(data.language?.code ?? 'en')}" dir="${data.language?.dir ?? 'ltr'}" data-mantine-color-scheme="light">`,
      '<head><meta charset="UTF-8"><meta name="viewport" content="width=device-width,initial-scale=1">',
      `<meta name="editor-draft-revision" content="${revision}">`,
      `<meta name="editor-styles" content="${stylesKey(links)}">`,
      rendered.error
        ? `<meta name="editor-preview-stale" content="${escapeAttribute(rendered.error)}">`
        : '',
      parts.head,
      ...links,
      `<style data-editor-preview>${PREVIEW_CSS}${markCss}</style>`,
      `<script type="module" src="${CLIENT_MODULE}"></script>`,
      '</head>',
      `<body><div id="root">${body}</div></body></html>`,
    ].join('');
    res.writeHead(200, { 'content-type': 'text/html; charset=utf-8' });
    res.end(html);
  }
}
