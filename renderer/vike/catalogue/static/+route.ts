import { catalogueKind } from '../catalogue-data.ts';

export default (pageContext: { urlPathname: string }) => catalogueKind(pageContext.urlPathname) === 'static';
