import { enhanceSitePage } from '../../client/site.ts';

enhanceSitePage();
