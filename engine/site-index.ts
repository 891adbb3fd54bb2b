import { readFileSync } from 'node:fs';
import path from 'node:path';
import {
  findLinkValues,
  linkDestination,
  publicFileSet,
  type LinkTarget,
} from './check-references.ts';
import { claimRoutes, type RouteClaim } from './claim-routes.ts';
import { Collector } from './collector.ts';
import { sortDiagnostics, type Diagnostic } from './diagnostic.ts';
import { authorErrors } from './errors.ts';
import {
  checkReferences,
  listPageFiles,
  readPage,
  referencesOf,
  type ReferenceContext,
} from './load-site.ts';
import { NOT_FOUND_FILE, routeFromFile } from './routes.ts';
import { CONFIG_FILE, pageAnchors, validateConfig } from './validate-page.ts';
import { YamlSource } from './yaml-source.ts';

export { CONFIG_FILE };

/**
 * What other files need to know about a page (its claim on routes, its anchors), and its title for
 * the page list.
 */
interface PageFacts extends RouteClaim {
  /** The page's `title`, '' when it has none. */
  title: string;
  /** The routes its internal links point at. */
  links: string[];
}

function factsOf(file: string, text: string): PageFacts {
  const route = file === NOT_FOUND_FILE ? undefined : routeFromFile(file);
  const source = new YamlSource(file, text);
  const data = source.hasSyntaxErrors ? undefined : source.data;
  if (data === null || data === undefined || typeof data !== 'object' || Array.isArray(data))
    return {
      file,
      route,
      readable: false,
      draft: false,
      anchors: undefined,
      aliases: [],
      title: '',
      links: [],
    };
  const record = data as Record<string, unknown>;
  return {
    file,
    route,
    readable: true,
    draft: record.draft === true,
    anchors: pageAnchors(source, new Collector()),
    aliases: Array.isArray(record.aliases) ? record.aliases : [],
    title: typeof record.title === 'string' ? record.title : '',
    links: findLinkValues(data).links.flatMap((value) => linkDestination(value, route)?.path ?? []),
  };
}

/** The routes a file claims or that its links depend on the claims of. */
const claimedRoutes = (facts: PageFacts | undefined): string[] =>
  facts
    ? [
        ...(facts.route ? [facts.route] : []),
        ...facts.aliases.filter((alias): alias is string => typeof alias === 'string'),
      ]
    : [];
const sameFacts = (a: PageFacts | undefined, b: PageFacts | undefined) =>
  JSON.stringify(a && { ...a, title: '', links: [] }) ===
  JSON.stringify(b && { ...b, title: '', links: [] });

/**
 * The site held in memory for the page editor, so that one file's unsaved text is checked against
 * the rest of the site in a few milliseconds instead of loading every file again
 * (engine/load-site.ts). The checks and the messages are load-site's own (same functions, same
 * catalogue); what is kept between checks is only what other files need from a page: its route,
 * aliases, anchors and draft state. tests/validator/site-index.test.ts checks that every file gets
 * exactly the diagnostics `loadSite` gives it.
 */
export class SiteIndex {
  private facts = new Map<string, PageFacts>();
  private texts = new Map<string, string>();
  private publicFiles: () => Set<string>;
  /** Routes as claimed by the files on disk; dropped when a file changes. */
  private claimedOnDisk: ReturnType<typeof claimRoutes> | undefined;

  constructor(
    readonly root: string,
    /** As `npm run validate`: drafts are not published, so links to them are reported. */
    readonly includeDrafts = false,
  ) {
    this.publicFiles = publicFileSet(root);
    this.reload();
  }

  /** Reads every page again (after many changes at once, e.g. a `git pull`). */
  reload(): void {
    this.facts.clear();
    this.texts.clear();
    for (const file of listPageFiles(this.root)) this.refresh(file);
    this.publicFiles = publicFileSet(this.root);
  }

  /** Takes a file's new content on disk into account (`undefined`: the file was deleted). */
  refresh(file: string, text: string | undefined = this.readDisk(file)): void {
    if (file === CONFIG_FILE) return;
    if (file.startsWith('public/')) {
      this.publicFiles = publicFileSet(this.root);
      return;
    }
    // What is kept of a page depends on its text alone: the same text again (the editor's save,
    // then the file watch seeing it) changes nothing, and is not read again.
    if (text !== undefined && this.texts.get(file) === text) return;
    this.claimedOnDisk = undefined;
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

  /** site.config.yaml as it is on disk (not kept: the config is read again each time). */
  textOfConfig(): string | undefined {
    return this.readDisk(CONFIG_FILE);
  }

  /** Title and draft state of a page as written on disk. */
  summaryOf(file: string): { title: string; draft: boolean } {
    const facts = this.facts.get(file);
    return { title: facts?.title ?? '', draft: facts?.draft ?? false };
  }

  publicPaths(): string[] {
    return [...this.publicFiles()].sort();
  }

  /**
   * Route and alias → link target, claimed exactly as loadSite claims them, with `override` in
   * place of its file on disk.
   */
  private claims(override?: RouteClaim) {
    if (!override && this.claimedOnDisk) return this.claimedOnDisk;
    const all = new Map<string, RouteClaim>(this.facts);
    if (override) all.set(override.file, override);
    const ordered = [...all.values()].sort((a, b) =>
      a.file < b.file ? -1 : a.file > b.file ? 1 : 0,
    );
    const claimed = claimRoutes(ordered);
    if (!override) this.claimedOnDisk = claimed;
    return claimed;
  }

  private context(targets: Map<string, LinkTarget>): ReferenceContext {
    return {
      root: this.root,
      targets,
      publicFiles: this.publicFiles,
      includeDrafts: this.includeDrafts,
      readImages: false,
    };
  }

  /** Every route and alias with its page's facts, for the editor's link picker. */
  routes(): Array<{ route: string; file: string; anchors: string[]; draft: boolean }> {
    const { targets } = this.claims();
    return [...targets]
      .filter(([, target]) => target.file)
      .map(([route, target]) => ({
        route,
        file: target.file,
        anchors: target.anchors ?? [],
        draft: target.draft,
      }))
      .sort((a, b) => a.route.localeCompare(b.route));
  }

  /**
   * Takes a page's new content on disk into account (`undefined`: deleted) and returns the files
   * whose diagnostics may have changed with it: itself and, when what it claims changed (route,
   * aliases, anchors, draft state), every file that links to or claims one of its routes, old or
   * new.
   */
  update(file: string, text: string | undefined = this.readDisk(file)): string[] {
    const before = this.facts.get(file);
    this.refresh(file, text);
    const after = this.facts.get(file);
    if (sameFacts(before, after)) return after ? [file] : [];
    const routes = new Set([...claimedRoutes(before), ...claimedRoutes(after)]);
    const affected = new Set(after ? [file] : []);
    for (const facts of this.facts.values()) {
      if (
        facts.links.some((link) => routes.has(link)) ||
        claimedRoutes(facts).some((route) => routes.has(route))
      )
        affected.add(facts.file);
    }
    return [...affected].sort();
  }

  /** How many routes (aliases included) show one of `shown`, the valid pages. */
  routeCount(shown: ReadonlySet<string>): number {
    let count = 0;
    for (const target of this.claims().targets.values()) if (shown.has(target.file)) count++;
    return count;
  }

  /** The diagnostics `npm run validate` would print for `file` if its text were `text`. */
  check(file: string, text: string): Diagnostic[] {
    return this.checkFile(file, text).diagnostics;
  }

  /**
   * check, also saying whether the page itself is valid (whatever its links and images), i.e. would
   * be built.
   */
  checkFile(file: string, text: string): { diagnostics: Diagnostic[]; valid: boolean } {
    const collector = new Collector();
    if (file === CONFIG_FILE) {
      const { source, config } = validateConfig(this.root, collector, text);
      if (source)
        checkReferences(
          source,
          referencesOf(source.data),
          undefined,
          false,
          this.context(this.claims().targets),
          collector,
        );
      return { diagnostics: sortDiagnostics(collector.diagnostics), valid: config !== undefined };
    }
    const isNotFound = file === NOT_FOUND_FILE;
    const route = isNotFound ? undefined : routeFromFile(file);
    if (!isNotFound && !route) {
      collector.addToFile(file, authorErrors.badPagePath(file));
      return { diagnostics: collector.diagnostics, valid: false };
    }
    const entry = readPage(this.root, file, route, collector, text);
    const { source } = entry;
    if (!source) return { diagnostics: sortDiagnostics(collector.diagnostics), valid: false };
    // The file as it is on disk claims what it claimed: the routes computed for the disk serve
    // again.
    const claimed = this.claims(this.texts.get(file) === text ? undefined : entry.claim);
    for (const problem of claimed.problems) {
      if (problem.file === file)
        collector.add(
          source,
          problem.error,
          problem.alias === undefined
            ? { line: 1, col: 1 }
            : source.positionOf(['aliases', problem.alias]),
        );
    }
    checkReferences(
      source,
      entry,
      route,
      entry.claim.draft,
      this.context(claimed.targets),
      collector,
    );
    return {
      diagnostics: sortDiagnostics(collector.diagnostics),
      valid: entry.summary !== undefined,
    };
  }
}
