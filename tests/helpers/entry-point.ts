import path from 'node:path';

const projectRoot = path.resolve(import.meta.dirname, '../..');

/**
 * Node's arguments that start `scripts/<script>.ts` as its npm script does: compiled into one module
 * (scripts/run-compiled.mjs, kept in .cache/compiled/), without a TypeScript loader in the process.
 * The process's working folder must be the project's.
 */
export const scriptArgs = (script: string, ...rest: string[]) => [
  path.join(projectRoot, 'scripts/run-compiled.mjs'),
  `scripts/${script}.ts`,
  ...rest,
];
