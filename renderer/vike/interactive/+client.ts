import { enhancePage } from '../../client/enhance.ts';
import { enhanceAndFollowEdits } from '../../client/live-update.ts';

enhanceAndFollowEdits(() => enhancePage());
