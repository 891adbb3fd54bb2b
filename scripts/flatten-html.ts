/**
 * tsx scripts/flatten-html.ts [--dir dist/client]
 *
 * After `npm run build`: moves every `route/index.html` to `route.html` (the home page stays `index.html`), for hosts
 * that would otherwise redirect `/route` to `/route/` (Cloudflare Pages): the canonical URLs of the site have no
 * trailing slash. See docs/hosting.md.
 */
import path from 'node:path';
import { flattenHtml } from '../pipeline/postbuild.ts';

const args = process.argv.slice(2);
const dir = path.resolve(args.includes('--dir') ? args[args.indexOf('--dir') + 1]! : 'dist/client');
console.log(
  `${flattenHtml(dir)} pages moved from route/index.html to route.html in ${path.relative(process.cwd(), dir) || '.'}.`,
);
