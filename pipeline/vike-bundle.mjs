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
    // Mantine's index re-exports some 700 modules, of which the server bundle keeps a few: rolldown's
    // lazy barrel optimisation loads only those (about 0.3 s of CPU less). The server bundle only:
    // the client build's output would change (its unused chunks' names), and dist/ must not.
    environments: { ssr: { build: { rolldownOptions: { experimental: { lazyBarrel: true } } } } },
  },
});
