/**
 * The prerender, streamed: each page is rendered by Vike (renderPage on the server bundle),
 * finished (postbuild's CSS inlining and pruning) and written by a worker thread
 * (pipeline/render-worker.mjs), one at a time, so memory does not grow with the number of pages and
 * the main thread only keeps the books. Incremental: a page whose inputs did not change since the
 * last build is taken from that build's output instead of being rendered again (see `pageKey` for
 * what a page depends on).
 */
import { statSync } from 'node:fs';
import { copyFile, link } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { Worker } from 'node:worker_threads';
import { PageChangedError, type LoadedPage, type SiteModel } from '../engine/load-site.ts';
import { validatorMessages } from '../engine/errors.ts';
import { languageDependencies, siteLocales, translationOf } from '../engine/locales.ts';
import { splitLink } from '../engine/routes.ts';
import { sha1 } from '../engine/hash.ts';
import { asyncFolderMaker } from './folder-maker.ts';
import { workerModuleOf } from './worker-module.ts';
import type { Manifest, ManifestEntry } from './manifest.ts';
import { restorePages, type Restore } from './rendered-pages.ts';
import type { StoredAt } from '../engine/page-store.ts';
import type { SocialCard } from '../ui/image-manifest.ts';

export interface PrerenderJob {
  url: string;
  /**
   * The page of a route or alias; undefined for /404 (the worker has it) and the block catalogue.
   */
  loaded: LoadedPage | undefined;
  key: string;
}

/**
 * `/` → `index.html`, `/404` → `404.html`, `/pricing` → `pricing/index.html` (as Vike's prerender
 * writes them).
 */
const htmlFileOf = (url: string) =>
  url === '/' ? 'index.html' : url === '/404' ? '404.html' : `${url.slice(1)}/index.html`;

/**
 * What a page's HTML depends on besides the code (the bundle's key): the site config, the page's
 * text (its hash: the validated page follows from it and the validator's code, part of the bundle's
 * key), its URL and canonical route, its social card (its URL names the card's content), for
 * each page it links to, that page's route and anchors, and on a site with several languages the
 * pages it depends on there (`languageDependencies`).
 */
function pageKey(
  site: SiteModel,
  bundleKey: string,
  configKey: string,
  url: string,
  loaded: LoadedPage,
  social: Record<string, SocialCard>,
  pagesIn: (code: string) => string,
): string {
  const links = loaded.links.map((href) => {
    const target = site.routes.get(splitLink(href).path);
    return `${href}>${target ? `${target.route}#${target.anchors.join(',')}` : '-'}`;
  });
  const isPage = (route: string) => site.routes.get(route)?.route === route;
  const language = languageDependencies(
    siteLocales(site.config?.locales),
    loaded.route,
    isPage,
    (route) => site.routes.get(route)?.hash,
    pagesIn,
  );
  const card = JSON.stringify(social[loaded.route] ?? null);
  return sha1(bundleKey, configKey, url, loaded.hash, links.join('\n'), card, language);
}

/**
 * For each language, a hash of the routes of its pages (not aliases), worked out once per build
 * when first asked for.
 */
function pagesOfLanguage(site: SiteModel): (code: string) => string {
  const locales = siteLocales(site.config?.locales);
  if (!locales) return () => '';
  const byCode = new Map<string, string[]>();
  for (const [url, loaded] of site.routes)
    if (loaded.route === url) {
      const code = translationOf(url, locales)?.locale.code ?? '';
      let routes = byCode.get(code);
      if (!routes) byCode.set(code, (routes = []));
      routes.push(url);
    }
  const hashes = new Map<string, string>();
  return (code) => {
    let hash = hashes.get(code);
    if (hash === undefined) hashes.set(code, (hash = sha1(...(byCode.get(code) ?? []).sort())));
    return hash;
  };
}

/**
 * Every URL to prerender with its key: routes and aliases, the not-found page, the block catalogue
 * when asked for.
 */
export function prerenderJobs(
  site: SiteModel,
  bundleKey: string,
  catalogueUrls: string[],
  social: Record<string, SocialCard> = {},
): PrerenderJob[] {
  const configKey = sha1(JSON.stringify(site.config));
  const pagesIn = pagesOfLanguage(site);
  const jobs: PrerenderJob[] = [];
  for (const [url, loaded] of site.routes)
    jobs.push({
      url,
      loaded,
      key: pageKey(site, bundleKey, configKey, `${url}>${loaded.route}`, loaded, social, pagesIn),
    });
  if (site.notFound)
    jobs.push({
      url: '/404',
      loaded: undefined,
      key: pageKey(site, bundleKey, configKey, '/404', site.notFound, social, pagesIn),
    });
  for (const url of catalogueUrls)
    jobs.push({ url, loaded: undefined, key: sha1(bundleKey, configKey, url, 'catalogue') });
  return jobs;
}

/**
 * A page as a render worker gets it: where it is, what it was when the site was checked, and where
 * the validation kept its validated content. The worker reads that content itself
 * (pipeline/validated-pages.ts), so the main thread allocates nothing per page and its heap stays
 * flat while thousands of pages go by.
 */
const forWorker = (loaded: LoadedPage | undefined) =>
  loaded && {
    file: loaded.file,
    route: loaded.route,
    anchors: loaded.anchors,
    hash: loaded.hash,
    stored: loaded.stored,
  };

/** A translation's source page, which its blocks left untranslated are rendered from. */
function sourceFor(site: SiteModel, loaded: LoadedPage | undefined) {
  const translation = loaded && translationOf(loaded.route, siteLocales(site.config?.locales));
  return translation && forWorker(site.routes.get(translation.sourceRoute));
}

/**
 * The old-generation heap of each render worker, in MB. A worker keeps about 26 MB alive (the
 * server bundle, the stylesheets, the memoised CSS: measured flat over 10,000 pages); without a
 * limit V8 let each one grow to 100–150 MB, with it they stay near 65 MB, at the same CPU time
 * (1,000 pages, two runs each way). 64 MB lowered a 10,000-page build's peak by about 20 MB but
 * cost 22% more CPU in garbage collection (three runs each way).
 */
const RENDER_WORKER_MEMORY_MB = 128;

/**
 * The young generation of each render worker, in MB. A page's render allocates about a megabyte
 * that dies with it; V8's default let the young generation of each worker grow to tens of MB. At 8
 * MB the build's peak went from 234 to 179 MB at 60 pages and from 391 to 322 MB at 10,060, at the
 * same CPU time (five and three runs each way).
 */
const RENDER_WORKER_YOUNG_MB = 8;

/** What a worker reports of a page it wrote. */
interface WrittenPage {
  size: number;
  mtimeMs: number;
  sitemapUrl: string | undefined;
  /** Where the worker kept the page's HTML in the rendered-page store, when it could. */
  stored: StoredAt | undefined;
  crc32: number | undefined;
}

/**
 * Render workers, started as early as the bundle is known (they load it while the build validates
 * the site).
 */
export class RenderPool {
  private readonly workers: Worker[] = [];
  private readonly pending = new Map<
    number,
    {
      resolve: (written: WrittenPage) => void;
      reject: (error: Error) => void;
      url: string;
      worker: Worker;
    }
  >();
  private nextId = 0;
  /** The workers given a page (each has a pack of the store open). */
  private readonly given = new Set<Worker>();
  private failure: Error | undefined;
  private site: SiteModel | undefined;

  /**
   * `root`: the project (the workers read its pages); `outDir`: where they write the pages (the
   * staging folder's client/).
   */
  constructor(
    private readonly root: string,
    readonly serverEntry: string,
    private readonly outDir: string,
    private readonly storeDir: string,
  ) {}

  /** Starts workers until there are `size`. */
  ensure(size: number): this {
    while (this.workers.length < size) this.workers.push(this.start());
    return this;
  }

  private start(): Worker {
    const worker = new Worker(new URL('./render-worker.mjs', import.meta.url), {
      workerData: {
        root: this.root,
        serverEntry: this.serverEntry,
        workerModule: workerModuleOf(this.serverEntry),
        outDir: this.outDir,
        storeDir: this.storeDir,
      },
      env: { ...process.env, NODE_ENV: 'production' },
      execArgv: workerExecArgv(process.execArgv),
      resourceLimits: {
        maxOldGenerationSizeMb: RENDER_WORKER_MEMORY_MB,
        maxYoungGenerationSizeMb: RENDER_WORKER_YOUNG_MB,
      },
    });
    worker.on(
      'message',
      (message: { id?: number; written?: WrittenPage; error?: string; pageChanged?: boolean }) => {
        if (message.id === undefined) return;
        const job = this.pending.get(message.id)!;
        this.pending.delete(message.id);
        if (message.error !== undefined)
          job.reject(
            message.pageChanged ? new PageChangedError(message.error) : new Error(message.error),
          );
        else job.resolve(message.written!);
      },
    );
    worker.on('error', (error) => {
      if ((error as NodeJS.ErrnoException).code === 'ERR_WORKER_OUT_OF_MEMORY')
        this.fail(
          new Error(
            validatorMessages.renderWorkerOutOfMemory(
              RENDER_WORKER_MEMORY_MB,
              this.renderingOn(worker),
            ),
          ),
        );
      else this.fail(error instanceof Error ? error : new Error(String(error)));
    });
    worker.on('exit', (code) => {
      if (code !== 0 && !this.closing)
        this.fail(new Error(`A prerender worker stopped (exit ${code}).`));
    });
    if (this.site)
      worker.postMessage({
        config: this.site.config,
        notFound: forWorker(this.site.notFound),
        pageRoutes: this.site.pages.map((page) => page.route),
      });
    return worker;
  }

  private closing = false;

  /**
   * The URL a worker is rendering: its oldest job not answered yet (it works through them in
   * order).
   */
  private renderingOn(worker: Worker): string | undefined {
    for (const job of this.pending.values()) if (job.worker === worker) return job.url;
    return undefined;
  }

  private fail(error: Error) {
    this.failure ??= error;
    for (const job of this.pending.values()) job.reject(error);
    this.pending.clear();
  }

  get size() {
    return this.workers.length;
  }

  setSite(site: SiteModel) {
    if (this.site === site) return;
    this.site = site;
    const notFound = forWorker(site.notFound);
    const pageRoutes = site.pages.map((page) => page.route);
    for (const worker of this.workers)
      worker.postMessage({ config: site.config, notFound, pageRoutes });
  }

  /** Renders, finishes and writes the page of `job` to `file` (relative to the output folder). */
  render(worker: number, job: PrerenderJob, file: string): Promise<WrittenPage> {
    if (this.failure) return Promise.reject(this.failure);
    const id = this.nextId++;
    const thread = this.workers[worker]!;
    this.given.add(thread);
    return new Promise((resolve, reject) => {
      this.pending.set(id, { resolve, reject, url: job.url, worker: thread });
      thread.postMessage({
        id,
        key: job.key,
        url: job.url,
        loaded: forWorker(job.loaded),
        source: this.site && sourceFor(this.site, job.loaded),
        file,
      });
    });
  }

  /**
   * Stops the workers; one that was given pages first closes its pack of the rendered-page store
   * (after the pages it has), or is given a second to.
   */
  close(): Promise<void> {
    this.closed ??= this.stop();
    return this.closed;
  }

  private closed: Promise<void> | undefined;

  private async stop() {
    this.closing = true;
    await Promise.all(
      this.workers.map(async (worker) => {
        if (this.given.has(worker))
          await new Promise<void>((resolve) => {
            const done = () => {
              clearTimeout(timer);
              resolve();
            };
            const timer = setTimeout(done, 1000);
            worker.on('message', (message: { closed?: boolean }) => message.closed && done());
            worker.once('exit', done);
            worker.postMessage({ close: true });
          });
        await worker.terminate();
      }),
    );
  }
}

/**
 * The Node options of a render worker: the process's own (`undefined`: inherited) unless tsx's
 * loader is among them. A worker refuses V8's options (`--stack-trace-limit`, `--max-old-space-size`)
 * when they are given to it, not when it inherits them: a build started as `node --flag
 * scripts/run-compiled.mjs scripts/build.ts` failed at its first page.
 */
export function workerExecArgv(argv: readonly string[]): string[] | undefined {
  const without = withoutTypeScriptLoader(argv);
  return without.length === argv.length ? undefined : without;
}

/**
 * Node's options without tsx's loader (`--import tsx`, `--require …/tsx/…`): the workers run plain
 * JavaScript only.
 */
export function withoutTypeScriptLoader(argv: readonly string[]): string[] {
  const loaderOption = /^--(?:import|require|loader|experimental-loader)(?:=(.*))?$/;
  const isTsx = (value: string | undefined) =>
    value !== undefined && /(^|[/\\])tsx([/\\]|$)/.test(value);
  const out: string[] = [];
  for (let i = 0; i < argv.length; i++) {
    const option = loaderOption.exec(argv[i]!);
    if (option && option[1] === undefined && isTsx(argv[i + 1])) i++;
    else if (!option || !isTsx(option[1])) out.push(argv[i]!);
  }
  return out;
}

const cores = () =>
  typeof os.availableParallelism === 'function' ? os.availableParallelism() : os.cpus().length;

/** The most render workers a build starts. */
const MAX_WORKERS = 4;

/**
 * How many workers pay for themselves: each costs about half a second to load the server bundle.
 * While the main thread draws social cards (`cardsLeft`), it has a core of its own: one worker
 * fewer. A cold build of 1,000 pages on 2 cores, alternated three times each way: 14.1–14.8 s of
 * user CPU against 15.5–16.0 s, peak memory 350–359 MB against 504–507 MB.
 */
export function poolSize(toRender: number, cardsLeft = false): number {
  const free = cores() - (cardsLeft ? 1 : 0);
  return Math.max(1, Math.min(free, MAX_WORKERS, Math.ceil(toRender / 50)));
}

/**
 * Pages still to render for which a worker started late pays for itself (its start costs what
 * rendering about 150 pages does).
 */
const PAGES_WORTH_A_WORKER = 200;

/** Whether the pool may have one worker more (on a core the card drawing no longer needs). */
const mayGrow = (pool: RenderPool) => pool.size < Math.min(cores(), MAX_WORKERS);

export interface PrerenderResult {
  rendered: number;
  reused: number;
  /** Of the pages reused, those written from the rendered-page store (no previous file to link). */
  restored: number;
  sitemap: string[];
  entries: Record<string, ManifestEntry>;
}

/** The previous build's entry of a page whose key is unchanged. */
const unchanged = (previous: Manifest | undefined, job: PrerenderJob) => {
  const entry = previous?.pages[job.url];
  return entry?.key === job.key ? entry : undefined;
};

/** Whether the previous build's file of `entry` is still the one it wrote. */
function stillWritten(previousDir: string, entry: ManifestEntry): boolean {
  try {
    const stat = statSync(path.join(previousDir, entry.file));
    return stat.size === entry.size && stat.mtimeMs === entry.mtimeMs;
  } catch {
    return false;
  }
}

/** `entry` when the rendered-page store keeps its HTML. */
const kept = (entry: ManifestEntry): Restore['entry'] | undefined =>
  entry.stored && entry.crc32 !== undefined
    ? { ...entry, stored: entry.stored, crc32: entry.crc32 }
    : undefined;

async function place(from: string, to: string, makeFolder: (folder: string) => Promise<void>) {
  await makeFolder(path.dirname(to));
  try {
    await link(from, to);
  } catch {
    await copyFile(from, to);
  }
}

/**
 * Writes every page into `outDir` (the staging folder's client/): an unchanged page linked from
 * `previousDir`, or written from the rendered-page store in `storeDir` when that file is gone; any
 * other page rendered by `pool` (started with `poolFor` when first needed) and finished.
 */
export async function prerender(options: {
  jobs: PrerenderJob[];
  outDir: string;
  previous: Manifest | undefined;
  previousDir: string;
  storeDir: string;
  pool: (toRender: number) => RenderPool;
  /** Settles when the main thread no longer draws cards: a core for one more worker. */
  coreFreed?: Promise<unknown>;
}): Promise<PrerenderResult> {
  const { jobs, outDir, previous, previousDir } = options;
  const makeFolder = asyncFolderMaker(outDir);
  const entries: Record<string, ManifestEntry> = {};
  const sitemap: string[] = [];
  const toRender: PrerenderJob[] = [];
  const restores: Array<Restore & { job: PrerenderJob }> = [];
  // Unchanged pages are linked or written in the background (the thread pool, so the other core)
  // while the changed ones are rendered.
  const placed: Array<Promise<void>> = [];
  for (const job of jobs) {
    const entry = unchanged(previous, job);
    if (entry && stillWritten(previousDir, entry)) {
      placed.push(
        place(path.join(previousDir, entry.file), path.join(outDir, entry.file), makeFolder),
      );
      entries[job.url] = entry;
      if (entry.sitemapUrl) sitemap.push(entry.sitemapUrl);
      continue;
    }
    const stored = entry && kept(entry);
    if (stored)
      restores.push({ key: job.key, entry: stored, target: path.join(outDir, stored.file), job });
    else toRender.push(job);
  }
  const restoring = restorePages(options.storeDir, restores, makeFolder);
  restoring.catch(() => {}); // awaited below; this only keeps a failure from counting as unhandled meanwhile
  const done = (async () => {
    if (toRender.length)
      await renderAll(toRender, options.pool, entries, sitemap, options.coreFreed);
    const { written, missing } = await restoring;
    for (const [{ job }, entry] of written) {
      entries[job.url] = entry;
      if (entry.sitemapUrl) sitemap.push(entry.sitemapUrl);
    }
    // A record that could not be read back: the page is rendered after all.
    if (missing.length)
      await renderAll(
        missing.map(({ job }) => job),
        options.pool,
        entries,
        sitemap,
      );
    return { rendered: toRender.length + missing.length, restored: written.size };
  })();
  // Settled before the build goes on, or discards the staging folder while files are made in it.
  await Promise.allSettled([done, restoring, ...placed]);
  const { rendered, restored } = await done;
  await Promise.all(placed);
  return { rendered, reused: jobs.length - rendered, restored, sitemap, entries };
}

/**
 * Jobs sent to each worker ahead of its answers. The main thread draws the social cards meanwhile,
 * a few milliseconds at a time without a break: with two jobs (one rendering, one queued) a worker
 * that finished both waited for the main thread, and a cold build of 10,000 pages rendered them in
 * 48 s instead of 28 s.
 */
const JOBS_IN_FLIGHT = 8;

/** Renders `toRender` with the pool's workers, each page's manifest entry and sitemap URL noted. */
async function renderAll(
  toRender: PrerenderJob[],
  poolFor: (toRender: number) => RenderPool,
  entries: Record<string, ManifestEntry>,
  sitemap: string[],
  coreFreed?: Promise<unknown>,
) {
  const pool = poolFor(toRender.length);
  let next = 0;
  const written = (job: PrerenderJob, file: string, page: WrittenPage) => {
    entries[job.url] = {
      key: job.key,
      file,
      size: page.size,
      mtimeMs: page.mtimeMs,
      ...(page.sitemapUrl ? { sitemapUrl: page.sitemapUrl } : {}),
      ...(page.stored ? { stored: page.stored, crc32: page.crc32 } : {}),
    };
    if (page.sitemapUrl) sitemap.push(page.sitemapUrl);
  };
  const lane = async (worker: number) => {
    const inFlight: Array<Promise<void>> = [];
    const start = (job: PrerenderJob) => {
      const file = htmlFileOf(job.url);
      const done = pool.render(worker, job, file).then((page) => written(job, file, page));
      done.catch(() => {}); // awaited below; this only keeps a failure from counting as unhandled meanwhile
      return done;
    };
    while (next < toRender.length) {
      inFlight.push(start(toRender[next++]!));
      if (inFlight.length >= JOBS_IN_FLIGHT) await inFlight.shift();
    }
    await Promise.all(inFlight);
  };
  const lanes = Array.from({ length: pool.size }, (_, worker) => lane(worker));
  // A worker more once the cards are drawn, when enough pages are left to pay for its start.
  let late: Promise<void> | undefined;
  let finished = false;
  void coreFreed?.then(
    () => {
      if (!finished && toRender.length - next >= PAGES_WORTH_A_WORKER && mayGrow(pool))
        late = lane(pool.ensure(pool.size + 1).size - 1);
    },
    () => {},
  );
  await Promise.all(lanes);
  finished = true;
  await late;
}
