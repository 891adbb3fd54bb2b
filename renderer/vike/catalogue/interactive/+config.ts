import type { Config } from 'vike/types';

/**
 * Catalogue pages whose example block is interactive: the same enhancement script as a real page
 * with that block.
 */
export default { clientHooks: false } satisfies Config;
