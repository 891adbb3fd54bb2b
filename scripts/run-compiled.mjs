// node scripts/run-compiled.mjs <entry.ts> [args…]: runs a TypeScript entry point compiled to one
// JavaScript module (pipeline/compiled-module.mjs: kept in .cache/compiled/, compiled again only
// when a file it was made from changed). `npm run build` and `npm run validate` start this way:
// under tsx every import of the build (some 600 modules with zod's and yaml's) went through a
// loader thread, about 0.8 s of each build.
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import { compiledModule } from '../pipeline/compiled-module.mjs';

const root = process.cwd();
const [entry, ...args] = process.argv.slice(2);
if (!entry) {
  console.error('Usage: node scripts/run-compiled.mjs <entry.ts> [args…]');
  process.exit(2);
}
const compiled = compiledModule(root, entry);
process.setSourceMapsEnabled(true);
process.argv = [process.argv[0], path.join(root, entry), ...args];
await import(pathToFileURL(compiled).href);
