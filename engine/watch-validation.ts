import { watch, type FSWatcher } from 'node:fs';
import path from 'node:path';
import { sortDiagnostics, type Diagnostic } from './diagnostic.ts';
import { validatorMessages } from './errors.ts';
import type { OutputFormat } from './format.ts';
import { loadSite } from './load-site.ts';
import { NOT_FOUND_FILE } from './routes.ts';
import { SiteIndex } from './site-index.ts';
import { CONFIG_FILE } from './validate-page.ts';
import { printReport } from './validation-report.ts';

/**
 * `npm run validate -- --watch`: the whole site is checked once; after that a save re-checks only
 * the saved file and the files whose diagnostics depend on it (SiteIndex.update: those that link to
 * or claim its routes when its route, aliases, anchors or draft state changed), and prints the same
 * report as a full run. Changes in public/ re-check every file (images), and a file added or
 * removed under another name than *.yaml reloads everything.
 */
export class IncrementalValidation {
  private index!: SiteIndex;
  /** Diagnostics per page file and for site.config.yaml, as SiteIndex.check gives them. */
  private perFile = new Map<string, Diagnostic[]>();
  /**
   * Diagnostics not about one page's content: files the loader skips, links out of the project, a
   * missing config.
   */
  private other: Diagnostic[] = [];
  /** Valid pages (drafts included), which are the pages built. */
  private valid = new Set<string>();

  constructor(readonly root: string) {
    this.reload();
  }

  /** Checks everything again, with loadSite as `npm run validate` does. */
  reload(): void {
    const site = loadSite({ root: this.root, includeDrafts: true });
    this.index = new SiteIndex(this.root, true);
    const files = new Set([...this.index.files(), CONFIG_FILE]);
    this.perFile = new Map([...files].map((file) => [file, []]));
    this.other = [];
    for (const diagnostic of site.diagnostics) {
      const list = files.has(diagnostic.file) ? this.perFile.get(diagnostic.file)! : this.other;
      list.push(diagnostic);
    }
    this.valid = new Set([
      ...site.pages.map((page) => page.file),
      ...(site.notFound ? [site.notFound.file] : []),
    ]);
  }

  /**
   * Takes changed files (relative to the root: `pages/x.yaml`, `site.config.yaml`, `public/…`) into
   * account.
   */
  update(changed: Iterable<string>): void {
    const recheck = new Set<string>();
    for (const file of changed) {
      if (file === CONFIG_FILE) recheck.add(CONFIG_FILE);
      else if (file.startsWith('public/')) {
        this.index.refresh(file);
        for (const page of this.perFile.keys()) recheck.add(page);
      } else if (/\.yaml$/.test(file)) {
        for (const affected of this.index.update(file)) recheck.add(affected);
        if (this.index.textOf(file) === undefined) {
          this.perFile.delete(file);
          this.valid.delete(file);
        }
        // Links in site.config.yaml depend on every page's routes.
        recheck.add(CONFIG_FILE);
      } else return this.reload();
    }
    for (const file of recheck) {
      const text = file === CONFIG_FILE ? this.index.textOfConfig() : this.index.textOf(file);
      if (text === undefined) {
        if (file === CONFIG_FILE) return this.reload();
        continue;
      }
      const { diagnostics, valid } = this.index.checkFile(file, text);
      this.perFile.set(file, diagnostics);
      if (valid && file !== CONFIG_FILE) this.valid.add(file);
      else this.valid.delete(file);
    }
  }

  diagnostics(): Diagnostic[] {
    return sortDiagnostics([...this.other, ...[...this.perFile.values()].flat()]);
  }

  /** The summary's counts: pages built (the 404 page aside) and the routes that show them. */
  counts(): { pages: number; routes: number } {
    return {
      pages: [...this.valid].filter((file) => file !== NOT_FOUND_FILE).length,
      routes: this.index.routeCount(this.valid),
    };
  }
}

/**
 * Re-checks on every change, clearing the terminal first so only the current problems are on
 * screen.
 */
export function watchValidation(
  root: string,
  format: OutputFormat,
  print: (text: string) => void = console.log,
): () => void {
  let site: IncrementalValidation | undefined;
  const pending = new Set<string>();
  const run = () => {
    const started = performance.now();
    if (!site) site = new IncrementalValidation(root);
    else site.update(pending);
    pending.clear();
    const ms = Math.round(performance.now() - started);
    if (process.stdout.isTTY) process.stdout.write('\u001b[2J\u001b[3J\u001b[H');
    printReport(site.diagnostics(), { ...site.counts(), ms }, format, print);
    if (format === 'pretty') print(`\n${validatorMessages.watching}`);
  };
  let timer: NodeJS.Timeout | undefined;
  const schedule = (file: string | undefined) => {
    // A change the watcher cannot name (file === undefined) is checked as a new file name: a full
    // reload.
    pending.add(file ?? '?');
    clearTimeout(timer);
    // Editors save in several steps (write, rename); one check after they settle.
    timer = setTimeout(run, 80);
  };
  const watchers: FSWatcher[] = [];
  const tryWatch = (dir: string, recursive: boolean, accept: (file: string) => boolean) => {
    try {
      watchers.push(
        watch(path.join(root, dir), { recursive }, (_event, file) => {
          const name = file === null ? undefined : String(file).split(path.sep).join('/');
          if (name === undefined || accept(name))
            schedule(name === undefined ? undefined : dir === '.' ? name : `${dir}/${name}`);
        }),
      );
    } catch {
      // A folder that does not exist yet (e.g. no public/) is simply not watched.
    }
  };
  tryWatch('pages', true, (file) => /\.ya?ml$/i.test(file) || !path.extname(file));
  tryWatch('public', true, () => true);
  tryWatch('.', false, (file) => file === CONFIG_FILE);
  run();
  return () => {
    clearTimeout(timer);
    for (const watcher of watchers) watcher.close();
  };
}
