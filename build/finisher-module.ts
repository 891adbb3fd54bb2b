import path from 'node:path';
import { buildSync } from 'esbuild';

/**
 * The page finisher (`pageFinisher` of build/postbuild.ts and what it imports) as one plain JavaScript module next to
 * the bundles, so that the render workers load no TypeScript loader: with tsx's hooks every module a worker imports
 * (the server bundle's included) went through a loader thread, about half a second of each worker's start.
 */
export function writeFinisherModule(root: string, outFile: string): void {
  buildSync({ entryPoints: [path.join(root, 'build', 'postbuild.ts')], outfile: outFile, bundle: true, platform: 'node', format: 'esm', target: 'node20', packages: 'external', logLevel: 'error' });
}

/** Where the finisher module of a bundle is (`server/entry.mjs` → `finisher.mjs` beside `server/`). */
export const finisherOf = (serverEntry: string) => path.join(path.dirname(path.dirname(serverEntry)), 'finisher.mjs');
