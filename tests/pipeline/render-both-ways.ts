/**
 * node --import tsx tests/pipeline/render-both-ways.ts <bundle dir>: renders every route of the
 * site (aliases and the not-found page included) as a render worker does —
 * pipeline/page-renderer.ts, which goes without Vike once a template has proved equal — and again
 * with Vike's renderPage(), and prints what it compared as JSON. Run by page-renderer.test.ts in a
 * process of its own: the server bundle and Vike must be Node's own modules, not Vitest's.
 */
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import { loadSite, type LoadedPage } from '../../engine/load-site.ts';
import { siteLocales, translationOf } from '../../engine/locales.ts';

const [bundleDir] = process.argv.slice(2);
if (!bundleDir) throw new Error('usage: render-both-ways.ts <bundle dir>');
const root = path.resolve(import.meta.dirname, '../..');
const site = loadSite({ root, includeDrafts: false, keepPages: true });
const routes = new Map<string, LoadedPage>();
const providedSite = {
  config: site.config,
  notFound: site.notFound,
  routes,
  // As in a render worker (pipeline/render-worker.mjs): every page route is known, a translation's
  // source is at hand.
  pageRoutes: new Set(site.pages.map((page) => page.route)),
  pages: [],
  diagnostics: [],
};
(globalThis as Record<symbol, unknown>)[Symbol.for('staylix.providedSite')] = providedSite;
const locales = siteLocales(site.config?.locales);

// The render workers' module: the server bundle, Vike's renderPage and the page renderer, compiled
// together (pipeline/worker-module.ts).
const { pageFinisher, pageRenderer, renderPage } = (await import(
  pathToFileURL(path.join(bundleDir, 'worker.mjs')).href
)) as typeof import('../../pipeline/worker-exports.ts') & typeof import('vike/server');
const renderer = pageRenderer(renderPage as never);
// The page finisher's quick way (the inlined CSS set aside) and every step on the whole page.
const quick = pageFinisher(path.join(bundleDir, 'client'));
const whole = pageFinisher(path.join(bundleDir, 'client'), { quick: false });
const finishDiffer: string[] = [];
// The quick way keeps the page's pieces apart (the inlined CSS, see FinishedPage): what they make up
// must be its HTML, and the same as the whole page's.
const finished = (page: ReturnType<typeof quick>) =>
  JSON.stringify({ ...page, pieces: page.pieces.join('') });

/**
 * Copies of the page with the most blocks, each with its own title (as the build benchmark's
 * pages): every block but the hero is the same on each, so the renderer reuses their HTML from the
 * first copies on the later ones, which must still be Vike's byte for byte.
 */
function copiesOfFullestPage(count: number): Map<string, LoadedPage> {
  const fullest = [...site.routes.values()]
    .filter((loaded) => !translationOf(loaded.route, locales))
    .sort((a, b) => b.page.blocks.length - a.page.blocks.length)[0]!;
  const copies = new Map<string, LoadedPage>();
  for (let n = 1; n <= count; n++) {
    const route = `${fullest.route}-copy-${n}`;
    const page = {
      ...fullest.page,
      title: `${fullest.page.title} ${n}`,
      blocks: fullest.page.blocks.map((block) =>
        block.type === 'hero' ? { ...block, title: `${block.title} ${n}` } : block,
      ),
    };
    const copy = Object.assign(Object.create(Object.getPrototypeOf(fullest) as object), fullest, {
      route,
    }) as LoadedPage;
    Object.defineProperty(copy, 'page', { value: page });
    copies.set(route, copy);
  }
  return copies;
}
const copies = copiesOfFullestPage(4);
const allRoutes = new Map([...site.routes, ...copies]);
providedSite.pageRoutes = new Set([...providedSite.pageRoutes, ...copies.keys()]);

const urls = [...allRoutes.keys(), '/404'];
const differ: string[] = [];
for (const url of urls) {
  routes.clear();
  const loaded = allRoutes.get(url);
  const translation = loaded && translationOf(loaded.route, locales);
  const source = translation && site.routes.get(translation.sourceRoute);
  if (source) routes.set(source.route, source);
  if (loaded) routes.set(url, loaded);
  const rendered = await renderer.render(url);
  const byVike = await renderPage({ urlOriginal: url });
  if (rendered !== byVike.httpResponse?.body) differ.push(url);
  const page = quick(url, rendered);
  if (page.pieces.join('') !== page.html || finished(page) !== finished(whole(url, rendered)))
    finishDiffer.push(url);
}
console.log(
  JSON.stringify({
    compared: urls.length,
    copies: copies.size,
    differ,
    counts: renderer.counts,
    subtrees: renderer.subtrees,
    finishDiffer,
    finishCounts: quick.counts,
  }),
);
