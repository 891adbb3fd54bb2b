import { existsSync, readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { siteConfigSchema } from '../schema/site-config.ts';
import { sortDiagnostics, type Diagnostic } from './diagnostic.ts';
import { authorErrors } from './errors.ts';
import { checkImages, checkLinks, Collector, findRefs, listPageFiles, pageAnchors, parseWith, readSource, validatePage, type LinkTarget } from './load-site.ts';
import { NOT_FOUND_FILE, routeFromFile } from './routes.ts';
import { YamlSource } from './yaml-source.ts';

export const CONFIG_FILE = 'site.config.yaml';

/** What other files need to know about a page: the routes it claims and the anchors links may point at. */
interface PageFacts {
  file: string;
  route: string | undefined;
  /** False when the YAML could not be read: its route still counts, its anchors are unknown. */
  readable: boolean;
  draft: boolean;
  anchors: string[] | undefined;
  aliases: unknown[];
  /** The page's `title`, '' when it has none. */
  title: string;
}

function factsOf(file: string, text: string): PageFacts {
  const route = file === NOT_FOUND_FILE ? undefined : routeFromFile(file);
  const source = new YamlSource(file, text);
  const data = source.hasSyntaxErrors ? undefined : source.data;
  if (data === null || data === undefined || typeof data !== 'object' || Array.isArray(data)) return { file, route, readable: false, draft: false, anchors: undefined, aliases: [], title: '' };
  const record = data as Record<string, unknown>;
  return {
    file,
    route,
    readable: true,
    draft: record.draft === true,
    anchors: pageAnchors(source, new Collector()),
    aliases: Array.isArray(record.aliases) ? record.aliases : [],
    title: typeof record.title === 'string' ? record.title : '',
  };
}

/**
 * The site held in memory for the page editor, so that one file's unsaved text is checked against the rest of the
 * site in a few milliseconds instead of loading every file again (engine/load-site.ts). The checks and the messages
 * are load-site's own (same functions, same catalogue); what is kept between checks is only what other files need
 * from a page: its route, aliases, anchors and draft state. tests/validator/site-index.test.ts checks that every
 * file gets exactly the diagnostics `loadSite` gives it.
 */
export class SiteIndex {
  private facts = new Map<string, PageFacts>();
  private texts = new Map<string, string>();
  private publicCache: Set<string> | undefined;

  constructor(
    readonly root: string,
    /** As `npm run validate`: drafts are not published, so links to them are reported. */
    readonly includeDrafts = false,
  ) {
    this.reload();
  }

  /** Reads every page again (after many changes at once, e.g. a `git pull`). */
  reload(): void {
    this.facts.clear();
    this.texts.clear();
    for (const file of listPageFiles(this.root)) this.refresh(file);
    this.publicCache = undefined;
  }

  /** Takes a file's new content on disk into account (`undefined`: the file was deleted). */
  refresh(file: string, text: string | undefined = this.readDisk(file)): void {
    if (file === CONFIG_FILE) return;
    if (file.startsWith('public/')) {
      this.publicCache = undefined;
      return;
    }
    if (text === undefined) {
      this.facts.delete(file);
      this.texts.delete(file);
      return;
    }
    this.texts.set(file, text);
    this.facts.set(file, factsOf(file, text));
  }

  private readDisk(file: string): string | undefined {
    try {
      return readFileSync(path.join(this.root, file), 'utf8');
    } catch {
      return undefined;
    }
  }

  files(): string[] {
    return [...this.facts.keys()].sort();
  }

  textOf(file: string): string | undefined {
    return this.texts.get(file);
  }

  /** Title and draft state of a page as written on disk. */
  summaryOf(file: string): { title: string; draft: boolean } {
    const facts = this.facts.get(file);
    return { title: facts?.title ?? '', draft: facts?.draft ?? false };
  }

  private publicFiles = () =>
    (this.publicCache ??= new Set(
      existsSync(path.join(this.root, 'public'))
        ? (readdirSync(path.join(this.root, 'public'), { recursive: true, withFileTypes: true }) as import('node:fs').Dirent[])
            .filter((entry) => entry.isFile())
            .map((entry) => '/' + path.relative(path.join(this.root, 'public'), path.join(entry.parentPath, entry.name)).split(path.sep).join('/'))
        : [],
    ));

  publicPaths(): string[] {
    return [...this.publicFiles()].sort();
  }

  /**
   * Route and alias → link target, built exactly as loadSite builds it (routes first in file order, then aliases),
   * with `override` in place of what is on disk for its file. `onAlias` sees each alias claim of `reportFor`.
   */
  private targets(override?: PageFacts, reportFor?: string, onAlias?: (alias: string, index: number, owner: LinkTarget | undefined, own: LinkTarget) => void) {
    const all = new Map(this.facts);
    if (override) all.set(override.file, override);
    const ordered = [...all.values()].sort((a, b) => (a.file < b.file ? -1 : a.file > b.file ? 1 : 0));
    const targets = new Map<string, LinkTarget>();
    const own = new Map<string, LinkTarget>();
    let routeOwner: LinkTarget | undefined;
    for (const facts of ordered) {
      if (!facts.route || !facts.readable) continue;
      const target: LinkTarget = { file: facts.file, route: facts.route, draft: facts.draft, anchors: facts.anchors };
      own.set(facts.file, target);
      const owner = targets.get(facts.route);
      if (owner && facts.file === reportFor) routeOwner = owner;
      if (!owner) targets.set(facts.route, target);
    }
    for (const facts of ordered) {
      const target = own.get(facts.file);
      if (!target) continue;
      facts.aliases.forEach((alias, index) => {
        if (typeof alias !== 'string') return;
        const owner = targets.get(alias);
        if (facts.file === reportFor) onAlias?.(alias, index, owner, target);
        if (alias !== facts.route && !owner) targets.set(alias, target);
      });
    }
    for (const facts of ordered) {
      if (!facts.readable && facts.route && !targets.has(facts.route)) targets.set(facts.route, { file: '', route: facts.route, draft: false, anchors: undefined });
    }
    return { targets, routeOwner };
  }

  /** Every route and alias with its page's facts, for the editor's link picker. */
  routes(): Array<{ route: string; file: string; anchors: string[]; draft: boolean }> {
    const { targets } = this.targets();
    return [...targets]
      .filter(([, target]) => target.file)
      .map(([route, target]) => ({ route, file: target.file, anchors: target.anchors ?? [], draft: target.draft }))
      .sort((a, b) => a.route.localeCompare(b.route));
  }

  /** The diagnostics `npm run validate` would print for `file` if its text were `text`. */
  check(file: string, text: string): Diagnostic[] {
    const collector = new Collector();
    if (file === CONFIG_FILE) {
      const source = readSource(this.root, CONFIG_FILE, collector, text);
      if (source) {
        parseWith(siteConfigSchema, source, source.data, [], collector, 'the site configuration');
        const { links, images } = findRefs(source.data);
        checkImages(source, images, collector, this.publicFiles);
        checkLinks(source, links, false, undefined, this.targets().targets, this.includeDrafts, collector);
      }
      return sortDiagnostics(collector.diagnostics);
    }
    const isNotFound = file === NOT_FOUND_FILE;
    const route = isNotFound ? undefined : routeFromFile(file);
    if (!isNotFound && !route) {
      collector.add(new YamlSource(file, ''), authorErrors.badPagePath(file), { line: 1, col: 1 });
      return collector.diagnostics;
    }
    const result = validatePage(this.root, file, collector, text);
    if (!result) return sortDiagnostics(collector.diagnostics);
    const { source } = result;
    const data = source.data as Record<string, unknown>;
    const draft = data.draft === true;
    const anchors = pageAnchors(source, collector);
    const facts: PageFacts = { file, route, readable: true, draft, anchors, aliases: Array.isArray(data.aliases) ? data.aliases : [], title: '' };
    const { targets, routeOwner } = this.targets(facts, file, (alias, index, owner, own) => {
      const at = () => source.positionOf(['aliases', index]);
      if (alias === route) collector.add(source, authorErrors.aliasIsOwnRoute(alias), at());
      else if (!owner) return;
      else if (owner.route === alias) collector.add(source, authorErrors.aliasIsAPage(alias, owner.file), at());
      else collector.add(source, authorErrors.aliasTaken(alias, owner === own ? 'this file' : owner.file), at());
    });
    if (routeOwner) collector.add(source, authorErrors.duplicateRoute(route!, routeOwner.file), { line: 1, col: 1 });
    const { links, images } = findRefs(source.data);
    checkImages(source, images, collector, this.publicFiles);
    checkLinks(source, links, draft, route, targets, this.includeDrafts, collector);
    return sortDiagnostics(collector.diagnostics);
  }
}
