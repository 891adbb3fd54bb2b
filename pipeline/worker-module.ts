import path from 'node:path';
import { buildSync } from 'esbuild';
import { NODE_MODULE_OPTIONS } from './compiled-module.mjs';

/**
 * What a render worker runs besides the server bundle (pipeline/worker-exports.ts: the page
 * renderer, the page finisher, the folder maker and the validator's `readValidPage`, with what they
 * import) as one plain JavaScript module next to the bundles, so that the workers load no
 * TypeScript loader: with tsx's hooks every module a worker imports (the server bundle's included)
 * went through a loader thread, about half a second of each worker's start.
 */
export function writeWorkerModule(root: string, outFile: string): void {
  buildSync({
    ...NODE_MODULE_OPTIONS,
    entryPoints: [path.join(root, 'pipeline', 'worker-exports.ts')],
    outfile: outFile,
  });
}

/** Where the worker module of a bundle is (`server/entry.mjs` → `worker.mjs` beside `server/`). */
export const workerModuleOf = (serverEntry: string) =>
  path.join(path.dirname(path.dirname(serverEntry)), 'worker.mjs');
