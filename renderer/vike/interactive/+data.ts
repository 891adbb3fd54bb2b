import type { PageContextServer } from 'vike/types';
import { dataFor } from '../routing.ts';

export default (pageContext: PageContextServer) => dataFor(pageContext.urlPathname);
