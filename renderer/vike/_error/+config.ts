import type { Config } from 'vike/types';

/** The 404 and error pages are plain HTML; +client.ts only logs the unknown path. */
export default { clientHooks: false } satisfies Config;
