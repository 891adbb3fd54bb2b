import type { PageContextServer } from 'vike/types';
import { catalogueData } from '../catalogue-data.ts';

export default (pageContext: PageContextServer) => catalogueData(pageContext.urlPathname);
