import type { Config } from 'vike/types';

/** Pages with at least one interactive block: React hydrates the prerendered HTML. */
export default { clientHooks: true } satisfies Config;
