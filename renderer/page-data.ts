import type { Page } from '../engine/load-site.ts';
import type { SiteConfig } from '../schema/site-config.ts';
import type { PageLanguage } from './language.ts';

/** What a prerendered route receives. It stays on the server: pages are never hydrated. */
export interface PageData {
  route: string;
  /** The route of the YAML file; differs from `route` for aliases. */
  canonicalRoute: string;
  page: Page;
  config: SiteConfig;
  /**
   * Pages that search engines must not index, such as the block catalogue (drafts are noindex too).
   */
  noindex?: boolean;
  /** Its language and the others it exists in (a site with `locales` in site.config.yaml). */
  language?: PageLanguage;
}
