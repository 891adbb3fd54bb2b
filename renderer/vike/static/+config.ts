import type { Config } from 'vike/types';

/**
 * Pages whose blocks are all static HTML + CSS: no React in the browser (clientHooks: false);
 * +client.ts loads only the site-wide enhancers every page shares (header timings, Back to Top:
 * renderer/client/site.ts).
 */
export default { clientHooks: false } satisfies Config;
