import { catalogueKind } from '../catalogue-route.ts';

export default (pageContext: { urlPathname: string }) =>
  catalogueKind(pageContext.urlPathname) === 'interactive';
