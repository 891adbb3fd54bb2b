// One prerender worker thread: loads the bundled server (Vike + vike-react, built by `vike build`) and renders the pages
// the build sends it with Vike's own renderPage(), one at a time. Plain JavaScript so that a worker starts without a
// TypeScript loader. The build has validated the site already: each job carries its page, and the renderer reads it
// through renderer/site/load.ts's PROVIDED_SITE instead of loading the whole site again.
import { parentPort, workerData } from 'node:worker_threads';
import { pathToFileURL } from 'node:url';

const PROVIDED_SITE = Symbol.for('staylix.providedSite');
const routes = new Map();
const site = { config: undefined, notFound: undefined, routes, pages: [], diagnostics: [] };
globalThis[PROVIDED_SITE] = site;

// The worker starts while the build validates the site: the site's config comes later, with the first message.
await import(pathToFileURL(workerData.serverEntry).href);
const { renderPage } = await import('vike/server');

// Jobs run one after the other (the router reads `routes`, which holds the current job's page only).
let queue = Promise.resolve();
parentPort.on('message', (message) => {
  queue = queue.then(() => handle(message));
});

async function handle({ id, url, loaded, config, notFound }) {
  if (config) {
    site.config = config;
    site.notFound = notFound;
    return;
  }
  // Only the page being rendered is known to the router: every other URL belongs to no page.
  routes.clear();
  if (loaded) routes.set(url, loaded);
  try {
    const { httpResponse, errorWhileRendering } = await renderPage({ urlOriginal: url });
    if (errorWhileRendering) throw errorWhileRendering;
    if (!httpResponse) throw new Error(`Vike rendered nothing for ${url}`);
    const expected = url === '/404' ? 404 : 200;
    if (httpResponse.statusCode !== expected) throw new Error(`${url} rendered with status ${httpResponse.statusCode} (expected ${expected})`);
    parentPort.postMessage({ id, html: httpResponse.body });
  } catch (error) {
    parentPort.postMessage({ id, error: error instanceof Error ? (error.stack ?? error.message) : String(error) });
  }
}
parentPort.postMessage({ ready: true });
