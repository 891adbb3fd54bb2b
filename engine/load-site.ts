import { existsSync } from 'node:fs';
import path from 'node:path';
import type { Locales } from '../schema/locales.ts';
import type { SiteConfig } from '../schema/site-config.ts';
import { imagesOfBlock } from '../schema/image-slots.ts';
import {
  publicFileSet,
  checkLinks,
  findLinkValues,
  linkDestination,
  type LinkTarget,
} from './check-references.ts';
import { checkImageRefs, withSlots, type ImageRef } from './check-images.ts';
import {
  checkTranslation,
  errorAtOrAbove,
  reportTranslation,
  type TranslationFinding,
} from './check-translation.ts';
import { claimRoutes, type ClaimProblem, type RouteClaim } from './claim-routes.ts';
import { Collector, type FileProblems, type Locator, type Reporter } from './collector.ts';
import { sortDiagnostics, type Diagnostic } from './diagnostic.ts';
import { authorErrors, translationErrors, validatorMessages, type AuthorError } from './errors.ts';
import { routeIn, siteLocales, translationOf, type SiteLocales } from './locales.ts';
import { sha1 } from './hash.ts';
import { publicLinkProblems, scanPageFiles } from './project-files.ts';
import {
  checkPageText,
  decodePage,
  fileIdentity,
  readPageBytes,
  readPageFile,
} from './read-page-file.ts';
import { NOT_FOUND_FILE, routeFromFile } from './routes.ts';
import {
  helperCount,
  PageCheckers,
  PARALLEL_FROM,
  type JobGroup,
  type PageJob,
} from './page-checkers.ts';
import { ValidationCache } from './validation-cache.ts';
import {
  CONFIG_FILE,
  pageAnchors,
  validateConfig,
  isUntranslatedBlock,
  validatePage,
  type Page,
} from './validate-page.ts';
import { YamlSource } from './yaml-source.ts';
import type { CheckedPage, PageSummary } from './checked-page.ts';
import type { PageKeeper, StoredAt } from './page-store.ts';

export type { Page };

export interface LoadedPage {
  /** Path relative to the project root, e.g. `pages/solutions/hotels.yaml`. */
  file: string;
  route: string;
  anchors: string[];
  /** A hash of the file's text: with the validator's code, it decides the validated page. */
  hash: string;
  summary: PageSummary;
  /** Where the validation kept its validated content (engine/page-store.ts), if it did. */
  stored?: StoredAt;
  /**
   * Its links to other pages (`/route#anchor`), sorted, once each: its HTML depends on the routes
   * and anchors of these.
   */
  readonly links: readonly string[];
  /**
   * The validated page; read from the file again on first use when the load did not keep it
   * (`keepPages: false`).
   */
  readonly page: Page;
}

export interface SiteModel {
  config: SiteConfig | undefined;
  /**
   * Every valid page, drafts included only when asked for. The 404 page is `notFound`, not in
   * `pages`.
   */
  pages: LoadedPage[];
  notFound: LoadedPage | undefined;
  /** Route or alias → page. */
  routes: Map<string, LoadedPage>;
  /**
   * The routes of every page, where `routes` holds only some (a render worker holds the page it
   * renders): a page's language switcher and localised links depend on which translations exist.
   */
  pageRoutes?: ReadonlySet<string>;
  diagnostics: Diagnostic[];
}

export interface LoadOptions {
  root: string;
  /** Drafts are shown by the dev server and left out of production builds. */
  includeDrafts?: boolean;
  /**
   * Keep the results of checking each file in `.cache/validation.json` and reuse them for files
   * whose text did not change (the command line and the build; tests leave it off); or in the
   * cache given (`ValidationCache.inMemory`).
   */
  cache?: boolean | ValidationCache;
  /**
   * With `cache`: keep each page it validates in the page store (engine/page-store.ts), for the
   * build's render workers (the build and `npm run validate`).
   */
  storePages?: boolean;
  /**
   * false: hold no page in memory after it was checked (a build of thousands of pages keeps memory
   * flat); a page's `page` is then read again from its file when asked for. Default true.
   */
  keepPages?: boolean;
  /**
   * engine/page-checker-worker.ts compiled to JavaScript (its path, asked for only when helpers
   * pay): with it and `keepPages: false`, `loadSiteInParallel` checks the files the cache does not
   * know on helper threads too.
   */
  checkerModule?: () => string;
  /**
   * Helper threads the caller started before it loaded the validator (`npm run validate` with no
   * cache file yet), so that they load it at the same time; stopped if there turn out to be too few
   * files to share.
   */
  checkers?: PageCheckers;
  /**
   * Also report what translations leave in the default language where that is allowed: blocks left
   * `untranslated` and buttons to pages without a translation (the status view, `npm run validate
   * -- --translations`). A normal run stays quiet about them: they are states of the translation
   * work, not problems.
   */
  translationStatus?: boolean;
}

/** Page files under pages/ (see engine/project-files.ts for the files it leaves out, and why). */
export function listPageFiles(root: string): string[] {
  return scanPageFiles(root).files;
}

/**
 * Phase 1's result in memory: the checked page, with its YAML and validated page when they were
 * read in this run.
 */
export interface ReadPage extends CheckedPage {
  source?: YamlSource;
  page?: Page;
}

const unreadable = (
  file: string,
  route: string | undefined,
  hash: string | undefined,
  problems: FileProblems,
): CheckedPage => ({
  file,
  hash,
  claim: { file, route, readable: false, draft: false, anchors: undefined, aliases: [] },
  problems,
  links: [],
  images: [],
});

const summaryOf = (page: Page): PageSummary => ({
  title: page.title,
  ownSocialImage: Boolean(page.socialImage),
  images: page.blocks.flatMap((block) =>
    imagesOfBlock(block).map(({ src, slot }) => ({ src, slot })),
  ),
});

const withoutContent = ({ source: _source, page: _page, ...checked }: ReadPage): CheckedPage =>
  checked;
const withoutIdentity = ({ identity: _identity, ...checked }: CheckedPage): CheckedPage => checked;

/**
 * Phase 1 for a group of files (a page and its translations) as data, without their YAML and pages
 * (`keep`: where the pages go): what a helper thread sends back.
 */
export const checkPageGroup = (
  root: string,
  group: JobGroup,
  locales: Locales | undefined,
  keep?: PageKeeper,
): CheckedPage[] => readPageGroup(root, group, locales, undefined, keep).map(withoutContent);

const languagesKeys = new WeakMap<Locales, string>();
/**
 * The languages' config as translation findings depend on it (its every word and flag), once per
 * config read.
 */
function languagesKeyOf(locales: Locales | undefined): string {
  if (!locales) return '';
  let key = languagesKeys.get(locales);
  if (key === undefined) languagesKeys.set(locales, (key = sha1(JSON.stringify(locales))));
  return key;
}

/**
 * Everything a translation's findings are worked out from: its text, its source's file and text, the
 * languages' config (and, through the validation cache's key, the validator's code and schemas).
 */
const translationKey = (
  translationHash: string,
  sourceFile: string,
  sourceHash: string,
  languagesKey: string,
) => sha1(translationHash, sourceFile, sourceHash, languagesKey);

/** A page file's YAML, with the hash of the bytes it was read from. */
interface ParsedFile {
  hash: string;
  source: YamlSource;
}

/** A page file's YAML as it is now (undefined when its bytes cannot be read as text). */
function parseFile(root: string, file: string): ParsedFile | undefined {
  const bytes = readPageBytes(root, file);
  if ('error' in bytes) return undefined;
  const read = decodePage(bytes.bytes);
  return 'error' in read
    ? undefined
    : { hash: sha1(bytes.bytes), source: new YamlSource(file, read.text) };
}

/** A translation checked against its source (engine/check-translation.ts), as the cache keeps it. */
function translationCheck(
  translation: ParsedFile,
  source: ParsedFile,
  locale: NonNullable<ReturnType<typeof translationOf>>['locale'],
  languages: SiteLocales,
  languagesKey: string,
): NonNullable<CheckedPage['translation']> {
  return {
    against: translationKey(translation.hash, source.source.file, source.hash, languagesKey),
    findings: checkTranslation({
      translation: translation.source,
      source: source.source,
      locale,
      defaultLabel: languages.defaultLocale.label,
    }),
  };
}

/**
 * Phase 1 for a page and its translations (`readPage` for each), each translation also checked
 * against its presumed source (`job.source`): the one parsed just before in the group, else read
 * from its file. Phase 2 uses those findings when the source is the page that claimed the route,
 * with that text (`translationKey`).
 */
function readPageGroup(
  root: string,
  group: JobGroup,
  locales: Locales | undefined,
  cache?: ValidationCache,
  keep = cache?.keepPage,
): ReadPage[] {
  const languages = siteLocales(locales);
  const languagesKey = languagesKeyOf(locales);
  const parsed = new Map<string, ParsedFile>();
  return group.map(({ file, route, source: sourceFile }) => {
    const entry = readPage(root, file, route, new Collector(), undefined, cache, keep);
    if (!entry.source || entry.hash === undefined) return entry;
    const own = { hash: entry.hash, source: entry.source };
    parsed.set(file, own);
    const language = route === undefined ? undefined : translationOf(route, languages);
    if (!language || sourceFile === undefined || !entry.claim.readable) return entry;
    const source = parsed.get(sourceFile) ?? parseFile(root, sourceFile);
    if (!source) return entry;
    entry.translation = translationCheck(own, source, language.locale, languages!, languagesKey);
    cache?.set(withoutContent(entry));
    return entry;
  });
}

/**
 * One page file checked on its own (`text`: the page editor's unsaved text instead of the file on
 * disk). With a cache, a file whose text is unchanged is not parsed again: its problems and facts
 * come from the cache. `keep`: where a page it validates is kept (the page store).
 */
export function readPage(
  root: string,
  file: string,
  route: string | undefined,
  collector: Collector,
  text?: string,
  cache?: ValidationCache,
  keep = cache?.keepPage,
): ReadPage {
  const refuse = (read: { error: AuthorError; line: number; col: number }) => {
    const own = new Collector();
    own.addToFile(file, read.error, 'error', { line: read.line, col: read.col });
    const entry = unreadable(file, route, undefined, own.problemsOf(file));
    collector.absorb(file, entry.problems);
    return entry;
  };
  // A file that is still the one the cache read (same inode, size and times) is not read again;
  // otherwise its bytes are hashed before they are decoded (the hash of a text is that of its UTF-8
  // bytes): a file whose text the cache knows is never turned into text.
  const unchanged =
    text === undefined && cache?.has(file)
      ? cache.unchanged(file, fileIdentity(root, file))
      : undefined;
  if (unchanged) {
    collector.absorb(file, unchanged.problems);
    return unchanged;
  }
  const bytes = text === undefined ? readPageBytes(root, file) : undefined;
  if (bytes && 'error' in bytes) return refuse(bytes);
  const hash = sha1(bytes ? bytes.bytes : text!);
  const identity = bytes?.identity;
  const cached = cache?.get(file, hash);
  if (cached) {
    // Same text in a file touched, copied or checked out again: its new identity is remembered.
    if (identity !== cached.identity)
      cache!.set(identity ? { ...cached, identity } : withoutIdentity(cached));
    collector.absorb(file, cached.problems);
    return cached;
  }
  const read = bytes ? decodePage(bytes.bytes) : checkPageText(text!);
  if ('error' in read) return refuse(read);
  const own = new Collector();
  const result = validatePage(root, file, own, read.text);
  let entry: ReadPage;
  if (!result) entry = unreadable(file, route, hash, own.problemsOf(file));
  else {
    const { source, page } = result;
    const data = source.data as { draft?: unknown; aliases?: unknown };
    const claim: RouteClaim = {
      file,
      route,
      readable: true,
      draft: data.draft === true,
      anchors: pageAnchors(source, own),
      aliases: Array.isArray(data.aliases) ? data.aliases : [],
    };
    const { links, images } = findLinkValues(source.data);
    const blocks = (source.data as { blocks?: unknown }).blocks;
    const untranslated =
      Array.isArray(blocks) &&
      blocks.some((block) => block && typeof block === 'object' && isUntranslatedBlock(block));
    const stored = page && keep?.(hash, page);
    entry = {
      file,
      hash,
      claim,
      problems: own.problemsOf(file),
      links,
      images: withSlots(source.data, images),
      ...(untranslated ? { untranslated: true as const } : {}),
      ...(page ? { summary: summaryOf(page) } : {}),
      ...(stored ? { stored } : {}),
      source,
      page,
    };
  }
  if (identity) entry.identity = identity;
  cache?.set(withoutContent(entry));
  collector.absorb(file, entry.problems);
  return entry;
}

/**
 * Where problems found after phase 1 are reported: the file's YAML when it is in memory, else read
 * again when needed.
 */
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
  return {
    file: entry.file,
    get data() {
      return load().data;
    },
    positionOf: (at) => load().positionOf(at),
    keyPosition: (at, key) => load().keyPosition(at, key),
  };
}

/** What phase 3 checks a file's links and images against. */
export interface ReferenceContext {
  root: string;
  targets: Map<string, LinkTarget>;
  publicFiles: () => Set<string>;
  includeDrafts: boolean;
  /**
   * false: only the path and the presence of images are checked, not their headers (the page
   * editor).
   */
  readImages: boolean;
}

/** The links and images of a file's data, as phase 3 checks them. */
export function referencesOf(data: unknown): { links: string[]; images: ImageRef[] } {
  const { links, images } = findLinkValues(data);
  return { links, images: withSlots(data, images) };
}

/** Phase 3 for one file: its internal links (routes, anchors, drafts) and its images. */
export function checkReferences(
  source: Locator,
  refs: { links: readonly string[]; images: readonly ImageRef[] },
  route: string | undefined,
  draft: boolean,
  context: ReferenceContext,
  collector: Reporter,
): void {
  checkImageRefs(
    source,
    refs.images,
    collector,
    context.publicFiles,
    context.readImages ? context.root : undefined,
  );
  checkLinks(source, refs.links, draft, route, context.targets, context.includeDrafts, collector);
}

/**
 * A page of the model. Its validated content is the one read in phase 1 when the load keeps pages
 * (`kept`: phase 1's entry, which holds it once read); otherwise it is read from the file again
 * whenever asked for, refused if the file changed since it was checked, and the model holds nothing
 * of phase 1 (a build of 10,000 pages keeps 2.6 KB a page).
 */
class ModelPage implements LoadedPage {
  constructor(
    private readonly root: string,
    readonly file: string,
    readonly route: string,
    readonly anchors: string[],
    readonly hash: string,
    readonly summary: PageSummary,
    private readonly hrefs: readonly string[],
    private readonly kept: { page?: Page } | undefined,
    readonly stored: StoredAt | undefined,
  ) {}
  private internalLinks: string[] | undefined;
  get links(): readonly string[] {
    return (this.internalLinks ??= [
      ...new Set(this.hrefs.filter((href) => href.startsWith('/'))),
    ].sort());
  }
  get page(): Page {
    if (this.kept?.page) return this.kept.page;
    const page = readValidPage(this.root, this.file, this.hash);
    if (this.kept) this.kept.page = page;
    return page;
  }
}

/**
 * Thrown by `readValidPage`: an author's problem (save the file, build again), not a fault of the
 * build.
 */
export class PageChangedError extends Error {
  override readonly name = 'PageChangedError';
}

/**
 * The validated page of `file`, whose text must still have the hash it had when the site was
 * checked.
 */
export function readValidPage(root: string, file: string, hash: string): Page {
  const read = readPageFile(root, file);
  const page =
    'text' in read && sha1(read.text) === hash
      ? validatePage(root, file, new Collector(), read.text)?.page
      : undefined;
  if (!page) throw new PageChangedError(validatorMessages.pageChangedWhileBuilding(file));
  return page;
}

/**
 * Phase 4: the model the renderer uses: valid pages (drafts only when asked for), the 404 page,
 * route → page.
 */
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
      notFound = new ModelPage(
        root,
        entry.file,
        '/404',
        entry.claim.anchors ?? [],
        entry.hash,
        entry.summary,
        entry.links,
        keepPages ? entry : undefined,
        entry.stored,
      );
      continue;
    }
    if (entry.claim.draft && !includeDrafts) continue;
    const loaded = new ModelPage(
      root,
      entry.file,
      entry.claim.route,
      target!.anchors ?? [],
      entry.hash,
      entry.summary,
      entry.links,
      keepPages ? entry : undefined,
      entry.stored,
    );
    loadedByTarget.set(target!, loaded);
    pages.push(loaded);
  }
  for (const [route, target] of claimed.targets) {
    const loaded = loadedByTarget.get(target);
    if (loaded) routes.set(route, loaded);
  }
  return { config, pages, notFound, routes, diagnostics: sortDiagnostics(diagnostics) };
}

/**
 * A page file with the route it claims (none for the 404 page), or undefined for a file whose path
 * is no route.
 */
function jobOf(file: string): PageJob | undefined {
  if (file === NOT_FOUND_FILE) return { file, route: undefined };
  const route = routeFromFile(file);
  return route ? { file, route } : undefined;
}

/**
 * The files to check in groups: a page, then the translations of it that are to be checked too
 * (checked against it as just parsed). A translation whose source is not to be checked (the cache
 * knows it) is a group of its own and reads its source from the file. The source of a translation
 * is presumed here from the files' routes; phase 2 uses its findings only if that file turns out to
 * be the page of the route, with that text.
 */
function groupTranslations(
  jobs: readonly PageJob[],
  files: readonly string[],
  languages: SiteLocales | undefined,
): JobGroup[] {
  if (!languages) return jobs.map((job) => [job]);
  const languageOfJob = (job: PageJob) =>
    job.route === undefined ? undefined : translationOf(job.route, languages);
  const pageOfRoute = new Map<string, string>();
  for (const file of files) {
    const job = jobOf(file);
    if (job?.route !== undefined && !languageOfJob(job) && !pageOfRoute.has(job.route))
      pageOfRoute.set(job.route, file);
  }
  const toCheck = new Set(jobs.map((job) => job.file));
  const groups = new Map<string, PageJob[]>();
  for (const job of jobs) {
    const language = languageOfJob(job);
    const source = language && pageOfRoute.get(language.sourceRoute);
    const key = source !== undefined && toCheck.has(source) ? source : job.file;
    let group = groups.get(key);
    if (!group) groups.set(key, (group = []));
    if (language) group.push(source === undefined ? job : { ...job, source });
    else group.unshift(job);
  }
  return [...groups.values()];
}

/** How many page files `loadInSlices` reads at a time: about 5 ms from the cache. */
const FILES_PER_SLICE = 256;

/** How many files the main thread checks between two looks at what the helper threads sent. */
const TAKE_IN_EVERY = 64;

/** Reads site.config.yaml and every page, and reports every problem found, in one pass. */
export function loadSite(options: LoadOptions): SiteModel {
  return new SiteLoader(options).load();
}

/**
 * `loadSite`, with the files to check shared with helper threads when there are enough
 * (`checkerModule`).
 */
export function loadSiteInParallel(options: LoadOptions): Promise<SiteModel> {
  return new SiteLoader(options).loadInParallel();
}

/**
 * site.config.yaml after it was read: its problems, and its YAML and config when it could be read.
 */
interface ReadConfig {
  problems: FileProblems;
  source: YamlSource | undefined;
  config: SiteConfig | undefined;
}

/**
 * The site, loaded once and then kept up to date file by file (the dev server): after a change only
 * the changed files are read again; routes, links and the model are worked out again from what is
 * in memory, which is the same as loading everything again (engine/load-site.test.ts compares
 * them).
 */
export class SiteLoader {
  private cache: ValidationCache | undefined;
  private config: ReadConfig = { problems: { shown: [] }, source: undefined, config: undefined };
  private scan: ReturnType<typeof scanPageFiles> = { files: [], problems: [] };
  private publicProblems: ReturnType<typeof publicLinkProblems> = [];
  private publicFiles: () => Set<string> = () => new Set();
  /**
   * Phase 1's result by page file (without the YAML source, which is read again only to place a
   * problem).
   */
  private readonly entries = new Map<string, ReadPage>();
  /** Page files a load has not read yet (`loadInSlices`). */
  private unread: string[] = [];

  constructor(private readonly options: LoadOptions) {}

  /**
   * Reads everything (with the validation cache, only the files whose text changed are checked
   * again).
   */
  load(): SiteModel {
    this.begin();
    this.unread = [...this.scan.files];
    const model = this.finishLoad();
    this.saveCache();
    return model;
  }

  /**
   * `load` in slices, other work running between them (the dev server loading its renderer for the
   * first request): `finishLoad` gives the model, at once whenever it is called (the files not read
   * yet are then read without a break).
   */
  async loadInSlices(): Promise<void> {
    this.begin();
    this.unread = [...this.scan.files];
    while (this.unread.length) {
      for (const file of this.unread.splice(-FILES_PER_SLICE)) this.readFile(file);
      await new Promise(setImmediate);
    }
  }

  /**
   * The model once every file is read: those `loadInSlices` has not read yet are read now
   * (`saveCache` writes the cache).
   */
  finishLoad(): SiteModel {
    for (const file of this.unread.splice(0)) this.readFile(file);
    return this.assemble();
  }

  /**
   * `load`, with phase 1 shared with helper threads (engine/page-checkers.ts) when at least
   * PARALLEL_FROM files are unknown to the cache: the main thread checks the files the cache knows
   * (most of them unchanged), then claims unknown ones in turn with the helpers. Same result as
   * `load` (tests/validator/page-checkers.test.ts compares them). `saveCache: false`: the caller
   * writes the validation cache when it suits it (`npm run validate`, after its report).
   */
  async loadInParallel({ saveCache = true } = {}): Promise<SiteModel> {
    const { root, checkerModule, keepPages } = this.options;
    const helpers = checkerModule && keepPages === false ? helperCount() : 0;
    let checkers = this.options.checkers;
    this.begin(() => {
      // An empty cache (a first check, or the validator's code changed): every file will be
      // checked, so the helpers start now and load the validator while the files are listed.
      if (helpers && this.cache?.isEmpty())
        checkers ??= new PageCheckers(
          checkerModule!(),
          root,
          helpers,
          this.cache?.keepPage !== undefined,
        );
    });
    const jobs: PageJob[] = [];
    for (const file of this.scan.files) {
      const job = jobOf(file);
      if (job && !this.cache?.has(file)) jobs.push(job);
      else this.readFile(file);
    }
    const locales = this.config.config?.locales;
    const groups = groupTranslations(jobs, this.scan.files, siteLocales(locales));
    if (!helpers || jobs.length < PARALLEL_FROM) {
      checkers?.cancel();
      for (const group of groups) this.readGroup(group);
    } else {
      checkers ??= new PageCheckers(
        checkerModule!(),
        root,
        helpers,
        this.cache?.keepPage !== undefined,
      );
      checkers.share(groups, locales);
      const mine = new Set<number>();
      for (let index = checkers.claim(); index !== undefined; index = checkers.claim()) {
        mine.add(index);
        this.readGroup(groups[index]!);
        // Now and then the helpers' results are taken in as they come: left to the end, taking them
        // in would be the main thread's alone to do while the helpers have nothing left to claim.
        if (mine.size % TAKE_IN_EVERY === 0) await new Promise(setImmediate);
      }
      const fromHelpers = await checkers.rest(mine, (index) =>
        checkPageGroup(root, groups[index]!, locales, this.cache?.keepPage),
      );
      for (const entries of fromHelpers.values())
        for (const entry of entries) {
          this.cache?.set(entry);
          this.keep(entry);
        }
    }
    const model = this.assemble();
    if (saveCache) this.saveCache();
    return model;
  }

  /**
   * Writes the validation cache (`loadInParallel` with `saveCache: false` and `finishLoad` leave it
   * to the caller).
   */
  saveCache(): void {
    this.cache?.save();
  }

  /**
   * Reads what phase 1 needs besides the pages; `cacheOpened` runs once the validation cache is
   * read.
   */
  private begin(cacheOpened?: () => void) {
    const { root } = this.options;
    const { cache } = this.options;
    this.cache =
      cache instanceof ValidationCache
        ? cache
        : cache
          ? ValidationCache.open(root, { storePages: this.options.storePages === true })
          : undefined;
    cacheOpened?.();
    this.config = this.readConfig();
    this.scanFiles();
    this.publicProblems = publicLinkProblems(root);
    this.publicFiles = publicFileSet(root);
    this.entries.clear();
  }

  /**
   * Takes changed files into account (relative to the root: `pages/…/x.yaml`, `site.config.yaml`,
   * `public/…`; a page added or deleted too). Any other path loads everything again.
   */
  update(changed: Iterable<string>): SiteModel {
    const { root } = this.options;
    const pages = new Set<string>();
    for (const file of changed) {
      if (file === CONFIG_FILE) this.config = this.readConfig();
      else if (file === 'public' || file.startsWith('public/')) {
        this.publicProblems = publicLinkProblems(root);
        this.publicFiles = publicFileSet(root);
      } else if (file.startsWith('pages/') && /\.ya?ml$/i.test(file)) pages.add(file);
      else return this.load();
    }
    // A file added or deleted changes the list of pages; an edit does not.
    if ([...pages].some((file) => this.entries.has(file) !== existsSync(path.join(root, file))))
      this.scanFiles();
    const listed = new Set(this.scan.files);
    for (const file of pages) {
      if (listed.has(file)) this.readFile(file);
      else this.entries.delete(file);
    }
    for (const file of this.entries.keys()) if (!listed.has(file)) this.entries.delete(file);
    return this.assemble();
  }

  private scanFiles() {
    this.scan = scanPageFiles(this.options.root);
  }

  private readConfig(): ReadConfig {
    const { root } = this.options;
    const own = new Collector();
    if (!existsSync(path.join(root, CONFIG_FILE))) {
      own.addToFile(CONFIG_FILE, authorErrors.missingConfig());
      return { problems: own.problemsOf(CONFIG_FILE), source: undefined, config: undefined };
    }
    const { source, config } = validateConfig(root, own);
    return { problems: own.problemsOf(CONFIG_FILE), source, config };
  }

  private readFile(file: string) {
    const job = jobOf(file);
    if (job) this.readJob(job);
    else this.entries.delete(file);
  }

  private readJob({ file, route }: PageJob) {
    this.keep(readPage(this.options.root, file, route, new Collector(), undefined, this.cache));
  }

  private readGroup(group: JobGroup) {
    const { root } = this.options;
    for (const entry of readPageGroup(root, group, this.config.config?.locales, this.cache))
      this.keep(entry);
  }

  /** Phase 1's result for a file, kept with its page only when the load keeps pages. */
  private keep(entry: ReadPage) {
    this.entries.set(
      entry.file,
      this.options.keepPages === false
        ? withoutContent(entry)
        : { ...withoutContent(entry), ...(entry.page ? { page: entry.page } : {}) },
    );
  }

  /**
   * Phases 2 to 4 over what is in memory. A file's links and images are checked again only when the
   * file changed, or the routes it links to changed (route, draft state, anchors), or public/
   * changed, or, for a file with a broken link, the list of routes its suggestion is taken from;
   * otherwise its problems from the last time are reused.
   */
  private assemble(): SiteModel {
    const { root, includeDrafts = false } = this.options;
    const collector = new Collector();
    collector.absorb(CONFIG_FILE, this.config.problems);
    for (const problem of [...this.scan.problems, ...this.publicProblems])
      collector.addToFile(problem.file, problem.error, problem.severity);
    const read: ReadPage[] = [];
    for (const file of this.scan.files) {
      const entry = this.entries.get(file);
      if (entry) read.push(entry);
    }
    const claimed = claimRoutes(read.map((entry) => entry.claim));
    const claimProblems = new Map<string, ClaimProblem[]>();
    for (const problem of claimed.problems)
      claimProblems.set(problem.file, [...(claimProblems.get(problem.file) ?? []), problem]);
    const targets = targetSignatures(claimed.targets);
    const changes =
      this.last && this.last.publicFiles === this.publicFiles
        ? changedRoutes(this.last.targets, targets)
        : undefined;
    const context: ReferenceContext = {
      root,
      targets: claimed.targets,
      publicFiles: this.publicFiles,
      includeDrafts,
      readImages: true,
    };
    const locales = siteLocales(this.config.config?.locales);
    const status = this.options.translationStatus === true;
    const configRead = this.config.config !== undefined;
    const localesKey = locales
      ? `${status ? 'status' : ''}${JSON.stringify(this.config.config!.locales)}`
      : configRead
        ? ''
        : 'no config';
    const languagesKey = languagesKeyOf(this.config.config?.locales);
    const parsed = new Map<string, ParsedFile | undefined>();
    const checked = new Map<string, CheckedFile>();
    for (const file of this.scan.files) {
      const entry = this.entries.get(file);
      if (!entry) {
        collector.addToFile(file, authorErrors.badPagePath(file));
        continue;
      }
      const claims = claimProblems.get(file) ?? [];
      const claimKey = claims.length ? JSON.stringify(claims) : '';
      const language = languageOf(entry, locales, claimed.targets, this.entries);
      const languageKey = language ? `${language.source?.hash}\u0000${localesKey}` : localesKey;
      const last = this.last?.checked.get(file);
      const reusable =
        last &&
        changes &&
        last.entry === entry &&
        last.claimKey === claimKey &&
        last.languageKey === languageKey &&
        !(language && changes.routes.size) &&
        !linkPathsOf(entry).some((route) => changes.routes.has(route)) &&
        !(changes.routeList && last.brokenLink);
      const problems = reusable
        ? last.problems
        : checkFile(
            root,
            entry,
            claims,
            context,
            language && {
              ...language,
              locales: locales!,
              status,
              findings: language.source
                ? this.translationFindings(entry, language.source, language.locale, {
                    locales: locales!,
                    languagesKey,
                    parsed,
                  })
                : [],
            },
            configRead,
          );
      checked.set(file, {
        entry,
        claimKey,
        languageKey,
        problems,
        brokenLink: problems.shown.some((d) => d.code === BROKEN_LINK),
      });
      collector.absorb(file, problems);
    }
    this.last = { targets, publicFiles: this.publicFiles, checked };
    const { source: configSource, config } = this.config;
    if (configSource)
      checkReferences(
        configSource,
        referencesOf(configSource.data),
        undefined,
        false,
        context,
        collector,
      );
    return buildModel(
      root,
      read,
      config,
      claimed,
      { includeDrafts, keepPages: this.options.keepPages !== false },
      collector.diagnostics,
    );
  }

  /**
   * A translation's findings against its source page: those phase 1 or the validation cache kept
   * while everything they were worked out from is the same (`translationKey`), else worked out now
   * and kept. `parsed`: files this assemble() read, so a source is parsed once for all its
   * translations.
   */
  private translationFindings(
    entry: ReadPage,
    source: ReadPage,
    locale: Language['locale'],
    {
      locales,
      languagesKey,
      parsed,
    }: { locales: SiteLocales; languagesKey: string; parsed: Map<string, ParsedFile | undefined> },
  ): TranslationFinding[] {
    // A file that could not be read as text (not UTF-8: its own problem says so) has no data to
    // compare.
    if (entry.hash === undefined || source.hash === undefined) return [];
    const against = translationKey(entry.hash, source.file, source.hash, languagesKey);
    if (entry.translation?.against === against) return entry.translation.findings;
    const read = (file: string) => {
      if (!parsed.has(file)) parsed.set(file, parseFile(this.options.root, file));
      return parsed.get(file);
    };
    const [translationFile, sourceFile] = [read(entry.file), read(source.file)];
    // A file that can no longer be read as text has no data to compare.
    if (!translationFile || !sourceFile) return [];
    const check = translationCheck(translationFile, sourceFile, locale, locales, languagesKey);
    // Kept only when worked out from the texts phase 1 checked (a file may change meanwhile).
    if (check.against === against) {
      entry.translation = check;
      this.cache?.set(withoutContent(entry));
    }
    return check.findings;
  }

  /** What the last assemble() found, to reuse what did not change. */
  private last:
    | {
        targets: Map<string, TargetSignature>;
        publicFiles: () => Set<string>;
        checked: Map<string, CheckedFile>;
      }
    | undefined;
}

/** A page file's problems of every phase, with what decides whether they still hold. */
interface CheckedFile {
  entry: ReadPage;
  claimKey: string;
  /** What its translation checks depend on: its source's text and the languages of the config. */
  languageKey: string;
  problems: FileProblems;
  brokenLink: boolean;
}

const BROKEN_LINK = authorErrors.brokenLink('/', undefined).code;

/** A translation's language and its source page (undefined when no page has the source's route). */
interface Language {
  locale: NonNullable<ReturnType<typeof translationOf>>['locale'];
  sourceRoute: string;
  source: ReadPage | undefined;
}

/** A translation as phase 2 checks it: with its findings against its source. */
interface LanguageCheck extends Language {
  locales: SiteLocales;
  status: boolean;
  findings: readonly TranslationFinding[];
}

function languageOf(
  entry: ReadPage,
  locales: SiteLocales | undefined,
  targets: ReadonlyMap<string, LinkTarget>,
  entries: ReadonlyMap<string, ReadPage>,
): Language | undefined {
  const route = entry.claim.route;
  const translation = route === undefined ? undefined : translationOf(route, locales);
  if (!translation) return undefined;
  const target = targets.get(translation.sourceRoute);
  const source =
    target && target.route === translation.sourceRoute ? entries.get(target.file) : undefined;
  return { ...translation, source: source?.claim.readable ? source : undefined };
}

/**
 * Phases 2 and 3 for one file: its claims refused, then its links and images, after its own
 * problems.
 */
function checkFile(
  root: string,
  entry: ReadPage,
  claims: readonly ClaimProblem[],
  context: ReferenceContext,
  language: LanguageCheck | undefined,
  configRead: boolean,
): FileProblems {
  // Most files have nothing more to report: their phase 1 problems serve as they are, and no
  // collector is made.
  let own: Collector | undefined;
  const reporter: Reporter = {
    add(...problem) {
      if (!own) {
        own = new Collector();
        own.absorb(entry.file, entry.problems);
      }
      own.add(...problem);
    },
  };
  const source = locatorOf(root, entry);
  for (const problem of claims)
    reporter.add(
      source,
      problem.error,
      problem.alias === undefined
        ? { line: 1, col: 1 }
        : source.positionOf(['aliases', problem.alias]),
    );
  if (entry.claim.readable) {
    checkReferences(source, entry, entry.claim.route, entry.claim.draft, context, reporter);
    checkLanguage(root, entry, source, language, context, reporter, configRead);
  }
  return own ? own.problemsOf(entry.file) : entry.problems;
}

/**
 * A translation against its source (engine/check-translation.ts); on any other page, blocks left
 * untranslated are refused. Only pages that could contain `untranslated` are read for it: the text
 * is searched before the YAML.
 */
function checkLanguage(
  root: string,
  entry: ReadPage,
  source: Locator,
  language: LanguageCheck | undefined,
  context: ReferenceContext,
  reporter: Reporter,
  configRead: boolean,
) {
  if (!language) {
    // Without a readable config the site's languages are unknown: a translation's blocks are not
    // judged.
    if (!entry.untranslated || !configRead) return;
    const blocks = (source.data as { blocks?: unknown }).blocks;
    if (Array.isArray(blocks))
      blocks.forEach((block, index) => {
        if (block && typeof block === 'object' && isUntranslatedBlock(block))
          reporter.add(
            source,
            translationErrors.untranslatedOutsideTranslation(index),
            source.positionOf(['blocks', index, 'untranslated']),
          );
      });
    return;
  }
  const { locale, locales, sourceRoute } = language;
  if (!language.source) {
    reporter.add(source, translationErrors.noSource(entry.file, sourceRoute, locale.label), {
      line: 1,
      col: 1,
    });
    return;
  }
  // The source's links too, as phase 3 checks them: a translation is not told to copy a link its
  // source gets wrong (a page that does not exist, a draft).
  const original = language.source;
  const sourceLinks = new Collector();
  checkLinks(
    locatorOf(root, original),
    original.links,
    original.claim.draft,
    original.claim.route,
    context.targets,
    context.includeDrafts,
    sourceLinks,
  );
  reportTranslation(
    language.findings,
    source,
    {
      locale,
      translated: (route) => context.targets.has(routeIn(route, locale.code, locales)),
      exists: (route) => context.targets.has(route),
      status: language.status,
      sourceErrorAt: errorAtOrAbove([...original.problems.shown, ...sourceLinks.diagnostics]),
    },
    reporter,
  );
}

/** What a link to a route depends on: its page, draft state and anchors. */
interface TargetSignature {
  draft: boolean;
  text: string;
}

function targetSignatures(targets: ReadonlyMap<string, LinkTarget>): Map<string, TargetSignature> {
  const signatures = new Map<string, TargetSignature>();
  for (const [route, target] of targets)
    signatures.set(route, {
      draft: target.draft,
      text: `${target.file}\u0000${target.draft}\u0000${target.anchors?.join(',') ?? '?'}`,
    });
  return signatures;
}

/**
 * The routes whose target changed, and whether the list of routes links are suggested from changed.
 */
function changedRoutes(
  before: ReadonlyMap<string, TargetSignature>,
  after: ReadonlyMap<string, TargetSignature>,
): { routes: Set<string>; routeList: boolean } {
  const routes = new Set<string>();
  let routeList = false;
  for (const [route, signature] of after) {
    const old = before.get(route);
    if (old?.text === signature.text) continue;
    routes.add(route);
    if (old?.draft !== signature.draft) routeList = true;
  }
  for (const route of before.keys()) {
    if (after.has(route)) continue;
    routes.add(route);
    routeList = true;
  }
  return { routes, routeList };
}

const linkPaths = new WeakMap<ReadPage, string[]>();
/** The routes a page file's links point at (its own route for `#anchor` links). */
function linkPathsOf(entry: ReadPage): string[] {
  let paths = linkPaths.get(entry);
  if (!paths)
    linkPaths.set(
      entry,
      (paths = [
        ...new Set(
          entry.links.flatMap((link) => linkDestination(link, entry.claim.route)?.path ?? []),
        ),
      ]),
    );
  return paths;
}
