// `vike build` without its prerender: bundles the client and the server into the folder given as
// argument (<outDir>/client, <outDir>/server). Run in a plain Node process of its own
// (pipeline/bundle.ts): under tsx's module loader Vite runs about 10% slower. The build prerenders
// from the server bundle itself (pipeline/prerender.ts).
import { build } from 'vike/api';

const outDir = process.argv[2];
if (!outDir) throw new Error('usage: node pipeline/vike-bundle.mjs <outDir>');
process.env.VIKE_CONFIG = JSON.stringify({ prerender: { partial: true, disableAutoRun: true } });
// The server bundle includes the libraries it renders with instead of importing them from
// node_modules: a render worker then loads a few chunks instead of some two thousand modules (0.4 s
// of CPU instead of 1.3 s per worker). Vike, vike-react and React stay external: the workers import
// vike/server, which must be the bundle's own instance, and vike-react's React must be the
// components' React.
const bundled = ['@mantine/core', '@mantine/hooks', 'zod', 'yaml', 'js-yaml'];
await build({
  viteConfig: {
    logLevel: 'warn',
    build: { outDir, emptyOutDir: true },
    ssr: { noExternal: bundled },
  },
});
