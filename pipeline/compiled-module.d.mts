import type { BuildOptions } from 'esbuild';

/**
 * How the build's code is compiled to run in Node without a TypeScript loader: one ES module,
 * packages left in node_modules.
 */
export const NODE_MODULE_OPTIONS: BuildOptions;

/**
 * The compiled module of `entry` (relative to `root`), compiled first if it is missing or stale:
 * its path.
 */
export function compiledModule(root: string, entry: string): string;

/**
 * `env` with the allocator settings of the compilers the build starts (esbuild, rolldown; see the
 * module) for what it does not set itself.
 */
export function compilerEnv(env: NodeJS.ProcessEnv): NodeJS.ProcessEnv;

/** Runs `start` (which starts an esbuild process) with those settings in the environment. */
export function withCompilerEnv<T>(start: () => T): T;
