import vikeReact from 'vike-react/config';
import type { Config } from 'vike/types';

/**
 * Every route is prerendered to static HTML. Routing stays on the server (plain links, full page
 * loads): a marketing site needs no client router, and only pages with an interactive block load
 * any JavaScript.
 */
export default {
  extends: [vikeReact],
  // partial: a Vike page (static or interactive) may have no route at all on a given site.
  prerender: { partial: true },
  clientRouting: false,
} satisfies Config;
