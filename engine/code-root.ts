import path from 'node:path';

/**
 * The project's code (this repository), one folder up from this module's. One folder deep is also
 * where a module compiled into one file reads its import.meta from (pipeline/compiled-module.mjs:
 * as if it were in pipeline/), so this is right both from source and compiled; a path two folders
 * up from a module in editor/server/ would not be.
 */
export const CODE_ROOT = path.resolve(import.meta.dirname, '..');
