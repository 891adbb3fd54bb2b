import type { Config } from 'vike/types';

/** Catalogue pages whose example block is interactive: React hydrates, as on a real page with that block. */
export default { clientHooks: true } satisfies Config;
