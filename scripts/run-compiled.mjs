// node scripts/run-compiled.mjs [--production] <entry.ts> [args…]: runs a TypeScript entry point
// compiled to one JavaScript module (pipeline/compiled-module.mjs: kept in .cache/compiled/,
// compiled again only when a file it was made from changed). `npm run build` and `npm run validate`
// start this way: under tsx every import of the build (some 600 modules with zod's and yaml's) went
// through a loader thread, about 0.8 s of each build.
//
// --production sets NODE_ENV=production unless it is set (npm run edit, npm run team): here, before
// the module loads, because React chooses its build when it is first imported and the compiled
// module imports its packages before any of its own lines run. React's development build renders
// the editor's previews 3-5× slower.
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import { compiledModule } from '../pipeline/compiled-module.mjs';

const root = process.cwd();
const given = process.argv.slice(2);
if (given[0] === '--production') {
  given.shift();
  process.env.NODE_ENV ??= 'production';
}
const [entry, ...args] = given;
if (!entry) {
  console.error('Usage: node scripts/run-compiled.mjs [--production] <entry.ts> [args…]');
  process.exit(2);
}
const compiled = compiledModule(root, entry);
process.setSourceMapsEnabled(true);
process.argv = [process.argv[0], path.join(root, entry), ...args];
await import(pathToFileURL(compiled).href);
