import { readdirSync } from 'node:fs';
import { createRequire } from 'node:module';
import path from 'node:path';
import { NODE_MODULE_OPTIONS, withCompilerEnv } from './compiled-module.mjs';

/**
 * Everything a render worker runs, as one plain JavaScript module next to the bundles: the server
 * bundle (its entry and every Vike page's code), Vike's `renderPage`, and pipeline/worker-exports.ts
 * (the page renderer, the page finisher, the folder maker, the reader of validated pages), with
 * the packages they import (Vike, vike-react, React, zod, yaml) compiled in. Node then loads one
 * file instead of some 450 modules (Vike alone is about 200), each of them resolved, read and
 * linked: about half the CPU time of a worker's start. One file also means one instance of each
 * package, as the server bundle's own imports had it (Vike's renderPage and the server entry share
 * their global context; the page code and the renderer share React).
 */
export async function writeWorkerModule(
  root: string,
  serverEntry: string,
  outFile: string,
): Promise<void> {
  const serverDir = path.dirname(serverEntry);
  const entries = path.join(serverDir, 'entries');
  const pageCode = readdirSync(entries)
    .filter((file) => file.endsWith('.mjs'))
    .sort()
    .map((file) => `import ${JSON.stringify(path.join(entries, file))};`);
  const { packages: _external, ...options } = NODE_MODULE_OPTIONS;
  // esbuild is loaded only when a bundle is made, not by every build that finds one cached. Its
  // asynchronous build runs in esbuild's own process: the main thread goes on meanwhile (checking
  // pages, drawing images).
  const { build } = createRequire(import.meta.url)('esbuild') as typeof import('esbuild');
  // The esbuild process is started by the call (and stays for the build's other uses).
  await withCompilerEnv(() =>
    build({
      ...options,
      stdin: {
        contents: [
          `import ${JSON.stringify(serverEntry)};`,
          ...pageCode,
          `export { renderPage } from 'vike/server';`,
          `export * from ${JSON.stringify(path.join(root, 'pipeline', 'worker-exports.ts'))};`,
        ].join('\n'),
        resolveDir: root,
        sourcefile: 'render-worker-module.mjs',
        loader: 'js',
      },
      outfile: outFile,
      minifyWhitespace: true,
      // The workers run with NODE_ENV=production: React's and Vike's development code is left out.
      define: { 'process.env.NODE_ENV': '"production"' },
      // CommonJS packages (React) require Node's built-in modules.
      banner: {
        js: "import { createRequire as __createRequire } from 'node:module'; const require = __createRequire(import.meta.url);",
      },
    }),
  );
}

/** Where the worker module of a bundle is (`server/entry.mjs` → `worker.mjs` beside `server/`). */
export const workerModuleOf = (serverEntry: string) =>
  path.join(path.dirname(path.dirname(serverEntry)), 'worker.mjs');
