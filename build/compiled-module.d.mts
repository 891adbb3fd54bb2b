/** The compiled module of `entry` (relative to `root`), compiled first if it is missing or stale: its path. */
export function compiledModule(root: string, entry: string): string;
