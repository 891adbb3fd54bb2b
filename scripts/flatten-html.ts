/**
 * tsx scripts/flatten-html.ts [--dir dist/client]
 *
 * After `npm run build`: moves every `route/index.html` to `route.html` (the home page stays
 * `index.html`), for hosts that would otherwise redirect `/route` to `/route/` (Cloudflare Pages):
 * the canonical URLs of the site have no trailing slash. See docs/hosting.md.
 */
import path from 'node:path';
import { readCommandLine } from '../engine/command-line.ts';
import { flattenHtml } from '../pipeline/postbuild.ts';

const { values } = readCommandLine({
  usage: 'npx tsx scripts/flatten-html.ts',
  summary:
    'After a build: moves every route/index.html to route.html, for hosts that redirect /route to /route/.',
  options: {
    dir: { type: 'string', value: '<dir>', help: 'the built site (default: dist/client)' },
  },
});
const dir = path.resolve(values.dir ?? 'dist/client');
console.log(
  `${flattenHtml(dir)} pages moved from route/index.html to route.html in ${path.relative(process.cwd(), dir) || '.'}.`,
);
