import { countErrors } from '../../engine/diagnostic.ts';
import { devSite } from '../../engine/dev-site-registry.ts';
import { formatPretty } from '../../engine/format.ts';
import type { SiteModel } from '../../engine/load-site.ts';

/**
 * Where a build that has already validated the site hands the renderer its model
 * (pipeline/render-worker.mjs), so the prerender does not parse and validate every page a second
 * time. A global, because the renderer runs from the bundled server code while the build sets it
 * from outside the bundle.
 */
const PROVIDED_SITE = Symbol.for('staylix.providedSite');
const providedSite = () => (globalThis as { [PROVIDED_SITE]?: SiteModel })[PROVIDED_SITE];

/**
 * Outside the dev server and the build (tests, `vike build` run on its own), the site is loaded by
 * this process. Imported only then: in the dev server the renderer would otherwise transform and
 * run the whole validator a second time (a tenth of a second of the first page).
 */
const standalone =
  devSite(process.cwd()) || providedSite() ? undefined : await import('./standalone-site.ts');

/**
 * The validated site, loaded once per process. Drafts are included only in development.
 * Rendering a site with errors is refused: the message is the validator's own.
 */
export function getSite(): SiteModel {
  const provided = providedSite();
  if (provided) return provided;
  // A dev site or a provided site, once there, stays: without either now there was none when this
  // module loaded.
  const dev = devSite(process.cwd());
  return dev ? renderable(dev.current()) : withoutErrors(standalone!.loadedSite());
}

/**
 * The dev server renders a site with problems: the pages that passed are in it (an invalid one is
 * not), and the browser's overlay names every problem (engine/vite-plugin.ts). Only a site config
 * it cannot read stops every page.
 */
function renderable(site: SiteModel): SiteModel {
  return site.config ? site : withoutErrors(site);
}

function withoutErrors(site: SiteModel): SiteModel {
  if (countErrors(site.diagnostics)) {
    throw new Error(
      `The site has validation errors:\n${formatPretty(
        site.diagnostics.filter((d) => d.severity === 'error'),
        { color: false },
      )}`,
    );
  }
  return site;
}
