import { existsSync, readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import type { z } from 'zod';
import { blockSchemas, blockTypes, isBlockType, type Block } from '../schema/blocks.ts';
import { pageShellSchema, type PageShell } from '../schema/page.ts';
import { siteConfigSchema, type SiteConfig } from '../schema/site-config.ts';
import { sortDiagnostics, type Diagnostic } from './diagnostic.ts';
import { didYouMean } from './did-you-mean.ts';
import { authorErrors, type AuthorError } from './errors.ts';
import { NOT_FOUND_FILE, routeFromFile, splitLink } from './routes.ts';
import { translateIssues, type LocatedError } from './zod-issues.ts';
import { YamlSource, type YamlPath } from './yaml-source.ts';

export type Page = Omit<PageShell, 'blocks'> & { blocks: Block[] };

export interface LoadedPage {
  /** Path relative to the project root, e.g. `pages/solutions/hotels.yaml`. */
  file: string;
  route: string;
  page: Page;
  anchors: string[];
}

export interface SiteModel {
  config: SiteConfig | undefined;
  /** Every valid page, drafts included only when asked for. The 404 page is `notFound`, not in `pages`. */
  pages: LoadedPage[];
  notFound: LoadedPage | undefined;
  /** Route or alias → page. */
  routes: Map<string, LoadedPage>;
  diagnostics: Diagnostic[];
}

export interface LoadOptions {
  root: string;
  /** Drafts are shown by the dev server and left out of production builds. */
  includeDrafts?: boolean;
}

/** Anchors every page has from the layout: the skip link target and the Back to Top target. */
const LAYOUT_ANCHORS = ['main', 'top'];
const CONFIG_FILE = 'site.config.yaml';

export function listPageFiles(root: string): string[] {
  const dir = path.join(root, 'pages');
  if (!existsSync(dir)) return [];
  return (readdirSync(dir, { recursive: true, withFileTypes: true }) as import('node:fs').Dirent[])
    .filter((entry) => entry.isFile() && /\.ya?ml$/.test(entry.name))
    .map((entry) => path.relative(root, path.join(entry.parentPath, entry.name)).split(path.sep).join('/'))
    .sort();
}

class Collector {
  readonly diagnostics: Diagnostic[] = [];
  add(source: YamlSource, error: AuthorError, at: { line: number; col: number }, severity: Diagnostic['severity'] = 'error') {
    this.diagnostics.push({ file: source.file, ...at, severity, code: error.code, message: error.message, ...(error.hint ? { hint: error.hint } : {}) });
  }
  addLocated(source: YamlSource, errors: LocatedError[]) {
    for (const error of errors) {
      const at = error.key !== undefined ? source.keyPosition(error.path, error.key) : source.positionOf(error.path);
      this.add(source, error, at);
    }
  }
}

function readSource(root: string, file: string, collector: Collector): YamlSource | undefined {
  const source = new YamlSource(file, readFileSync(path.join(root, file), 'utf8'));
  if (source.doc.errors.length) {
    for (const error of source.syntaxErrors) collector.add(source, authorErrors.yamlSyntax(error.message), error);
    return undefined;
  }
  const data = source.data;
  if (data === null || typeof data !== 'object' || Array.isArray(data)) {
    collector.add(source, authorErrors.notAMapping(data === null || data === undefined ? 'empty' : Array.isArray(data) ? 'a list' : 'plain text'), { line: 1, col: 1 });
    return undefined;
  }
  return source;
}

function parseWith<S extends z.ZodType>(schema: S, source: YamlSource, value: unknown, prefix: YamlPath, collector: Collector): z.infer<S> | undefined {
  const result = schema.safeParse(value, { reportInput: true });
  if (result.success) return result.data;
  collector.addLocated(source, translateIssues(result.error.issues, schema, source.data, prefix));
  return undefined;
}

function validateBlock(source: YamlSource, raw: unknown, index: number, collector: Collector): Block | undefined {
  const at: YamlPath = ['blocks', index];
  if (raw === null || typeof raw !== 'object' || Array.isArray(raw)) {
    collector.addLocated(source, translateIssues([{ code: 'invalid_type', expected: 'object', path: [], input: raw, message: '' } as z.core.$ZodIssue], pageShellSchema, source.data, at));
    return undefined;
  }
  const type = (raw as { type?: unknown }).type;
  if (typeof type !== 'string') {
    collector.add(source, authorErrors.missingBlockType(blockTypes), source.positionOf(at));
    return undefined;
  }
  if (!isBlockType(type)) {
    collector.add(source, authorErrors.unknownBlockType(type, didYouMean(type, blockTypes), blockTypes), source.positionOf([...at, 'type']));
    return undefined;
  }
  const schema = blockSchemas[type] as unknown as z.ZodType<Block>;
  const block = parseWith(schema, source, raw, at, collector);
  if (block) checkBlockRules(source, block, at, collector);
  return block;
}

/** Rules that need more than one field at a time. */
function checkBlockRules(source: YamlSource, block: Block, at: YamlPath, collector: Collector) {
  if (block.type === 'comparisonTable') {
    block.rows.forEach((row, index) => {
      if (row.values.length !== block.columns.length) {
        collector.add(source, authorErrors.columnCount(block.columns.length, row.values.length), source.positionOf([...at, 'rows', index, 'values']));
      }
    });
  }
}

function validatePage(root: string, file: string, collector: Collector): { source: YamlSource; page: Page } | undefined {
  const source = readSource(root, file, collector);
  if (!source) return undefined;
  const shell = parseWith(pageShellSchema, source, source.data, [], collector);
  const rawBlocks = (source.data as { blocks?: unknown }).blocks;
  const blocks = Array.isArray(rawBlocks) ? rawBlocks.map((raw, index) => validateBlock(source, raw, index, collector)) : [];
  if (!shell || blocks.some((block) => !block)) return undefined;
  if (shell.title.length > 60) collector.add(source, authorErrors.titleTooLong(shell.title.length), source.positionOf(['title']), 'warning');
  if (shell.description.length > 160) collector.add(source, authorErrors.descriptionTooLong(shell.description.length), source.positionOf(['description']), 'warning');
  return { source, page: { ...shell, blocks: blocks as Block[] } };
}

/** Calls `visit` for every value under a key named `name`, with its path. */
function findFields(value: unknown, name: string, visit: (found: unknown, at: YamlPath) => void, at: YamlPath = []) {
  if (Array.isArray(value)) value.forEach((item, index) => findFields(item, name, visit, [...at, index]));
  else if (value && typeof value === 'object') {
    for (const [key, child] of Object.entries(value)) {
      if (key === name) visit(child, [...at, key]);
      else findFields(child, name, visit, [...at, key]);
    }
  }
}

function checkImages(root: string, source: YamlSource, data: unknown, collector: Collector, publicFiles: () => string[]) {
  const check = (src: unknown, at: YamlPath) => {
    if (typeof src !== 'string' || !src.startsWith('/')) return;
    if (!existsSync(path.join(root, 'public', src))) {
      collector.add(source, authorErrors.missingImage(src, didYouMean(src, publicFiles())), source.positionOf(at));
    }
  };
  findFields(data, 'src', check);
  findFields(data, 'socialImage', check);
  findFields(data, 'defaultSocialImage', check);
}

function checkLinks(source: YamlSource, data: unknown, ownRoute: string | undefined, routes: Map<string, LoadedPage>, drafts: Map<string, LoadedPage>, collector: Collector) {
  const allRoutes = [...routes.keys()];
  findFields(data, 'href', (value, at) => {
    if (typeof value !== 'string' || !(value.startsWith('/') || value.startsWith('#'))) return;
    const { path: linkPath, hash } = value.startsWith('#') ? { path: ownRoute ?? '/', hash: value.slice(1) } : splitLink(value);
    const target = routes.get(linkPath);
    if (!target) {
      if (drafts.has(linkPath)) collector.add(source, authorErrors.linkToDraft(value), source.positionOf(at));
      else collector.add(source, authorErrors.brokenLink(value, didYouMean(linkPath, allRoutes)), source.positionOf(at));
      return;
    }
    if (hash && !target.anchors.includes(hash)) {
      const anchors = target.anchors.filter((name) => !LAYOUT_ANCHORS.includes(name));
      collector.add(source, authorErrors.brokenAnchor(value, hash, target.route, didYouMean(hash, anchors), anchors), source.positionOf(at));
    }
  });
}

function pageAnchors(source: YamlSource, page: Page, collector: Collector): string[] {
  const seen = new Set<string>();
  page.blocks.forEach((block, index) => {
    if (!block.id) return;
    if (seen.has(block.id) || LAYOUT_ANCHORS.includes(block.id)) collector.add(source, authorErrors.duplicateAnchor(block.id), source.positionOf(['blocks', index, 'id']));
    seen.add(block.id);
  });
  return [...LAYOUT_ANCHORS, ...seen];
}

/** Reads site.config.yaml and every page, and reports every problem found, in one pass. */
export function loadSite(options: LoadOptions): SiteModel {
  const { root, includeDrafts = false } = options;
  const collector = new Collector();
  let publicCache: string[] | undefined;
  const publicFiles = () =>
    (publicCache ??= existsSync(path.join(root, 'public'))
      ? (readdirSync(path.join(root, 'public'), { recursive: true, withFileTypes: true }) as import('node:fs').Dirent[])
          .filter((entry) => entry.isFile())
          .map((entry) => '/' + path.relative(path.join(root, 'public'), path.join(entry.parentPath, entry.name)).split(path.sep).join('/'))
      : []);

  const configSource = readSource(root, CONFIG_FILE, collector);
  const config = configSource ? parseWith(siteConfigSchema, configSource, configSource.data, [], collector) : undefined;

  const routes = new Map<string, LoadedPage>();
  const drafts = new Map<string, LoadedPage>();
  const sources = new Map<LoadedPage, YamlSource>();
  const pages: LoadedPage[] = [];
  let notFound: LoadedPage | undefined;

  const files = listPageFiles(root);
  for (const file of files) {
    const isNotFound = file === NOT_FOUND_FILE;
    const route = isNotFound ? '/404' : routeFromFile(file);
    if (!route) {
      const source = new YamlSource(file, '');
      collector.add(source, authorErrors.badPagePath(file), { line: 1, col: 1 });
      continue;
    }
    const result = validatePage(root, file, collector);
    if (!result) continue;
    const loaded: LoadedPage = { file, route, page: result.page, anchors: pageAnchors(result.source, result.page, collector) };
    sources.set(loaded, result.source);
    if (isNotFound) {
      notFound = loaded;
      continue;
    }
    const claim = (claimed: string, at: { line: number; col: number }) => {
      const table = loaded.page.draft && !includeDrafts ? drafts : routes;
      const owner = routes.get(claimed) ?? drafts.get(claimed);
      if (owner) collector.add(result.source, authorErrors.duplicateRoute(claimed, owner.file), at);
      else table.set(claimed, loaded);
    };
    claim(route, { line: 1, col: 1 });
    loaded.page.aliases?.forEach((alias, index) => claim(alias, result.source.positionOf(['aliases', index])));
    if (!loaded.page.draft || includeDrafts) pages.push(loaded);
  }

  for (const [loaded, source] of sources) {
    checkImages(root, source, source.data, collector, publicFiles);
    if (loaded.page.draft && !includeDrafts) continue;
    checkLinks(source, source.data, loaded === notFound ? undefined : loaded.route, routes, drafts, collector);
  }
  if (configSource && config) {
    checkImages(root, configSource, configSource.data, collector, publicFiles);
    checkLinks(configSource, configSource.data, undefined, routes, drafts, collector);
  }

  return { config, pages, notFound, routes, diagnostics: sortDiagnostics(collector.diagnostics) };
}
