import type { Config } from 'vike/types';

/** Pages whose blocks are all static HTML + CSS: no client hooks, so no JavaScript is shipped at all. */
export default { clientHooks: false } satisfies Config;
