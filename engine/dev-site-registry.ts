import type { SiteModel } from './load-site.ts';

/**
 * The dev server's site, shared between the Vite plugin (which sees file changes) and the renderer
 * (which shows pages).
 */
export interface DevSite {
  readonly root: string;
  /**
   * Loads the site a slice of files at a time, letting the server do other work between slices (the
   * first request loading the renderer); a `current()` meanwhile finishes the load at once.
   */
  load(): Promise<void>;
  /**
   * The site with every change noted so far taken into account (only the changed files are read
   * again).
   */
  current(): SiteModel;
  /** A file changed, relative to the root (`pages/…`, `public/…`, `site.config.yaml`). */
  changed(file: string): void;
}

/**
 * A global, because the plugin runs in Vite's own process context while the renderer runs in Vite's
 * SSR module runner, with its own copy of every module: the two would otherwise each load the whole
 * site after every edit. A module of its own, without the validator's code: the renderer finds the
 * site here without loading the validator.
 */
const DEV_SITE = Symbol.for('staylix.devSite');

export function registerDevSite(site: DevSite): void {
  (globalThis as { [DEV_SITE]?: DevSite })[DEV_SITE] = site;
}

/** The dev server's site of the project at `root`, when the renderer runs in its dev server. */
export function devSite(root: string): DevSite | undefined {
  const site = (globalThis as { [DEV_SITE]?: DevSite })[DEV_SITE];
  return site?.root === root ? site : undefined;
}
