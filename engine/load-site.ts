import { existsSync, readdirSync } from 'node:fs';
import path from 'node:path';
import { z } from 'zod';
import { blockSchemas, blockTypes, isBlockType, type Block } from '../blocks/schemas.ts';
import { pageShellSchema, type PageShell } from '../blocks/page-schema.ts';
import { siteConfigSchema, type SiteConfig } from '../schema/site-config.ts';
import { sortDiagnostics, type Diagnostic } from './diagnostic.ts';
import { didYouMean } from './did-you-mean.ts';
import { checkImageRefs } from './check-images.ts';
import { authorErrors, inputErrors, type AuthorError } from './errors.ts';
import { publicLinkProblems, scanPageFiles, type FileProblem } from './project-files.ts';
import { checkPageText, readPageFile } from './read-page-file.ts';
import { NOT_FOUND_FILE, routeFromFile, splitLink } from './routes.ts';
import { describeValue, translateIssues, type LocatedError } from './zod-issues.ts';
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

/**
 * The page's own fields, with `blocks` only checked to be a non-empty list: each block is then checked on its own,
 * against its own schema, without copying every block once more through a generic schema.
 */
const shellSchema = pageShellSchema.extend({ blocks: z.array(z.unknown()).min(1).meta({ description: 'The sections of the page, top to bottom.' }) });

/** Anchors every page has from the layout: the skip link target and the Back to Top target. */
export const LAYOUT_ANCHORS = ['main', 'top'];
const CONFIG_FILE = 'site.config.yaml';

/** Page files under pages/ (see engine/project-files.ts for the files it leaves out, and why). */
export function listPageFiles(root: string): string[] {
  return scanPageFiles(root).files;
}

/** Problems listed per file; the rest are counted in one line, so 20,000 broken blocks give a short, fast report. */
export const MAX_PROBLEMS_PER_FILE = 100;

export class Collector {
  private readonly shown: Diagnostic[] = [];
  private readonly perFile = new Map<string, number>();
  private readonly overflow = new Map<string, { hidden: number; errors: number; at: { line: number; col: number } }>();
  /** The problems found, at most MAX_PROBLEMS_PER_FILE per file, plus one line per file counting those left out. */
  get diagnostics(): Diagnostic[] {
    const counted = [...this.overflow].map(([file, { hidden, errors, at }]): Diagnostic => {
      const error = inputErrors.moreProblems(hidden, MAX_PROBLEMS_PER_FILE);
      return { file, ...at, severity: errors ? 'error' : 'warning', code: error.code, message: error.message, hint: error.hint };
    });
    return counted.length ? [...this.shown, ...counted] : this.shown;
  }
  add(source: YamlSource, error: AuthorError, at: { line: number; col: number }, severity: Diagnostic['severity'] = 'error', fieldPath?: YamlPath) {
    if (this.isFull(source.file)) return this.hide(source.file, severity, () => at);
    this.perFile.set(source.file, (this.perFile.get(source.file) ?? 0) + 1);
    this.shown.push({ file: source.file, ...at, severity, code: error.code, message: error.message, hint: error.hint, ...(fieldPath ? { path: [...fieldPath] } : {}) });
  }
  addLocated(source: YamlSource, errors: LocatedError[]) {
    for (const error of errors) {
      const at = () => (error.key !== undefined ? source.keyPosition(error.path, error.key) : source.positionOf(error.path));
      if (this.isFull(source.file)) this.hide(source.file, 'error', at);
      else this.add(source, error, at(), 'error', error.key !== undefined ? [...error.path, error.key] : error.path);
    }
  }
  private isFull(file: string): boolean {
    return (this.perFile.get(file) ?? 0) >= MAX_PROBLEMS_PER_FILE;
  }
  /** Counts a problem left out; only the first one's position is looked up (positions are the costly part). */
  private hide(file: string, severity: Diagnostic['severity'], at: () => { line: number; col: number }) {
    const entry = this.overflow.get(file) ?? { hidden: 0, errors: 0, at: at() };
    entry.hidden++;
    if (severity === 'error') entry.errors++;
    this.overflow.set(file, entry);
  }
}

/** Reports a problem with a file as a whole (a link out of the project, a file the loader skips) at its line 1. */
function addFileProblem(collector: Collector, problem: FileProblem) {
  collector.add(new YamlSource(problem.file, ''), problem.error, { line: 1, col: 1 }, problem.severity);
}

export function readSource(root: string, file: string, collector: Collector, text?: string): YamlSource | undefined {
  const read = text === undefined ? readPageFile(root, file) : checkPageText(text);
  if ('error' in read) {
    collector.add(new YamlSource(file, ''), read.error, { line: read.line, col: read.col });
    return undefined;
  }
  const source = new YamlSource(file, read.text);
  if (source.hasSyntaxErrors) {
    // After the first syntax error the parser is lost and what follows is mostly noise: report that one, plus every
    // duplicate key (those never confuse the parser).
    source.syntaxErrors
      .filter((error, index) => index === 0 || error.code === 'DUPLICATE_KEY')
      .forEach((error) => {
        const author = error.code === 'DUPLICATE_KEY' && error.key ? authorErrors.duplicateKey(error.key) : authorErrors.yamlSyntax(error.code, error.message);
        collector.add(source, author, { line: error.line, col: error.col });
      });
    return undefined;
  }
  if (source.refusals.length) {
    for (const refusal of source.refusals) collector.add(source, refusal.error, source.position(refusal.offset));
    return undefined;
  }
  const data = source.data;
  if (data === null || typeof data !== 'object' || Array.isArray(data)) {
    collector.add(source, authorErrors.notAMapping(data === null || data === undefined ? 'empty' : Array.isArray(data) ? 'a list' : 'plain text'), { line: 1, col: 1 });
    return undefined;
  }
  return source;
}

export function parseWith<S extends z.ZodType>(
  schema: S,
  source: YamlSource,
  value: unknown,
  prefix: YamlPath,
  collector: Collector,
  rootName?: string,
): z.infer<S> | undefined {
  const result = schema.safeParse(value);
  if (result.success) return result.data;
  collector.addLocated(source, translateIssues(result.error.issues, schema, source.data, prefix, rootName));
  return undefined;
}

function validateBlock(source: YamlSource, raw: unknown, index: number, collector: Collector): Block | undefined {
  const at: YamlPath = ['blocks', index];
  if (raw === null || typeof raw !== 'object' || Array.isArray(raw)) {
    const typeGuess = typeof raw === 'string' ? didYouMean(raw, blockTypes) : undefined;
    collector.add(source, authorErrors.blockNotAMapping(index, describeValue(raw), typeGuess), source.positionOf(at));
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

/**
 * Checks one page file (its text from disk, or `text` when given: the page editor's unsaved text). The page is
 * returned only when valid; the source whenever the YAML could be read.
 */
export function validatePage(root: string, file: string, collector: Collector, text?: string): { source: YamlSource; page: Page | undefined } | undefined {
  const source = readSource(root, file, collector, text);
  if (!source) return undefined;
  const data = source.data as Record<string, unknown>;
  const shell = parseWith(shellSchema, source, data, [], collector);
  const rawBlocks = data.blocks;
  const blocks = Array.isArray(rawBlocks) ? rawBlocks.map((raw, index) => validateBlock(source, raw, index, collector)) : [];
  // Length warnings do not need the rest of the page to be valid.
  if (typeof data.title === 'string' && data.title.trim().length > 60) collector.add(source, authorErrors.titleTooLong(data.title.trim().length), source.positionOf(['title']), 'warning');
  if (typeof data.description === 'string' && data.description.trim().length > 160) collector.add(source, authorErrors.descriptionTooLong(data.description.trim().length), source.positionOf(['description']), 'warning');
  if (!shell || blocks.some((block) => !block)) return { source, page: undefined };
  return { source, page: { ...shell, blocks: blocks as Block[] } };
}

const IMAGE_FIELDS = new Set(['src', 'socialImage', 'defaultSocialImage']);

/** A link or image path found in a file, with where it is. */
interface Ref {
  value: string;
  path: YamlPath;
}

/**
 * Every `href` and image path in a parsed file, in one walk. The path array is shared while walking and copied only
 * for the values found: with a thousand pages, allocating a path per node costs more than the checks.
 */
export function findRefs(data: unknown): { links: Ref[]; images: Ref[] } {
  const links: Ref[] = [];
  const images: Ref[] = [];
  const at: Array<string | number> = [];
  const walk = (value: unknown) => {
    if (Array.isArray(value)) {
      for (let i = 0; i < value.length; i++) {
        const item = value[i];
        if (item !== null && typeof item === 'object') {
          at.push(i);
          walk(item);
          at.pop();
        }
      }
    } else if (value !== null && typeof value === 'object') {
      for (const key in value) {
        const child = (value as Record<string, unknown>)[key];
        if (typeof child === 'string') {
          if (key === 'href') links.push({ value: child, path: [...at, key] });
          else if (IMAGE_FIELDS.has(key)) images.push({ value: child, path: [...at, key] });
        } else if (child !== null && typeof child === 'object') {
          at.push(key);
          walk(child);
          at.pop();
        }
      }
    }
  };
  walk(data);
  return { links, images };
}

/** Image checks live in check-images.ts; without `root` only the path and the file's presence are checked. */
export function checkImages(source: YamlSource, images: Ref[], collector: Collector, publicFiles: () => Set<string>, root?: string) {
  checkImageRefs(source, images, collector, publicFiles, root);
}

/** What a link can land on: every page whose YAML could be read, valid or not, drafts included. */
export interface LinkTarget {
  file: string;
  route: string;
  draft: boolean;
  /** undefined when the page's blocks could not be read, so its anchors are unknown. */
  anchors: string[] | undefined;
}

export function checkLinks(source: YamlSource, links: Ref[], fromDraft: boolean, ownRoute: string | undefined, targets: Map<string, LinkTarget>, includeDrafts: boolean, collector: Collector) {
  let allRoutes: string[] | undefined;
  for (const { value, path: at } of links) {
    if (!(value.startsWith('/') || value.startsWith('#'))) continue;
    if (value.startsWith('#') && ownRoute === undefined) continue;
    const { path: linkPath, hash } = value.startsWith('#') ? { path: ownRoute!, hash: value.slice(1) || undefined } : splitLink(value);
    const target = targets.get(linkPath);
    if (!target) {
      allRoutes ??= [...targets.keys()].filter((route) => includeDrafts || !targets.get(route)!.draft);
      collector.add(source, authorErrors.brokenLink(value, didYouMean(linkPath, allRoutes)), source.positionOf(at));
      continue;
    }
    if (target.draft && !includeDrafts && !fromDraft) {
      collector.add(source, authorErrors.linkToDraft(value), source.positionOf(at));
      continue;
    }
    if (hash && target.anchors && !target.anchors.includes(hash)) {
      const anchors = target.anchors.filter((name) => !LAYOUT_ANCHORS.includes(name));
      collector.add(source, authorErrors.brokenAnchor(value, hash, target.route, didYouMean(hash, anchors), anchors), source.positionOf(at));
    }
  }
}

/** The page's anchor ids, read from the raw blocks so that a page with other errors still gets them checked. */
export function pageAnchors(source: YamlSource, collector: Collector): string[] | undefined {
  const blocks = (source.data as { blocks?: unknown }).blocks;
  if (!Array.isArray(blocks)) return undefined;
  // Positions are looked up only for problems: building them costs more than the whole check.
  const seen = new Map<string, number>();
  blocks.forEach((block, index) => {
    const id = (block as { id?: unknown } | null)?.id;
    if (typeof id !== 'string') return;
    const at = () => source.positionOf(['blocks', index, 'id']);
    if (LAYOUT_ANCHORS.includes(id)) collector.add(source, authorErrors.reservedAnchor(id), at());
    else if (seen.has(id)) collector.add(source, authorErrors.duplicateAnchor(id, source.positionOf(['blocks', seen.get(id)!, 'id']).line), at());
    else seen.set(id, index);
  });
  return [...LAYOUT_ANCHORS, ...seen.keys()];
}

/** Reads site.config.yaml and every page, and reports every problem found, in one pass. */
export function loadSite(options: LoadOptions): SiteModel {
  const { root, includeDrafts = false } = options;
  const collector = new Collector();
  let publicCache: Set<string> | undefined;
  const publicFiles = () =>
    (publicCache ??= new Set(
      existsSync(path.join(root, 'public'))
        ? (readdirSync(path.join(root, 'public'), { recursive: true, withFileTypes: true }) as import('node:fs').Dirent[])
            .filter((entry) => entry.isFile())
            .map((entry) => '/' + path.relative(path.join(root, 'public'), path.join(entry.parentPath, entry.name)).split(path.sep).join('/'))
        : [],
    ));

  const configExists = existsSync(path.join(root, CONFIG_FILE));
  if (!configExists) collector.add(new YamlSource(CONFIG_FILE, ''), authorErrors.missingConfig(), { line: 1, col: 1 });
  const configSource = configExists ? readSource(root, CONFIG_FILE, collector) : undefined;
  const config = configSource ? parseWith(siteConfigSchema, configSource, configSource.data, [], collector, 'the site configuration') : undefined;

  interface Read {
    file: string;
    route: string | undefined;
    source: YamlSource;
    page: Page | undefined;
    draft: boolean;
    target: LinkTarget | undefined;
  }
  const read: Read[] = [];
  /** Route or alias → the page that claimed it first (drafts included), for duplicate and link checks. */
  const targets = new Map<string, LinkTarget>();
  const unreadable = new Set<string>();

  const pageFiles = scanPageFiles(root);
  for (const problem of [...pageFiles.problems, ...publicLinkProblems(root)]) addFileProblem(collector, problem);
  for (const file of pageFiles.files) {
    const isNotFound = file === NOT_FOUND_FILE;
    const route = isNotFound ? undefined : routeFromFile(file);
    if (!isNotFound && !route) {
      collector.add(new YamlSource(file, ''), authorErrors.badPagePath(file), { line: 1, col: 1 });
      continue;
    }
    const result = validatePage(root, file, collector);
    if (!result) {
      if (route) unreadable.add(route);
      continue;
    }
    const draft = (result.source.data as { draft?: unknown }).draft === true;
    const anchors = pageAnchors(result.source, collector);
    let target: LinkTarget | undefined;
    if (route) {
      target = { file, route, draft, anchors };
      const owner = targets.get(route);
      if (owner) collector.add(result.source, authorErrors.duplicateRoute(route, owner.file), { line: 1, col: 1 });
      else targets.set(route, target);
    }
    read.push({ file, route, source: result.source, page: result.page, draft, target });
  }

  // Aliases after every file route, so that a clash is always reported on the alias, which is the line to change.
  for (const entry of read) {
    const aliases = (entry.source.data as { aliases?: unknown }).aliases;
    if (!entry.target || !Array.isArray(aliases)) continue;
    aliases.forEach((alias, index) => {
      if (typeof alias !== 'string') return;
      const at = () => entry.source.positionOf(['aliases', index]);
      const owner = targets.get(alias);
      if (alias === entry.route) collector.add(entry.source, authorErrors.aliasIsOwnRoute(alias), at());
      else if (!owner) targets.set(alias, entry.target!);
      else if (owner.route === alias) collector.add(entry.source, authorErrors.aliasIsAPage(alias, owner.file), at());
      else collector.add(entry.source, authorErrors.aliasTaken(alias, owner === entry.target ? 'this file' : owner.file), at());
    });
  }
  // Links to a page whose YAML is broken are not reported as broken: that page's own error says what to fix.
  for (const route of unreadable) if (!targets.has(route)) targets.set(route, { file: '', route, draft: false, anchors: undefined });

  for (const entry of read) {
    const { links, images } = findRefs(entry.source.data);
    checkImages(entry.source, images, collector, publicFiles, root);
    checkLinks(entry.source, links, entry.draft, entry.route, targets, includeDrafts, collector);
  }
  if (configSource) {
    const { links, images } = findRefs(configSource.data);
    checkImages(configSource, images, collector, publicFiles, root);
    checkLinks(configSource, links, false, undefined, targets, includeDrafts, collector);
  }

  const routes = new Map<string, LoadedPage>();
  const pages: LoadedPage[] = [];
  let notFound: LoadedPage | undefined;
  const loadedByTarget = new Map<LinkTarget, LoadedPage>();
  for (const entry of read) {
    if (!entry.page) continue;
    if (!entry.route) {
      notFound = { file: entry.file, route: '/404', page: entry.page, anchors: entry.target?.anchors ?? pageAnchorsOf(entry.page) };
      continue;
    }
    if (entry.draft && !includeDrafts) continue;
    const loaded: LoadedPage = { file: entry.file, route: entry.route, page: entry.page, anchors: entry.target!.anchors ?? [] };
    loadedByTarget.set(entry.target!, loaded);
    pages.push(loaded);
  }
  for (const [route, target] of targets) {
    const loaded = loadedByTarget.get(target);
    if (loaded) routes.set(route, loaded);
  }

  return { config, pages, notFound, routes, diagnostics: sortDiagnostics(collector.diagnostics) };
}

function pageAnchorsOf(page: Page): string[] {
  return [...LAYOUT_ANCHORS, ...page.blocks.flatMap((block) => (block.id ? [block.id] : []))];
}
