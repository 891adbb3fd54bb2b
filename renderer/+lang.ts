import type { PageContext } from 'vike/types';
import type { PageData } from './page-data.ts';

/**
 * `<html lang>`: the page's language (site.config.yaml › locales), English for a site in one
 * language.
 */
export default (pageContext: PageContext) =>
  (pageContext.data as PageData | undefined)?.language?.code ?? 'en';
