import { existsSync, watch, type FSWatcher } from 'node:fs';
import path from 'node:path';
import { countErrors } from '../../engine/diagnostic.ts';
import { formatPretty } from '../../engine/format.ts';
import { loadSite, type SiteModel } from '../../engine/load-site.ts';

let cached: SiteModel | undefined;
let watchers: FSWatcher[] | undefined;

/**
 * In development the site is kept between requests (each request asks for it several times: every page's route
 * function, then its data) and dropped when a file under pages/ or public/, or site.config.yaml, changes. Returns
 * false when the files cannot be watched: then the site is loaded again on every call, as before.
 */
function watchForChanges(root: string): boolean {
  if (watchers) return true;
  const drop = () => {
    cached = undefined;
    generation++;
  };
  const started: FSWatcher[] = [];
  try {
    for (const target of ['pages', 'public', 'site.config.yaml'].map((name) => path.join(root, name))) {
      if (existsSync(target))
        started.push(
          watch(target, { recursive: target.endsWith('.yaml') ? false : true }, drop)
            .on('error', drop)
            .unref(),
        );
    }
  } catch {
    for (const watcher of started) watcher.close();
    return false;
  }
  watchers = started;
  return true;
}
/** Bumped on every change, so that a site loaded while a file changed is not kept. */
let generation = 0;
// A new copy of this module (Vite reloads it when it or the engine changes) watches for itself.
import.meta.hot?.dispose(() => {
  for (const watcher of watchers ?? []) watcher.close();
});

/**
 * Where a build that has already validated the site hands the renderer its model (build/render-worker.mjs), so the
 * prerender does not parse and validate every page a second time. A global, because the renderer runs from the
 * bundled server code while the build sets it from outside the bundle.
 */
const PROVIDED_SITE = Symbol.for('staylix.providedSite');

/**
 * The validated site, loaded once per process. Drafts are included only in development.
 * Rendering a site with errors is refused: the message is the validator's own.
 */
export function getSite(): SiteModel {
  const provided = (globalThis as { [PROVIDED_SITE]?: SiteModel })[PROVIDED_SITE];
  if (provided) return provided;
  // The build's mode, not NODE_ENV: `vike build` with NODE_ENV=test (as under a test runner) must still leave drafts out.
  const production = import.meta.env.MODE === 'production';
  const keep = production || watchForChanges(process.cwd());
  if (cached && keep) return cached;
  const loading = generation;
  const site = loadSite({ root: process.cwd(), includeDrafts: !production || process.env.INCLUDE_DRAFTS === '1', cache: true });
  if (countErrors(site.diagnostics)) {
    throw new Error(
      `The site has validation errors:\n${formatPretty(
        site.diagnostics.filter((d) => d.severity === 'error'),
        { color: false },
      )}`,
    );
  }
  if (loading === generation) cached = site;
  return site;
}
