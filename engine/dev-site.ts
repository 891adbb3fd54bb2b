import { registerDevSite, type DevSite } from './dev-site-registry.ts';
import { SiteLoader, type SiteModel } from './load-site.ts';

/**
 * After the site's first load, the validation cache is written this much later: files that settled
 * since the last run get their identity written (engine/read-page-file.ts › fileIdentity), 7 MB of
 * JSON at 10,000 pages.
 */
const CACHE_SAVED_AFTER_MS = 3000;

/**
 * Starts the dev server's site (drafts included, as the dev server shows them): loaded by `load` or
 * the first `current()`.
 */
export function startDevSite(root: string): DevSite {
  const loader = new SiteLoader({ root, includeDrafts: true, cache: true });
  const pending = new Set<string>();
  let model: SiteModel | undefined;
  let loading = false;
  /**
   * The model of the first load; the cache is written a moment later, not while the first page
   * waits for it.
   */
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
  registerDevSite(site);
  return site;
}
