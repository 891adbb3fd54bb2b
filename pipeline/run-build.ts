/**
 * `npm run build`, as a list of steps (see `STEPS`). Everything is written into a staging folder
 * that replaces dist/ only when every step succeeded; an interrupted or failed build leaves dist/
 * as it was. Cached in `.cache/build/`: the bundles (by a hash of the code, config and package
 * versions) and the pages of the last build (by a hash of what each page depends on), so a build
 * after a YAML edit re-renders only the pages that change.
 */
import { existsSync, rmSync } from 'node:fs';
import path from 'node:path';
import { parseCommandLine, type CommandSpec } from '../engine/command-line.ts';
import { validatorMessages } from '../engine/errors.ts';
import { PageChangedError, type SiteModel } from '../engine/load-site.ts';
import { PAGE_CHECKER_ENTRY } from '../engine/page-checkers.ts';
import { CATALOGUE_ROOT } from '../renderer/vike/catalogue/catalogue-root.ts';
import { blockTypes } from '../blocks/schemas.ts';
import { updateGeneratedFiles } from './generated-files.ts';
import { writeSiteFiles } from './postbuild.ts';
import { validateAndReport } from '../engine/validation-report.ts';
import { compiledModule } from './compiled-module.mjs';
import { prepareImages, publishImages } from './images/prepare.ts';
import { bundle, bundleKey, BundleInputsChangedError, type Bundle } from './bundle.ts';
import { workerModuleOf } from './worker-module.ts';
import type { SocialCard } from '../ui/image-manifest.ts';
import { inputsFingerprint, readManifest, writeManifest, type Manifest } from './manifest.ts';
import { acquireLock, prepareOutput, type Output } from './output.ts';
import { renderedPagesDir, storeHoldsEvery, tidyRenderedPages } from './rendered-pages.ts';
import {
  poolSize,
  prerender,
  prerenderJobs,
  RenderPool,
  type PrerenderResult,
} from './prerender.ts';

export interface BuildOptions {
  root: string;
  /** Ignore the cache: bundle and render everything. */
  clean: boolean;
  /** Include the block catalogue (/_blocks). */
  catalogue: boolean;
}

const BUILD_COMMAND = {
  usage: 'npm run build --',
  summary:
    'Validates the site, then bundles and prerenders every route into dist/ (replaced only when every step succeeded).',
  options: {
    clean: {
      type: 'boolean',
      help: 'ignore the build cache (.cache/build/): bundle and render everything',
    },
    catalogue: {
      type: 'boolean',
      help: 'include the block catalogue (/_blocks; also BUILD_CATALOGUE=1)',
    },
  },
} as const satisfies CommandSpec;

export function parseBuildArgs(
  argv: string[],
): { clean: boolean; catalogue: boolean } | { help: string } | { error: string } {
  const line = parseCommandLine(BUILD_COMMAND, argv);
  if (!('values' in line)) return line;
  return {
    clean: line.values.clean ?? false,
    catalogue: (line.values.catalogue ?? false) || process.env.BUILD_CATALOGUE === '1',
  };
}

/** What the steps share. */
interface Context {
  options: BuildOptions;
  cacheDir: string;
  distDir: string;
  output: Output;
  env: NodeJS.ProcessEnv;
  /** Aborted when the build is interrupted: stops the bundler's process. */
  abort: AbortController;
  /** What the last build wrote (undefined with --clean). */
  previous?: Manifest;
  site?: SiteModel;
  /**
   * The bundles, started with the build: the bundler needs nothing of the generated files or the
   * validation, so its start-up (loading Vite, Vike's config) and its builds overlap them.
   */
  bundling?: Promise<Bundle>;
  /** Whether the bundle was in the cache (no bundler runs beside the validation). */
  bundleCached?: boolean;
  bundle?: Bundle;
  pool?: RenderPool;
  prerendered?: PrerenderResult;
  /**
   * Changes when an image the pages show changes (its variants get new URLs): every page is
   * rendered again.
   */
  imagesKey?: string;
  /** The social card of each route (part of its page's key). */
  socialCards?: Record<string, SocialCard>;
  /** `inputsFingerprint` of this build, taken once the generated files are written. */
  fingerprint?: string;
  /**
   * Settles when the social cards drawn in the background are in the output folder, with the
   * images' summary line.
   */
  imagesPublished?: Promise<string>;
  /** Says the cards are all the build still waits for (pipeline/social/cards.ts › hurry). */
  hurryImages?: () => void;
  /** Settles when the social cards are drawn (the main thread's core is free again). */
  cardsDrawn?: Promise<unknown>;
  /** Whether cards are still being drawn. */
  cardsLeft?: boolean;
  log: string[];
}

class BuildStopped extends Error {}

const catalogueUrls = () => [
  CATALOGUE_ROOT,
  ...blockTypes.map((type) => `${CATALOGUE_ROOT}/${type}`),
];

/** The steps of a build, in order. A step that needs another's result finds it in the context. */
const STEPS: Array<{ name: string; run: (context: Context) => void | Promise<void> }> = [
  {
    name: 'schemas',
    run: async (context) => {
      context.log.push(
        await updateGeneratedFiles(context.options.root, context.cacheDir, context.options.clean),
      );
      startRendererEarly(context);
    },
  },
  {
    name: 'validation',
    run: async (context) => {
      const { root, clean } = context.options;
      // While Vite bundles (a process of its own, on the other core), a helper thread checking pages
      // would only share a core: its start (loading the validator, about 0.2 s of CPU) is then lost.
      const checkerModule = context.bundleCached
        ? () => compiledModule(root, PAGE_CHECKER_ENTRY)
        : undefined;
      const { exitCode, site } = await validateAndReport({
        root,
        format: 'pretty',
        cache: !clean,
        storePages: true,
        keepPages: false,
        checkerModule,
      });
      if (exitCode) throw new BuildStopped(validatorMessages.buildStopped);
      context.site = site;
    },
  },
  // Images (sharp and satori, in this process) and the bundle (Vite, in a child process, started
  // with the build) need nothing of each other: run together they use both cores, which halves a
  // cold build's longest wait. Social cards are drawn in the background while the pages are
  // rendered (their URLs are known before they are drawn); the images are published once drawn,
  // next to the bundle's files, which they never replace (the render workers read the bundle's CSS).
  {
    name: 'images + bundle',
    run: async (context) => {
      const [prepared, bundled] = await Promise.all([
        prepareImages({
          root: context.options.root,
          site: context.site!,
          includeExamples: context.options.catalogue,
        }),
        context.bundling!,
      ]);
      context.imagesKey = prepared.pagesKey;
      context.socialCards = prepared.manifest.social;
      context.bundle = bundled;
      context.output.copyBundle(bundled.dir);
      context.imagesPublished = prepared.done.then((summary) => {
        publishImages(prepared.manifest, path.join(context.output.staging, 'client'));
        return summary;
      });
      context.imagesPublished.catch(() => {}); // awaited in 'site files'; this only keeps a failure from counting as unhandled meanwhile
      context.hurryImages = prepared.hurry;
      context.cardsLeft = prepared.made.cards > 0;
      context.cardsDrawn = prepared.done.finally(() => (context.cardsLeft = false));
      context.cardsDrawn.catch(() => {}); // the failure is the images' own, reported in 'site files'
    },
  },
  {
    name: 'prerender',
    run: async (context) => {
      const site = context.site!;
      const bundled = context.bundle!;
      // A pool started early loaded the bundle cached then: if the build made another one, that
      // pool is of no use.
      if (context.pool && context.pool.serverEntry !== bundled.serverEntry) {
        await context.pool.close();
        context.pool = undefined;
      }
      const jobs = prerenderJobs(
        site,
        `${bundled.key}:${context.imagesKey ?? ''}`,
        context.options.catalogue ? catalogueUrls() : [],
        context.socialCards,
      );
      context.prerendered = await prerender({
        jobs,
        outDir: path.join(context.output.staging, 'client'),
        previous: context.previous,
        previousDir: path.join(context.distDir, 'client'),
        storeDir: renderedPagesDir(context.cacheDir),
        coreFreed: context.cardsLeft ? context.cardsDrawn : undefined,
        pool: (toRender) => {
          context.pool ??= new RenderPool(
            context.options.root,
            bundled.serverEntry,
            path.join(context.output.staging, 'client'),
            renderedPagesDir(context.cacheDir),
          );
          context.pool.ensure(poolSize(toRender, context.cardsLeft));
          context.pool.setSite(site);
          return context.pool;
        },
      });
    },
  },
  {
    name: 'site files',
    run: async (context) => {
      context.hurryImages!();
      context.log.unshift(await context.imagesPublished!);
      const urls = writeSiteFiles(
        context.options.root,
        path.join(context.output.staging, 'client'),
        context.prerendered!.sitemap,
        context.site!.config!,
      );
      context.log.push(`sitemap.xml (${urls} URLs), robots.txt`);
    },
  },
];

/**
 * With the bundle already cached and something to render, render workers load the bundle while the
 * site is validated: one when something changed since the last build, as many as the prerender will
 * use when dist/ is gone (every page is rendered again). Taken after the generated files are
 * written (the build's own writes come first); the prerender still checks that the pool's bundle is
 * the one the build ends up with.
 */
function startRendererEarly(context: Context) {
  const { root, clean } = context.options;
  const key = bundleKey(root);
  const cachedEntry = path.join(context.cacheDir, 'bundle', key, 'server', 'entry.mjs');
  context.fingerprint = inputsFingerprint(root, key);
  context.bundleCached =
    !clean && existsSync(cachedEntry) && existsSync(workerModuleOf(cachedEntry));
  if (!context.bundleCached) return;
  const storeDir = renderedPagesDir(context.cacheDir);
  const everyPage =
    context.previous &&
    !existsSync(path.join(context.distDir, 'client')) &&
    !storeHoldsEvery(context.previous.pages, storeDir);
  if (!everyPage && context.previous?.inputs === context.fingerprint) return;
  context.pool = new RenderPool(
    root,
    cachedEntry,
    path.join(context.output.staging, 'client'),
    storeDir,
  );
  context.pool.ensure(everyPage ? poolSize(Object.keys(context.previous!.pages).length) : 1);
}

/** Where the rendered-page store is, as the build's summary names it. */
const RENDERED_PAGES = '.cache/build/pages/';

const lap = (ms: number) => (ms < 1000 ? `${Math.round(ms)} ms` : `${(ms / 1000).toFixed(1)} s`);

/** Runs a build; returns the exit code. Messages go to the console. */
export async function runBuild(options: BuildOptions): Promise<number> {
  const started = performance.now();
  const cacheDir = path.join(options.root, '.cache', 'build');
  const distDir = path.join(options.root, 'dist');
  const manifestFile = path.join(cacheDir, 'manifest.json');
  let release: () => void;
  try {
    release = acquireLock(path.join(cacheDir, 'build.lock'));
  } catch (error) {
    console.error((error as Error).message);
    return 1;
  }
  const env = { ...process.env, NODE_ENV: 'production' };
  const context: Context = {
    options,
    cacheDir,
    distDir,
    output: prepareOutput(distDir, cacheDir),
    env,
    abort: new AbortController(),
    log: [],
  };
  let committed = false;
  const stop = (signal: NodeJS.Signals) => {
    context.abort.abort();
    context.output.discard();
    release();
    if (!committed) console.error(`\n${validatorMessages.buildInterrupted(signal)}`);
    process.exit(signal === 'SIGINT' ? 130 : 143);
  };
  process.once('SIGINT', stop);
  process.once('SIGTERM', stop);
  const timings: string[] = [];
  try {
    if (options.clean) rmSync(path.join(cacheDir, 'bundle'), { recursive: true, force: true });
    else context.previous = readManifest(manifestFile);
    context.bundling = bundle(options.root, cacheDir, env, context.abort.signal);
    // Awaited in 'images + bundle'; this only keeps a failure from counting as unhandled when an
    // earlier step fails first.
    context.bundling.catch(() => {});
    for (const step of STEPS) {
      const stepStarted = performance.now();
      await step.run(context);
      timings.push(`${step.name} ${lap(performance.now() - stepStarted)}`);
    }
    // The manifest describes dist/: removed before dist/ is replaced, so that a build stopped
    // between the two leaves none (every page is rendered again) rather than one of the dist/
    // before.
    rmSync(manifestFile, { force: true });
    context.output.commit();
    committed = true;
    const { entries } = context.prerendered!;
    writeManifest(manifestFile, entries, context.fingerprint!);
    // Once the workers closed their packs (the store's new records are complete). Only a cache:
    // a store that cannot be tidied leaves the build as it is.
    await context.pool?.close();
    try {
      tidyRenderedPages(renderedPagesDir(cacheDir), entries, () =>
        writeManifest(manifestFile, entries, context.fingerprint!),
      );
    } catch {
      // Tidied by a later build.
    }
  } catch (error) {
    // A bundler still running (an earlier step failed) would keep the build's process alive.
    context.abort.abort();
    context.output.discard();
    if (
      error instanceof BuildStopped ||
      error instanceof PageChangedError ||
      error instanceof BundleInputsChangedError
    )
      console.error(`\n${error.message}`);
    else
      console.error(
        `${error instanceof Error ? (error.stack ?? error.message) : String(error)}\n\n${validatorMessages.buildFailed}`,
      );
    return 1;
  } finally {
    process.off('SIGINT', stop);
    process.off('SIGTERM', stop);
    await context.pool?.close();
    release();
  }
  const { rendered, reused, restored } = context.prerendered!;
  if (restored) context.log.push(`${restored} unchanged pages written from ${RENDERED_PAGES}`);
  for (const line of context.log) console.log(line);
  console.log(
    `Built in ${lap(performance.now() - started)}: ${rendered} pages rendered, ${reused} unchanged; bundle ${context.bundle!.built ? 'built' : 'cached'}. ${timings.join(', ')}.`,
  );
  return 0;
}
