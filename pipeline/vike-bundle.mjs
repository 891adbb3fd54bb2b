// `vike build` without its prerender: bundles the client and the server into the folder given as
// argument (<outDir>/client, <outDir>/server). Run in a plain Node process of its own
// (pipeline/bundle.ts): under tsx's module loader Vite runs about 10% slower. The build prerenders
// from the server bundle itself (pipeline/prerender.ts).
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { build } from 'vike/api';

const outDir = process.argv[2];
if (!outDir) throw new Error('usage: node pipeline/vike-bundle.mjs <outDir>');
process.env.VIKE_CONFIG = JSON.stringify({ prerender: { partial: true, disableAutoRun: true } });
// The server bundle includes Mantine instead of importing it from node_modules. The render workers
// do not load this bundle as it is: pipeline/worker-module.ts compiles it with Vike, React, zod and
// yaml into one module (which is why zod, yaml and js-yaml stay external here: bundled here too,
// the worker module would hold a second copy of each, and each worker a few more MB).
const bundled = ['@mantine/core', '@mantine/hooks'];
await build({
  viteConfig: {
    // The site's config without the dev server's plugin (see the file), loaded once per environment.
    configFile: path.join(path.dirname(fileURLToPath(import.meta.url)), 'vite-site-config.ts'),
    logLevel: 'warn',
    build: { outDir, emptyOutDir: true },
    ssr: { noExternal: bundled },
    // The server build: no copy of public/ (only the client's is published; 21 files fewer to
    // write), and of Mantine's index, which re-exports some 700 modules, only the few it keeps are
    // loaded (rolldown's lazy barrels: about 0.3 s of CPU less). Not in the client build: its output
    // would change (the names of chunks no page loads), and dist/ must not.
    environments: {
      ssr: {
        build: { copyPublicDir: false, rolldownOptions: { experimental: { lazyBarrel: true } } },
      },
    },
  },
});
