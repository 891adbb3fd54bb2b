/**
 * Where the block catalogue lives. A module of its own so the browser bundle never pulls in
 * catalogue-data.ts (zod, the engine).
 */
export const CATALOGUE_ROOT = '/_blocks';
