import type { PageContext } from 'vike/types';
import type { PageData } from './page-data.ts';

export default (pageContext: PageContext) =>
  (pageContext.data as PageData | undefined)?.page.description ?? '';
