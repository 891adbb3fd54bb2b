import { readFileSync } from 'node:fs';
import path from 'node:path';

const projectRoot = path.resolve(import.meta.dirname, '../..');
/** package.json's scripts: each npm script's command line, by name. */
export const packageScripts = (
  JSON.parse(readFileSync(path.join(projectRoot, 'package.json'), 'utf8')) as {
    scripts: Record<string, string>;
  }
).scripts;

/**
 * Node's arguments that start `scripts/<script>.ts` as its npm script does: package.json's command
 * line (`node [options] scripts/run-compiled.mjs [--production] scripts/<script>.ts`), compiled into
 * one module (kept in .cache/compiled/), without a TypeScript loader in the process. The process's
 * working folder must be the project's.
 */
export const scriptArgs = (script: string, ...rest: string[]) => {
  const entry = `scripts/${script}.ts`;
  const words = Object.values(packageScripts)
    .map((line) => line.split(/\s+/))
    .find((line) => line[0] === 'node' && line.at(-1) === entry);
  if (!words) throw new Error(`package.json has no script that runs ${entry} with node`);
  return [
    ...words.slice(1).map((word) => (word.endsWith('.mjs') ? path.join(projectRoot, word) : word)),
    ...rest,
  ];
};
