import { existsSync } from 'node:fs';
import path from 'node:path';
import type { SiteConfig } from '../schema/site-config.ts';
import { publicFileSet, checkLinks, findRefs, type LinkTarget } from './check-references.ts';
import { checkImageRefs } from './check-images.ts';
import { claimRoutes, type RouteClaim } from './claim-routes.ts';
import { Collector } from './collector.ts';
import { sortDiagnostics, type Diagnostic } from './diagnostic.ts';
import { authorErrors } from './errors.ts';
import { publicLinkProblems, scanPageFiles } from './project-files.ts';
import { NOT_FOUND_FILE, routeFromFile } from './routes.ts';
import { anchorsOfPage, CONFIG_FILE, pageAnchors, validateConfig, validatePage, type Page } from './validate-page.ts';
import type { YamlSource } from './yaml-source.ts';

export type { Page };

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

/** Page files under pages/ (see engine/project-files.ts for the files it leaves out, and why). */
export function listPageFiles(root: string): string[] {
  return scanPageFiles(root).files;
}

/** A page file after phase 1: read and checked on its own; `source` when its YAML could be read. */
export interface ReadPage {
  file: string;
  source: YamlSource | undefined;
  page: Page | undefined;
  claim: RouteClaim;
}

/** Phase 1: every page file read and checked on its own (YAML, schemas, anchors), with the files that are no pages. */
export function readPages(root: string, collector: Collector): ReadPage[] {
  const scan = scanPageFiles(root);
  for (const problem of [...scan.problems, ...publicLinkProblems(root)]) collector.addToFile(problem.file, problem.error, problem.severity);
  const read: ReadPage[] = [];
  for (const file of scan.files) {
    const route = file === NOT_FOUND_FILE ? undefined : routeFromFile(file);
    if (file !== NOT_FOUND_FILE && !route) {
      collector.addToFile(file, authorErrors.badPagePath(file));
      continue;
    }
    read.push(readPage(root, file, route, collector));
  }
  return read;
}

/** One page file checked on its own (`text`: the page editor's unsaved text instead of the file on disk). */
export function readPage(root: string, file: string, route: string | undefined, collector: Collector, text?: string): ReadPage {
  const result = validatePage(root, file, collector, text);
  if (!result) return { file, source: undefined, page: undefined, claim: { file, route, readable: false, draft: false, anchors: undefined, aliases: [] } };
  const data = result.source.data as { draft?: unknown; aliases?: unknown };
  const claim: RouteClaim = { file, route, readable: true, draft: data.draft === true, anchors: pageAnchors(result.source, collector), aliases: Array.isArray(data.aliases) ? data.aliases : [] };
  return { file, source: result.source, page: result.page, claim };
}

/** Phase 2: routes and aliases claimed, clashes reported on the file's first line or on the alias. */
export function claimPageRoutes(read: readonly ReadPage[], collector: Collector): ReturnType<typeof claimRoutes> {
  const claimed = claimRoutes(read.map((entry) => entry.claim));
  const sources = new Map(read.map((entry) => [entry.file, entry.source]));
  for (const problem of claimed.problems) {
    const source = sources.get(problem.file)!;
    collector.add(source, problem.error, problem.alias === undefined ? { line: 1, col: 1 } : source.positionOf(['aliases', problem.alias]));
  }
  return claimed;
}

/** What phase 3 checks a file's links and images against. */
export interface ReferenceContext {
  root: string;
  targets: Map<string, LinkTarget>;
  publicFiles: () => Set<string>;
  includeDrafts: boolean;
  /** false: only the path and the presence of images are checked, not their headers (the page editor). */
  readImages: boolean;
}

/** Phase 3 for one file: its internal links (routes, anchors, drafts) and its images. */
export function checkReferences(source: YamlSource, route: string | undefined, draft: boolean, context: ReferenceContext, collector: Collector): void {
  const { links, images } = findRefs(source.data);
  checkImageRefs(source, images, collector, context.publicFiles, context.readImages ? context.root : undefined);
  checkLinks(source, links, draft, route, context.targets, context.includeDrafts, collector);
}

/** Phase 4: the model the renderer uses: valid pages (drafts only when asked for), the 404 page, route → page. */
export function buildModel(read: readonly ReadPage[], config: SiteConfig | undefined, claimed: ReturnType<typeof claimRoutes>, includeDrafts: boolean, diagnostics: Diagnostic[]): SiteModel {
  const routes = new Map<string, LoadedPage>();
  const pages: LoadedPage[] = [];
  let notFound: LoadedPage | undefined;
  const loadedByTarget = new Map<LinkTarget, LoadedPage>();
  for (const entry of read) {
    if (!entry.page) continue;
    const target = claimed.ownTargets.get(entry.file);
    if (!entry.claim.route) {
      notFound = { file: entry.file, route: '/404', page: entry.page, anchors: anchorsOfPage(entry.page) };
      continue;
    }
    if (entry.claim.draft && !includeDrafts) continue;
    const loaded: LoadedPage = { file: entry.file, route: entry.claim.route, page: entry.page, anchors: target!.anchors ?? [] };
    loadedByTarget.set(target!, loaded);
    pages.push(loaded);
  }
  for (const [route, target] of claimed.targets) {
    const loaded = loadedByTarget.get(target);
    if (loaded) routes.set(route, loaded);
  }
  return { config, pages, notFound, routes, diagnostics: sortDiagnostics(diagnostics) };
}

/** Reads site.config.yaml and every page, and reports every problem found, in one pass. */
export function loadSite(options: LoadOptions): SiteModel {
  const { root, includeDrafts = false } = options;
  const collector = new Collector();
  const { source: configSource, config } = readConfig(root, collector);
  const read = readPages(root, collector);
  const claimed = claimPageRoutes(read, collector);
  const context: ReferenceContext = { root, targets: claimed.targets, publicFiles: publicFileSet(root), includeDrafts, readImages: true };
  for (const entry of read) if (entry.source) checkReferences(entry.source, entry.claim.route, entry.claim.draft, context, collector);
  if (configSource) checkReferences(configSource, undefined, false, context, collector);
  return buildModel(read, config, claimed, includeDrafts, collector.diagnostics);
}

function readConfig(root: string, collector: Collector) {
  if (existsSync(path.join(root, CONFIG_FILE))) return validateConfig(root, collector);
  collector.addToFile(CONFIG_FILE, authorErrors.missingConfig());
  return { source: undefined, config: undefined };
}
