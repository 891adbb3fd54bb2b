import type { Config } from 'vike/types';

/**
 * Catalogue pages whose example block is static HTML + CSS (and the index): no JavaScript is
 * shipped.
 */
export default { clientHooks: false } satisfies Config;
