import { SiteLoader, type SiteModel } from './load-site.ts';

/** The dev server's site, shared between the Vite plugin (which sees file changes) and the renderer (which shows pages). */
export interface DevSite {
  readonly root: string;
  /**
   * Loads the site a slice of files at a time, letting the server do other work between slices (the first request
   * loading the renderer); a `current()` meanwhile finishes the load at once.
   */
  load(): Promise<void>;
  /** The site with every change noted so far taken into account (only the changed files are read again). */
  current(): SiteModel;
  /** A file changed, relative to the root (`pages/…`, `public/…`, `site.config.yaml`). */
  changed(file: string): void;
}

/**
 * A global, because the plugin runs in Vite's own process context while the renderer runs in Vite's SSR module
 * runner, with its own copy of every module: the two would otherwise each load the whole site after every edit.
 */
const DEV_SITE = Symbol.for('staylix.devSite');

/**
 * After the site's first load, the validation cache is written this much later: files that settled since the last run
 * get their identity written (engine/read-page-file.ts › fileIdentity), 12 MB of JSON at 10,000 pages.
 */
const CACHE_SAVED_AFTER_MS = 3000;

/** Starts the dev server's site (drafts included, as the dev server shows them): loaded by `load` or the first `current()`. */
export function startDevSite(root: string): DevSite {
  const loader = new SiteLoader({ root, includeDrafts: true, cache: true });
  const pending = new Set<string>();
  let model: SiteModel | undefined;
  let loading = false;
  /** The model of the first load; the cache is written a moment later, not while the first page waits for it. */
  const loaded = (first: SiteModel) => {
    setTimeout(() => loader.saveCache(), CACHE_SAVED_AFTER_MS).unref();
    return first;
  };
  const site: DevSite = {
    root,
    async load() {
      if (model || loading) return;
      loading = true;
      await loader.loadInSlices();
      model ??= loaded(loader.finishLoad());
    },
    current() {
      if (!model) {
        pending.clear();
        // A load in slices still under way is finished here, at once.
        return (model = loading ? loaded(loader.finishLoad()) : loader.load());
      }
      if (pending.size) {
        const files = [...pending];
        pending.clear();
        model = loader.update(files);
      }
      return model;
    },
    changed(file) {
      pending.add(file);
    },
  };
  (globalThis as { [DEV_SITE]?: DevSite })[DEV_SITE] = site;
  return site;
}

/** The dev server's site of the project at `root`, when the renderer runs in its dev server. */
export function devSite(root: string): DevSite | undefined {
  const site = (globalThis as { [DEV_SITE]?: DevSite })[DEV_SITE];
  return site?.root === root ? site : undefined;
}
