// One prerender worker thread: loads the bundled server (Vike + vike-react, built by `vike build`)
// and, for each page the build sends it, renders it (pipeline/page-renderer.ts: Vike's own
// renderPage(), or the document Vike renders without its per-request work once that has proved
// equal), finishes it (pipeline/postbuild.ts's pageFinisher: CSS inlined and pruned, module
// preloads) and writes it, so that the main thread does no per-page work and no page's HTML crosses
// threads. The build has validated the site already: each job names its page's file, the hash its
// text had then and where the validation kept its validated content; the worker reads it from
// there, or reads the file again (refused if it changed) and validates it
// (pipeline/validated-pages.ts), and hands it to the renderer through renderer/site/load.ts's PROVIDED_SITE instead of loading the
// whole site again. Plain JavaScript, and started without the build's TypeScript loader: the
// server bundle, Vike, renderer and finisher come compiled into one module next to the bundle
// (pipeline/worker-module.ts).
import { statSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import { parentPort, workerData } from 'node:worker_threads';
import { crc32 } from 'node:zlib';

const PROVIDED_SITE = Symbol.for('staylix.providedSite');
const routes = new Map();
const site = { config: undefined, notFound: undefined, routes, pages: [], diagnostics: [] };
globalThis[PROVIDED_SITE] = site;

const T0 = performance.now();
const trace = (what) =>
  process.env.BUILD_TRACE &&
  console.error(`[worker] ${what} ${Math.round(performance.now() - T0)} ms`);
// The worker starts while the build validates the site: the site's config comes later, with the
// first message.
const {
  renderPage,
  folderMaker,
  pageFinisher,
  pageRenderer,
  PageChangedError,
  validatedPageReader,
  PageStoreWriter,
  textRecord,
  contentOf,
} = await import(pathToFileURL(workerData.workerModule).href);
const renderer = pageRenderer(renderPage);
const readValidPage = validatedPageReader(workerData.root);
trace('loaded');

// Jobs run one after the other (the router reads `routes`, which holds the current job's page
// only).
let queue = Promise.resolve();
parentPort.on('message', (message) => {
  queue = queue.then(() => handle(message));
});

/**
 * Made at the first page: the output folder's stylesheets are copied there before the prerender
 * starts.
 */
let finish;
const makeFolder = folderMaker();

/** This worker's pack in the rendered-page store (pipeline/rendered-pages.ts). */
const store = new PageStoreWriter(workerData.storeDir);

/**
 * A page the main thread named (file, route, anchors, hash, where its validated content is kept),
 * that content read on first use.
 */
function pageOf(named) {
  if (!named) return undefined;
  let page;
  return {
    ...named,
    get page() {
      return (page ??= readValidPage(named.file, named.hash, named.stored));
    },
  };
}

function render(url, loaded, source) {
  // Only the page being rendered is known to the router (with a translation's source page, whose
  // blocks it may show): every other URL belongs to no page; `site.pageRoutes` says which pages
  // exist.
  routes.clear();
  if (source) routes.set(source.route, pageOf(source));
  if (loaded) {
    const named = pageOf(loaded);
    // Read before Vike runs: a page changed since it was checked is refused with its message alone,
    // not a hook's stack.
    void named.page;
    routes.set(url, named);
  }
  return renderer.render(url);
}

async function handle({ id, key, url, loaded, source, file, config, notFound, pageRoutes, close }) {
  if (close) {
    store.close();
    parentPort.postMessage({ closed: true });
    return;
  }
  if (config) {
    site.config = config;
    site.notFound = pageOf(notFound);
    site.pageRoutes = new Set(pageRoutes);
    return;
  }
  try {
    trace('job');
    finish ??= pageFinisher(workerData.outDir);
    trace('finisher');
    const rendered = await render(url, loaded, source);
    trace(`rendered (headers, footers and blocks reused so far: ${renderer.subtrees.reused})`);
    const page = finish(url, rendered);
    trace('finished');
    const target = path.join(workerData.outDir, file);
    makeFolder(path.dirname(target));
    // The page's bytes once: written to its file and kept in the store under its key.
    const record = textRecord(key, page.pieces);
    const bytes = contentOf(key, record);
    writeFileSync(target, bytes);
    const stored = store.append(record);
    const stat = statSync(target);
    parentPort.postMessage({
      id,
      written: {
        size: stat.size,
        mtimeMs: stat.mtimeMs,
        sitemapUrl: page.sitemapUrl,
        stored,
        crc32: stored && crc32(bytes),
      },
    });
  } catch (error) {
    // A page changed since it was checked is the author's to fix (its message alone); anything else
    // is the build's.
    if (error instanceof PageChangedError)
      parentPort.postMessage({ id, error: error.message, pageChanged: true });
    else
      parentPort.postMessage({
        id,
        error: error instanceof Error ? (error.stack ?? error.message) : String(error),
      });
  }
}
parentPort.postMessage({ ready: true });
