import type { PageContextServer } from 'vike/types';
import type { PageData } from './page-data.ts';

/**
 * `<html dir>` of the page's language (rtl lays the page out mirrored: the CSS uses logical
 * properties only).
 */
export default (pageContext: PageContextServer) => ({
  'data-mantine-color-scheme': 'light',
  dir: (pageContext.data as PageData | undefined)?.language?.dir ?? 'ltr',
});
