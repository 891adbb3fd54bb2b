import { enhanceSitePage } from '../../client/site.ts';
import { enhanceAndFollowEdits } from '../../client/live-update.ts';

enhanceAndFollowEdits(() => enhanceSitePage());
// Runs on the 404 page only: tells whoever opens the console which path was not found.
if (document.body.querySelector('[data-page-status="404"]')) {
  console.warn(`404: no page at ${window.location.pathname}`);
}
