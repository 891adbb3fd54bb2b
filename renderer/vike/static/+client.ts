import { enhanceSitePage } from '../../client/site.ts';
import { enhanceAndFollowEdits } from '../../client/live-update.ts';

enhanceAndFollowEdits(() => enhanceSitePage());
