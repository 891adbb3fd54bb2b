import type { PageContext } from 'vike/types';
import type { PageData } from './page-data.ts';

export default (pageContext: PageContext) => {
  const data = pageContext.data as PageData | undefined;
  if (!data) return 'Unexpected Application Error!';
  return data.canonicalRoute === '/' ? data.page.title : `${data.page.title} | ${data.config.name}`;
};
