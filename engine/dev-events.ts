/**
 * Sent by the dev server (engine/vite-plugin.ts) after an edit of the site's YAML that left it
 * valid: the page in the browser updates itself in place (renderer/client/live-update.ts).
 */
export const PAGE_UPDATE_EVENT = 'yaml-pages:update';
