import type { Config } from 'vike/types';

/**
 * Pages with at least one interactive block: still no React in the browser (clientHooks: false),
 * only +client.ts, which enhances the prerendered HTML (renderer/client/enhance.ts).
 */
export default { clientHooks: false } satisfies Config;
