import { countErrors } from '../../engine/diagnostic.ts';
import { formatPretty } from '../../engine/format.ts';
import { loadSite, type SiteModel } from '../../engine/load-site.ts';

let cached: SiteModel | undefined;

/**
 * The validated site, loaded once per process. Drafts are included only in development.
 * Rendering a site with errors is refused: the message is the validator's own.
 */
export function getSite(): SiteModel {
  // The build's mode, not NODE_ENV: `vike build` with NODE_ENV=test (as under a test runner) must still leave drafts out.
  const production = import.meta.env.MODE === 'production';
  if (cached && production) return cached;
  const site = loadSite({ root: process.cwd(), includeDrafts: !production || process.env.INCLUDE_DRAFTS === '1' });
  if (countErrors(site.diagnostics)) {
    throw new Error(`The site has validation errors:\n${formatPretty(site.diagnostics.filter((d) => d.severity === 'error'), { color: false })}`);
  }
  cached = site;
  return site;
}
