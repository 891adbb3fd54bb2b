import { countErrors } from '../../engine/diagnostic.ts';
import { formatPretty } from '../../engine/format.ts';
import { loadSite, type SiteModel } from '../../engine/load-site.ts';

let cached: SiteModel | undefined;

/**
 * The validated site, loaded once per process. Drafts are included only in development.
 * Rendering a site with errors is refused: the message is the validator's own.
 */
export function getSite(): SiteModel {
  if (cached && import.meta.env.PROD) return cached;
  const site = loadSite({ root: process.cwd(), includeDrafts: !import.meta.env.PROD || process.env.INCLUDE_DRAFTS === '1' });
  if (countErrors(site.diagnostics)) {
    throw new Error(`The site has validation errors:\n${formatPretty(site.diagnostics.filter((d) => d.severity === 'error'), { color: false })}`);
  }
  cached = site;
  return site;
}
