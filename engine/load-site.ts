import { existsSync } from 'node:fs';
import path from 'node:path';
import type { SiteConfig } from '../schema/site-config.ts';
import { imagesOfBlock, type ImageSlotName } from '../schema/image-slots.ts';
import { publicFileSet, checkLinks, findRefs, type LinkTarget, type Ref } from './check-references.ts';
import { checkImageRefs, withSlots, type ImageRef } from './check-images.ts';
import { claimRoutes, type RouteClaim } from './claim-routes.ts';
import { Collector, type FileProblems, type Locator } from './collector.ts';
import { sortDiagnostics, type Diagnostic } from './diagnostic.ts';
import { authorErrors, validatorMessages } from './errors.ts';
import { sha1 } from './hash.ts';
import { publicLinkProblems, scanPageFiles } from './project-files.ts';
import { checkPageText, readPageFile } from './read-page-file.ts';
import { NOT_FOUND_FILE, routeFromFile } from './routes.ts';
import { ValidationCache } from './validation-cache.ts';
import { CONFIG_FILE, pageAnchors, validateConfig, validatePage, type Page } from './validate-page.ts';
import { YamlSource } from './yaml-source.ts';

export type { Page };

/** What the build needs of a valid page without reading it again: its social card's text and the images it shows. */
interface PageSummary {
  title: string;
  /** The page names its own social image (no card is drawn for it). */
  ownSocialImage: boolean;
  images: Array<{ src: string; slot: ImageSlotName }>;
  /** Its links to other pages (`/route#anchor`), which its HTML depends on the routes and anchors of. */
  links: string[];
}

export interface LoadedPage {
  /** Path relative to the project root, e.g. `pages/solutions/hotels.yaml`. */
  file: string;
  route: string;
  anchors: string[];
  /** A hash of the file's text: with the validator's code, it decides the validated page. */
  hash: string;
  summary: PageSummary;
  /** The validated page; read from the file again on first use when the load did not keep it (`keepPages: false`). */
  readonly page: Page;
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
  /**
   * Keep the results of checking each file in `.cache/validation.json` and reuse them for files whose text did not
   * change (the command line and the build; tests leave it off).
   */
  cache?: boolean;
  /**
   * false: hold no page in memory after it was checked (a build of thousands of pages keeps memory flat); a page's
   * `page` is then read again from its file when asked for. Default true.
   */
  keepPages?: boolean;
}

/** Page files under pages/ (see engine/project-files.ts for the files it leaves out, and why). */
export function listPageFiles(root: string): string[] {
  return scanPageFiles(root).files;
}

/**
 * A page file after phase 1, read and checked on its own, in the form the validation cache keeps: what the other
 * phases need of it, and its problems. `hash` is undefined when the file could not be read as text.
 */
export interface CheckedPage {
  file: string;
  hash: string | undefined;
  claim: RouteClaim;
  problems: FileProblems;
  links: Ref[];
  images: ImageRef[];
  /** Only for a valid page. */
  summary?: PageSummary;
}

/** Phase 1's result in memory: the checked page, with its YAML and validated page when they were read in this run. */
export interface ReadPage extends CheckedPage {
  source?: YamlSource;
  page?: Page;
}

const unreadable = (file: string, route: string | undefined, hash: string | undefined, problems: FileProblems): CheckedPage => ({
  file,
  hash,
  claim: { file, route, readable: false, draft: false, anchors: undefined, aliases: [] },
  problems,
  links: [],
  images: [],
});

const summaryOf = (page: Page, links: readonly Ref[]): PageSummary => ({
  title: page.title,
  ownSocialImage: Boolean(page.socialImage),
  images: page.blocks.flatMap((block) => imagesOfBlock(block).map(({ src, slot }) => ({ src, slot }))),
  links: [...new Set(links.map((link) => link.value).filter((href) => href.startsWith('/')))].sort(),
});

/** Phase 1: every page file read and checked on its own (YAML, schemas, anchors), with the files that are no pages. */
export function readPages(root: string, collector: Collector, options: { cache?: ValidationCache; keepPages?: boolean } = {}): ReadPage[] {
  const scan = scanPageFiles(root);
  for (const problem of [...scan.problems, ...publicLinkProblems(root)]) collector.addToFile(problem.file, problem.error, problem.severity);
  const read: ReadPage[] = [];
  for (const file of scan.files) {
    const route = file === NOT_FOUND_FILE ? undefined : routeFromFile(file);
    if (file !== NOT_FOUND_FILE && !route) {
      collector.addToFile(file, authorErrors.badPagePath(file));
      continue;
    }
    const entry = readPage(root, file, route, collector, undefined, options.cache);
    read.push(options.keepPages === false ? withoutContent(entry) : entry);
  }
  return read;
}

const withoutContent = ({ source: _source, page: _page, ...checked }: ReadPage): CheckedPage => checked;

/**
 * One page file checked on its own (`text`: the page editor's unsaved text instead of the file on disk). With a
 * cache, a file whose text is unchanged is not parsed again: its problems and facts come from the cache.
 */
export function readPage(root: string, file: string, route: string | undefined, collector: Collector, text?: string, cache?: ValidationCache): ReadPage {
  const read = text === undefined ? readPageFile(root, file) : checkPageText(text);
  if ('error' in read) {
    collector.addToFile(file, read.error, 'error', { line: read.line, col: read.col });
    return unreadable(file, route, undefined, { shown: [] });
  }
  const hash = sha1(read.text);
  const cached = cache?.get(file, hash);
  if (cached) {
    collector.absorb(file, cached.problems);
    return cached;
  }
  const own = new Collector();
  const result = validatePage(root, file, own, read.text);
  let entry: ReadPage;
  if (!result) entry = unreadable(file, route, hash, own.problemsOf(file));
  else {
    const { source, page } = result;
    const data = source.data as { draft?: unknown; aliases?: unknown };
    const claim: RouteClaim = { file, route, readable: true, draft: data.draft === true, anchors: pageAnchors(source, own), aliases: Array.isArray(data.aliases) ? data.aliases : [] };
    const { links, images } = findRefs(source.data);
    entry = { file, hash, claim, problems: own.problemsOf(file), links, images: withSlots(source.data, images), ...(page ? { summary: summaryOf(page, links) } : {}), source, page };
  }
  cache?.set(withoutContent(entry));
  collector.absorb(file, entry.problems);
  return entry;
}

/** Where problems found after phase 1 are reported: the file's YAML when it is in memory, else read again when needed. */
function locatorOf(root: string, entry: ReadPage): Locator {
  if (entry.source) return entry.source;
  let source: YamlSource | undefined;
  const load = () => {
    if (!source) {
      const read = readPageFile(root, entry.file);
      source = new YamlSource(entry.file, 'error' in read ? '' : read.text);
    }
    return source;
  };
  return { file: entry.file, positionOf: (at) => load().positionOf(at), keyPosition: (at, key) => load().keyPosition(at, key) };
}

/** Phase 2: routes and aliases claimed, clashes reported on the file's first line or on the alias. */
export function claimPageRoutes(root: string, read: readonly ReadPage[], collector: Collector): ReturnType<typeof claimRoutes> {
  const claimed = claimRoutes(read.map((entry) => entry.claim));
  const entries = new Map(read.map((entry) => [entry.file, entry]));
  for (const problem of claimed.problems) {
    const source = locatorOf(root, entries.get(problem.file)!);
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

/** The links and images of a file's data, as phase 3 checks them. */
export function referencesOf(data: unknown): { links: Ref[]; images: ImageRef[] } {
  const { links, images } = findRefs(data);
  return { links, images: withSlots(data, images) };
}

/** Phase 3 for one file: its internal links (routes, anchors, drafts) and its images. */
export function checkReferences(
  source: Locator,
  refs: { links: readonly Ref[]; images: readonly ImageRef[] },
  route: string | undefined,
  draft: boolean,
  context: ReferenceContext,
  collector: Collector,
): void {
  checkImageRefs(source, refs.images, collector, context.publicFiles, context.readImages ? context.root : undefined);
  checkLinks(source, refs.links, draft, route, context.targets, context.includeDrafts, collector);
}

/**
 * A page of the model. Its validated content is the one read in phase 1 when the load kept it; otherwise it is read
 * from the file again when asked for (and kept from then on only when the load keeps pages), refused if the file
 * changed since it was checked.
 */
class ModelPage implements LoadedPage {
  constructor(
    private readonly root: string,
    readonly file: string,
    readonly route: string,
    readonly anchors: string[],
    readonly hash: string,
    readonly summary: PageSummary,
    private content: Page | undefined,
    private readonly keep: boolean,
  ) {}
  get page(): Page {
    if (this.content) return this.content;
    const page = readValidPage(this.root, this.file, this.hash);
    if (this.keep) this.content = page;
    return page;
  }
}

/** The validated page of `file`, whose text must still have the hash it had when the site was checked. */
function readValidPage(root: string, file: string, hash: string): Page {
  const read = readPageFile(root, file);
  const page = 'text' in read && sha1(read.text) === hash ? validatePage(root, file, new Collector(), read.text)?.page : undefined;
  if (!page) throw new Error(validatorMessages.pageChangedWhileBuilding(file));
  return page;
}

/** Phase 4: the model the renderer uses: valid pages (drafts only when asked for), the 404 page, route → page. */
export function buildModel(
  root: string,
  read: readonly ReadPage[],
  config: SiteConfig | undefined,
  claimed: ReturnType<typeof claimRoutes>,
  options: { includeDrafts: boolean; keepPages: boolean },
  diagnostics: Diagnostic[],
): SiteModel {
  const { includeDrafts, keepPages } = options;
  const routes = new Map<string, LoadedPage>();
  const pages: LoadedPage[] = [];
  let notFound: LoadedPage | undefined;
  const loadedByTarget = new Map<LinkTarget, LoadedPage>();
  for (const entry of read) {
    if (!entry.summary || entry.hash === undefined) continue;
    const target = claimed.ownTargets.get(entry.file);
    if (!entry.claim.route) {
      notFound = new ModelPage(root, entry.file, '/404', entry.claim.anchors ?? [], entry.hash, entry.summary, entry.page, keepPages);
      continue;
    }
    if (entry.claim.draft && !includeDrafts) continue;
    const loaded = new ModelPage(root, entry.file, entry.claim.route, target!.anchors ?? [], entry.hash, entry.summary, entry.page, keepPages);
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
  const cache = options.cache ? ValidationCache.open(root) : undefined;
  const { source: configSource, config } = readConfig(root, collector);
  const read = readPages(root, collector, { cache, keepPages: options.keepPages });
  cache?.save();
  const claimed = claimPageRoutes(root, read, collector);
  const context: ReferenceContext = { root, targets: claimed.targets, publicFiles: publicFileSet(root), includeDrafts, readImages: true };
  for (const entry of read) if (entry.claim.readable) checkReferences(locatorOf(root, entry), entry, entry.claim.route, entry.claim.draft, context, collector);
  if (configSource) checkReferences(configSource, referencesOf(configSource.data), undefined, false, context, collector);
  return buildModel(root, read, config, claimed, { includeDrafts, keepPages: options.keepPages !== false }, collector.diagnostics);
}

function readConfig(root: string, collector: Collector) {
  if (existsSync(path.join(root, CONFIG_FILE))) return validateConfig(root, collector);
  collector.addToFile(CONFIG_FILE, authorErrors.missingConfig());
  return { source: undefined, config: undefined };
}
