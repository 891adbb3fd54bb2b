/**
 * npm run bench:scale [-- --sizes 60,1000,5000,10000] [--incremental] [--translations] [--keep]
 * [--no-build]
 *   [--cards <dir>]
 *
 * How the page builder scales: for each N, copies the project into a temp folder, adds N synthetic
 * solution pages (copies of the real solution pages with varied titles, descriptions and copy, each
 * linking to real pages), then runs the project's own commands on it, each in a fresh Node process
 * exactly as npm runs it:
 *   - validate: `npm run validate` (its own timing of the check of every page, and the whole process);
 *   - dev server: `npm run dev` (its first start in the copy, then another), its first page, and an edit of a page until
 *     Chromium shows it;
 *   - cold build: `npm run build` with no .cache/ at all, as in a fresh CI checkout (bundles, every social card and
 *     image variant, then every page); with `--cards <dir>` the cards are shared between the sizes instead;
 *   - warm build: `npm run build` again with dist/ removed and .cache/ kept (bundles, cards, validation and the
 *     rendered pages cached: every page written from .cache/build/pages/, none rendered);
 *   - full build: `npm run build` after an edit of site.config.yaml: every page rendered again, bundles cached;
 *   - with --incremental: `npm run build` after one synthetic page's title changed (only that page is rendered);
 *   - peak RSS of each process (its threads included) and CPU time of all of them.
 * `--translations` also translates every synthetic page into each language of site.config.yaml but the default
 * (`npm run new-page -- --translate`, engine/translate-page.ts): N pages × the number of languages.
 * `--translation-cost` measures only what the translation checks add to `npm run validate` (see translationCost).
 * `--cards <dir>` keeps the social cards in that folder between runs (a 10,000-page cold build draws 10,000 of them,
 * several minutes, before any figure of interest); by default they go to a temporary folder removed at the end.
 * Prints a table, the load average, the cost per page, and flags growth faster than linear. Exits 1 when a target
 * is missed (targets for a 2-core machine, see TARGETS).
 */
import { spawn, spawnSync } from 'node:child_process';
import {
  existsSync,
  mkdirSync,
  readdirSync,
  readFileSync,
  rmSync,
  symlinkSync,
  writeFileSync,
} from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import type { Browser } from '@playwright/test';
import { parse, stringify } from 'yaml';
import { numberOption, readCommandLine, type CommandSpec } from '../engine/command-line.ts';
import { createTranslation } from '../engine/translate-page.ts';
import { IncrementalValidation } from '../engine/watch-validation.ts';
import { copyProject } from '../pipeline/project-files.ts';

const projectRoot = path.resolve(import.meta.dirname, '..');
/**
 * Targets on 2 cores: at N pages, the largest time allowed (ms); memory at most +150 MB over the
 * smallest N.
 */
const TARGETS = {
  validate: { 10_000: 1500 } as Record<number, number>,
  validateWatch: { 10_000: 300 } as Record<number, number>,
  devFirstPage: { 10_000: 1000 } as Record<number, number>,
  devReload: { 10_000: 200 } as Record<number, number>,
  fullBuild: { 1000: 5000, 10_000: 30_000 } as Record<number, number>,
  coldBuild: { 10_000: 60_000 } as Record<number, number>,
  incremental: { 1000: 1000 } as Record<number, number>,
  memoryGrowthMb: 150,
};

// ---------------------------------------------------------------------------------------------------------------
// Synthetic pages

const cities = [
  'Goa',
  'Jaipur',
  'Kochi',
  'Udaipur',
  'Shimla',
  'Mysuru',
  'Pondicherry',
  'Rishikesh',
  'Munnar',
  'Hampi',
  'Coorg',
  'Varanasi',
  'Darjeeling',
  'Alleppey',
  'Ooty',
  'Leh',
];
const kinds = [
  'beach resorts',
  'heritage hotels',
  'city hotels',
  'boutique stays',
  'business hotels',
  'hill lodges',
  'homestays',
  'serviced apartments',
];
const angles = [
  'night audits',
  'front-desk queues',
  'OTA commissions',
  'guest messages',
  'housekeeping turns',
  'late check-outs',
  'group bookings',
  'F&B orders',
];

/** A small deterministic PRNG so every run generates the same pages. */
function random(seed: number) {
  let state = seed >>> 0 || 1;
  return () => (state = (state * 1664525 + 1013904223) >>> 0) / 2 ** 32;
}

function vary(value: unknown, rand: () => number, words: string[]): unknown {
  if (typeof value === 'string') {
    // Links, anchors, icon names and other identifiers stay as they are; prose gets a varied
    // clause.
    if (value.length < 40 || /^[#/]|^https?:|^mailto:|^tel:/.test(value)) return value;
    const word = words[Math.floor(rand() * words.length)]!;
    return rand() < 0.5
      ? `${value} Teams in ${word} see it first.`
      : `In ${word}, ${value.charAt(0).toLowerCase()}${value.slice(1)}`;
  }
  if (Array.isArray(value)) return value.map((item) => vary(item, rand, words));
  if (value && typeof value === 'object')
    return Object.fromEntries(
      Object.entries(value).map(([key, child]) => [
        key,
        key === 'href' || key === 'id' || key === 'icon' || key === 'type'
          ? child
          : vary(child, rand, words),
      ]),
    );
  return value;
}

interface Template {
  file: string;
  data: {
    title: string;
    description: string;
    blocks: Array<Record<string, unknown>>;
    aliases?: unknown;
    draft?: boolean;
  };
}

function templates(root: string): Template[] {
  const dir = path.join(root, 'pages', 'solutions');
  return (readdirSync(dir, { recursive: true }) as string[])
    .filter((file) => file.endsWith('.yaml') && !file.endsWith('index.yaml'))
    .sort()
    .map((file): Template => ({
      file,
      data: parse(readFileSync(path.join(dir, file), 'utf8')) as Template['data'],
    }))
    .filter(
      (template) =>
        !template.data.draft && template.data.blocks.some((block) => block.type === 'hero'),
    );
}

/** Writes `count` synthetic pages to pages/solutions/scale/ in `root`; returns their routes. */
export function generatePages(root: string, count: number): string[] {
  const sources = templates(root);
  if (!sources.length) throw new Error('No solution pages to copy in pages/solutions/.');
  const dir = path.join(root, 'pages', 'solutions', 'scale');
  mkdirSync(dir, { recursive: true });
  const routes: string[] = [];
  for (let i = 1; i <= count; i++) {
    const rand = random(i);
    const source = sources[(i - 1) % sources.length]!;
    const city = cities[i % cities.length]!;
    const kind = kinds[Math.floor(i / cities.length) % kinds.length]!;
    const angle = angles[Math.floor(i / (cities.length * kinds.length)) % angles.length]!;
    const label = `${city} ${kind} ${i}`;
    const blocks = source.data.blocks.map((block) => {
      if (block.type === 'hero')
        return { ...(vary(block, rand, cities) as object), title: `Staylix for ${label}` };
      if (block.type === 'breadcrumbs') {
        const items = block.items as Array<{ label: string; href?: string }>;
        return { ...block, items: [...items.slice(0, -1), { label: `For ${label}` }] };
      }
      return vary(block, rand, cities);
    });
    const name = `p-${String(i).padStart(4, '0')}`;
    const page = {
      title: `Staylix for ${label}`.slice(0, 60),
      description: `How ${kind} in ${city} use Staylix to cut ${angle} and grow direct revenue: page ${i} of the scale benchmark.`,
      blocks,
    };
    writeFileSync(path.join(dir, `${name}.yaml`), stringify(page, { lineWidth: 0 }));
    routes.push(`/solutions/scale/${name}`);
  }
  return routes;
}

/**
 * Translates each synthetic page into every language but the default (as `npm run new-page --
 * --translate`).
 */
function translateAll(root: string, routes: string[]) {
  const config = parse(readFileSync(path.join(root, 'site.config.yaml'), 'utf8')) as {
    locales?: { default: string; list: Array<{ code: string }> };
  };
  const codes = (config.locales?.list ?? [])
    .map((locale) => locale.code)
    .filter((code) => code !== config.locales?.default);
  for (const route of routes)
    for (const code of codes) {
      const result = createTranslation(root, code, route);
      if (!result.ok) throw new Error(`bench:scale: ${result.error.message}`);
    }
}

// ---------------------------------------------------------------------------------------------------------------
// Measuring: each step runs exactly as `npm run build` runs it, in its own Node process

/**
 * Loaded into every measured process and every Node process it starts (through NODE_OPTIONS: `npm
 * run build` runs `vike build` as a child): each prints its peak RSS and CPU time on exit.
 */
const REPORTER = `data:text/javascript,${encodeURIComponent(
  "import{writeSync}from'node:fs';import{isMainThread}from'node:worker_threads';if(isMainThread)process.on('exit',()=>{const u=process.resourceUsage();writeSync(2,'\\n@@usage '+JSON.stringify({maxRssKb:u.maxRSS,cpuUs:u.userCPUTime+u.systemCPUTime})+'\\n')})",
)}`;

interface Step {
  wallMs: number;
  cpuMs: number;
  maxRssMb: number;
  stdout: string;
}

/**
 * Waits until the previous build's output has been removed (a build commits, then removes the
 * output it replaced in a background process) and the file system has written everything out: on a
 * disk mounted with `discard`, as on the machine these figures come from, that removal slows every
 * mkdir and write of a build started meanwhile several times over (about 1 ms instead of 0.1–0.2 ms
 * each), which is the previous build's cost, not the timed one's.
 */
function settle(cwd: string) {
  const cache = path.join(cwd, '.cache', 'build');
  const deadline = Date.now() + 60_000;
  while (
    existsSync(cache) &&
    readdirSync(cache).some((entry) => entry.startsWith('trash-')) &&
    Date.now() < deadline
  )
    spawnSync('sleep', ['0.2']);
  spawnSync('sync');
}

function step(cwd: string, args: string[], exitCodes: readonly number[] = [0]): Step {
  settle(cwd);
  const started = performance.now();
  const env = {
    ...process.env,
    NODE_ENV: 'production',
    NODE_OPTIONS: `${process.env.NODE_OPTIONS ?? ''} --import=${REPORTER}`.trim(),
  };
  const run = spawnSync(process.execPath, args, {
    cwd,
    encoding: 'utf8',
    maxBuffer: 256 * 1024 * 1024,
    env,
  });
  const wallMs = performance.now() - started;
  const usages = [...run.stderr.matchAll(/@@usage (\{.*\})/g)].map(
    (match) => JSON.parse(match[1]!) as { maxRssKb: number; cpuUs: number },
  );
  if (!exitCodes.includes(run.status ?? -1) || !usages.length) {
    console.error(run.stdout.slice(-4000), run.stderr.slice(-4000));
    throw new Error(`\`node ${args.join(' ')}\` failed in ${cwd} (exit ${run.status})`);
  }
  // CPU: all processes together; memory: the largest of them.
  const cpuUs = usages.reduce((sum, usage) => sum + usage.cpuUs, 0);
  const maxRssKb = Math.max(...usages.map((usage) => usage.maxRssKb));
  return { wallMs, cpuMs: cpuUs / 1000, maxRssMb: maxRssKb / 1024, stdout: run.stdout };
}

/**
 * Node's arguments for the npm script `name` of the copy's package.json (`tsx x.ts` or `node …`),
 * plus `args`.
 */
function nodeArgsOf(cwd: string, name: string, args: string[]): string[] {
  const script = (
    JSON.parse(readFileSync(path.join(cwd, 'package.json'), 'utf8')) as {
      scripts: Record<string, string>;
    }
  ).scripts[name]!;
  const [bin, ...command] = script.trim().split(/\s+/);
  if ((bin !== 'tsx' && bin !== 'node') || !command.length)
    throw new Error(`bench:scale does not know how to run "${script}" (npm run ${name})`);
  return bin === 'tsx' ? ['--import', 'tsx', ...command, ...args] : [...command, ...args];
}

/**
 * `npm run validate`: the validator's own timing (loadSite over every page) and the whole process.
 */
function validate(cwd: string) {
  const result = step(cwd, nodeArgsOf(cwd, 'validate', []));
  const summary = /(\d+) pages, (\d+) routes checked in (\d+) ms: (\d+) errors?/.exec(
    result.stdout,
  );
  if (!summary) throw new Error(`Unexpected validator output:\n${result.stdout.slice(-2000)}`);
  if (Number(summary[4]))
    throw new Error(`The generated site has validation errors:\n${result.stdout.slice(0, 4000)}`);
  return {
    ...result,
    pages: Number(summary[1]),
    routes: Number(summary[2]),
    ms: Number(summary[3]),
  };
}

/**
 * `npm run validate -- --watch` after one page's title changed: the re-check and report of that
 * file, in process.
 */
function watchRecheck(cwd: string, route: string) {
  const site = new IncrementalValidation(cwd);
  touch(path.join(cwd, 'pages', `${route.slice(1)}.yaml`), /^title: (.*)$/m, 'title: $1 (watched)');
  const started = performance.now();
  site.update([`pages${route}.yaml`]);
  if (site.diagnostics().some((d) => d.severity === 'error'))
    throw new Error('The watched edit made the site invalid.');
  return performance.now() - started;
}

/** `npm run build` in its own process, with what it reports: pages rendered and reused, steps. */
function build(cwd: string, ...args: string[]) {
  const result = step(cwd, nodeArgsOf(cwd, 'build', args));
  const summary = /(\d+) pages rendered, (\d+) unchanged; bundle (built|cached)\. (.*)\./.exec(
    result.stdout,
  );
  if (!summary) throw new Error(`Unexpected build output:\n${result.stdout.slice(-2000)}`);
  const steps = Object.fromEntries(
    summary[4]!.split(', ').map((item) => {
      const match = /^(.*) ([\d.]+) (ms|s)$/.exec(item)!;
      return [match[1]!, Number(match[2]) * (match[3] === 's' ? 1000 : 1)];
    }),
  );
  const html = (
    readdirSync(path.join(cwd, 'dist', 'client'), { recursive: true }) as string[]
  ).filter((name) => name.endsWith('.html')).length;
  return {
    ...result,
    rendered: Number(summary[1]),
    reused: Number(summary[2]),
    bundled: summary[3] === 'built',
    steps,
    html,
  };
}

/** Changes one line of a YAML file (so that what depends on it is built again). */
function touch(file: string, pattern: RegExp, replacement: string) {
  const text = readFileSync(file, 'utf8');
  const changed = text.replace(pattern, replacement);
  if (changed === text) throw new Error(`bench:scale: nothing to change in ${file}`);
  writeFileSync(file, changed);
}

/**
 * `npm run dev` started in `cwd`: the time from the command to its address on the terminal, and
 * from there to the HTML of `route` asked for at once.
 */
async function startDev(cwd: string, route: string) {
  const started = performance.now();
  const server = spawn(process.execPath, ['node_modules/vike/bin.js', 'dev', '--port', '0'], {
    cwd,
    detached: true,
    stdio: ['ignore', 'pipe', 'pipe'],
    env: { ...process.env, NO_COLOR: '1' },
  });
  let output = '';
  server.stdout.on('data', (chunk: Buffer) => (output += chunk.toString()));
  server.stderr.on('data', (chunk: Buffer) => (output += chunk.toString()));
  const stop = () => process.kill(-server.pid!, 'SIGTERM');
  try {
    let port: string | undefined;
    while (!(port = /http:\/\/127\.0\.0\.1:(\d+)/.exec(output)?.[1])) {
      if (performance.now() - started > 120_000 || server.exitCode !== null)
        throw new Error(`The dev server did not start:\n${output}`);
      await new Promise((resolve) => setTimeout(resolve, 5));
    }
    const readyMs = performance.now() - started;
    const url = `http://127.0.0.1:${port}${route}`;
    const first = await fetch(url);
    if (first.status !== 200)
      throw new Error(`${route} answered ${first.status}:\n${output.slice(-2000)}`);
    await first.text();
    return { url, readyMs, firstPageMs: performance.now() - started - readyMs, stop };
  } catch (error) {
    stop();
    throw error;
  }
}

/**
 * `npm run dev` on the copy, as an author meets it. Its first start in a new copy also pre-bundles
 * the browser's dependencies (Vite does it once per project and configuration), so it is measured
 * apart; the figures to compare are those of a start after it. Then, in Chromium (started after the
 * first page, so that its own start takes no CPU from the server's) showing that page, the time
 * from saving an edit of its title to the page showing it (three edits, median).
 */
async function devServer(cwd: string, route: string) {
  const firstStart = await startDev(cwd, route);
  // Left running for its dependencies to be pre-bundled and written out, as an author's session
  // would: stopped at once, the next start would do it all again while serving its first page.
  await new Promise((resolve) => setTimeout(resolve, 6000));
  firstStart.stop();
  await new Promise((resolve) => setTimeout(resolve, 500));
  const server = await startDev(cwd, route);
  let browser: Browser | undefined;
  let original: string | undefined;
  let restore = () => {};
  try {
    const { chromium } = await import('@playwright/test');
    browser = await chromium.launch({
      executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium',
      args: ['--no-sandbox'],
    });
    const page = await browser.newPage();
    await page.goto(server.url);
    // The reload comes over Vite's WebSocket: wait until the page's client has connected.
    await page.waitForFunction(() =>
      performance
        .getEntriesByType('resource')
        .some((entry) => entry.name.includes('/@vite/client')),
    );
    await new Promise((resolve) => setTimeout(resolve, 500));
    const file = path.join(cwd, 'pages', `${route.slice(1)}.yaml`);
    original = readFileSync(file, 'utf8');
    restore = () => writeFileSync(file, original!);
    const reloads: number[] = [];
    let navigations = 0;
    page.on('framenavigated', (frame) => frame === page.mainFrame() && navigations++);
    for (let edit = 1; edit <= 3; edit++) {
      const title = `Edited in the dev server ${edit}`;
      const shown = page.waitForFunction((expected) => document.title.startsWith(expected), title, {
        polling: 'raf',
        timeout: 30_000,
      });
      const saved = performance.now();
      touch(file, /^title: .*$/m, `title: ${title}`);
      await shown;
      reloads.push(performance.now() - saved);
      await new Promise((resolve) => setTimeout(resolve, 300));
    }
    // The page updates itself in place (renderer/client/live-update.ts); a reload would say so
    // here.
    if (navigations)
      throw new Error(`The page reloaded ${navigations} time(s) instead of updating in place.`);
    return {
      readyMs: server.readyMs,
      firstPageMs: server.firstPageMs,
      firstStart: { readyMs: firstStart.readyMs, firstPageMs: firstStart.firstPageMs },
      reloadMs: reloads.sort((a, b) => a - b)[1]!,
    };
  } finally {
    restore();
    await browser?.close();
    server.stop();
  }
}

// ---------------------------------------------------------------------------------------------------------------

/**
 * A copy of the project. `cards`: a folder of social cards shared by every size's copy, as a shared
 * build cache would be (cards are cached by what they show, and page i is the same page at every
 * N): the cold build of a larger N draws only the cards of the pages a smaller N did not have.
 */
function makeCopy(cards: string | undefined): string {
  const dir = copyProject(projectRoot, 'staylix-scale-');
  if (cards) {
    mkdirSync(path.join(dir, '.cache', 'images'), { recursive: true });
    symlinkSync(cards, path.join(dir, '.cache', 'images', 'social'), 'dir');
  }
  return dir;
}

const fmtMs = (ms: number) =>
  ms >= 10_000 ? `${(ms / 1000).toFixed(1)} s` : `${Math.round(ms)} ms`;

type Built = ReturnType<typeof build>;
interface Row {
  n: number;
  /**
   * One-minute load average when the size was done: on a shared machine, wall times are only
   * comparable at equal load.
   */
  load: number;
  validate: ReturnType<typeof validate>;
  /** `npm run validate` again: every file's result from the validation cache. */
  validateCached: ReturnType<typeof validate>;
  watchMs: number;
  dev: Awaited<ReturnType<typeof devServer>>;
  cold?: Built;
  /** dist/ removed, .cache/ kept: every page rendered, nothing else made. */
  warm?: Built;
  full?: Built;
  incremental?: Built;
}

const BENCH_SCALE_COMMAND = {
  usage: 'npm run bench:scale --',
  summary:
    'Validation, dev server and build times and peak memory on copies with N synthetic pages. Exit 1 on a missed target.',
  options: {
    sizes: {
      type: 'string',
      value: '<n,n,…>',
      help: 'the numbers of pages to add (default: 60,500,1000)',
    },
    incremental: { type: 'boolean', help: 'also time a build after one page is edited' },
    keep: { type: 'boolean', help: 'keep the copies (their folders are printed)' },
    'no-build': { type: 'boolean', help: 'validation and dev server only' },
    cards: {
      type: 'string',
      value: '<dir>',
      help: 'keep the social cards in this folder between runs',
    },
    translations: {
      type: 'boolean',
      help: 'each synthetic page also in every other language of the site (N × languages)',
    },
    'translation-cost': {
      type: 'boolean',
      help: "only the validator's added cost for translation checks at each N (N × languages files)",
    },
  },
} as const satisfies CommandSpec;

async function main() {
  const { values: options } = readCommandLine(BENCH_SCALE_COMMAND);
  const sizes = (options.sizes ?? '60,500,1000')
    .split(',')
    .map((size) => numberOption(BENCH_SCALE_COMMAND, 'sizes', size, 0));
  const keep = options.keep ?? false;
  const withBuild = !options['no-build'];
  const incremental = options.incremental ?? false;
  const translations = options.translations ?? false;
  if (options['translation-cost']) {
    translationCost(sizes);
    return;
  }
  console.log(
    `Scale benchmark on ${os.cpus().length} CPU(s) (${os.cpus()[0]?.model.trim()}), Node ${process.version}; N synthetic solution pages added to the real site.\n`,
  );
  const rows: Row[] = [];
  const cardsOption = options.cards;
  const cards = cardsOption ? path.resolve(cardsOption) : undefined;
  if (cards) mkdirSync(cards, { recursive: true });
  for (const n of sizes) {
    const dir = makeCopy(cards);
    try {
      const routes = generatePages(dir, n);
      if (translations) translateAll(dir, routes);
      const cold = validate(dir);
      const row: Row = {
        n,
        load: 0,
        validate: cold,
        validateCached: validate(dir),
        watchMs: watchRecheck(dir, routes[0]!),
        dev: await devServer(dir, routes[1]!),
      };
      if (withBuild) {
        row.cold = build(dir);
        rmSync(path.join(dir, 'dist'), { recursive: true, force: true });
        row.warm = build(dir);
        // The tagline, and its key in each language's labels.
        touch(
          path.join(dir, 'site.config.yaml'),
          /from first message to final checkout\./g,
          'from first message to final checkout (benchmark).',
        );
        row.full = build(dir);
        if (incremental) {
          const page = path.join(
            dir,
            'pages',
            `${routes[Math.floor(routes.length / 2)]!.slice(1)}.yaml`,
          );
          touch(page, /^title: (.*)$/m, 'title: $1 (edited)');
          row.incremental = build(dir);
        }
      }
      row.load = os.loadavg()[0]!;
      rows.push(row);
      const b = row.full;
      console.log(
        `N=${n}: ${row.validate.pages} pages validated in ${fmtMs(row.validate.ms)}${b ? `, ${b.html} HTML files; cold build ${fmtMs(row.cold!.wallMs)}, warm build ${fmtMs(row.warm!.wallMs)}, full build ${fmtMs(b.wallMs)}` : ''}${row.incremental ? `, incremental ${fmtMs(row.incremental.wallMs)} (${row.incremental.rendered} rendered)` : ''} (${path.basename(dir)}, load average ${os.loadavg()[0]!.toFixed(1)})`,
      );
    } finally {
      if (!keep) rmSync(dir, { recursive: true, force: true });
    }
  }

  const header = [
    'N',
    'pages',
    'validate (CLI process)',
    'validate, cached',
    'validate --watch, 1 file',
    'dev: address / first page',
    'dev, first start in the copy',
    'dev: edit → shown',
    'cold build',
    'warm build',
    'full build',
    'full build CPU',
    'prerender',
    'per page',
    'incremental',
    'incremental CPU',
    'peak RSS validate',
    'peak RSS cold / warm / full build',
    'load',
  ];
  const perPage = (row: Row) => (row.full ? row.full.wallMs / row.validate.pages : undefined);
  const growthFlags = rows.map((row, index) => {
    if (!index) return '';
    const [before, now] = [perPage(rows[index - 1]!), perPage(row)];
    return before &&
      now &&
      now > before * 1.25 &&
      row.validate.pages > rows[index - 1]!.validate.pages * 1.5
      ? ' ▲'
      : '';
  });
  const table = rows.map((row, index) => [
    String(row.n),
    String(row.validate.pages),
    `${fmtMs(row.validate.ms)} (${fmtMs(row.validate.wallMs)})`,
    `${fmtMs(row.validateCached.ms)} (${fmtMs(row.validateCached.wallMs)})`,
    fmtMs(row.watchMs),
    `${fmtMs(row.dev.readyMs)} / ${fmtMs(row.dev.firstPageMs)}`,
    `${fmtMs(row.dev.firstStart.readyMs)} / ${fmtMs(row.dev.firstStart.firstPageMs)}`,
    fmtMs(row.dev.reloadMs),
    row.cold ? `${fmtMs(row.cold.wallMs)} (${fmtMs(row.cold.cpuMs)} CPU)` : '—',
    row.warm ? `${fmtMs(row.warm.wallMs)} (${fmtMs(row.warm.cpuMs)} CPU)` : '—',
    row.full ? fmtMs(row.full.wallMs) : '—',
    row.full ? fmtMs(row.full.cpuMs) : '—',
    row.full?.steps.prerender !== undefined ? fmtMs(row.full.steps.prerender) : '—',
    row.full ? `${perPage(row)!.toFixed(2)} ms${growthFlags[index]}` : '—',
    row.incremental ? `${fmtMs(row.incremental.wallMs)} (${row.incremental.rendered})` : '—',
    row.incremental ? fmtMs(row.incremental.cpuMs) : '—',
    `${Math.round(row.validate.maxRssMb)} MB`,
    row.full
      ? `${Math.round(row.cold!.maxRssMb)} / ${Math.round(row.warm!.maxRssMb)} / ${Math.round(row.full.maxRssMb)} MB`
      : '—',
    row.load.toFixed(1),
  ]);
  const widths = header.map((title, index) =>
    Math.max(title.length, ...table.map((cells) => cells[index]!.length)),
  );
  const line = (cells: string[]) =>
    `| ${cells.map((cell, index) => cell.padEnd(widths[index]!)).join(' | ')} |`;
  console.log(
    [
      '',
      line(header),
      `|${widths.map((width) => '-'.repeat(width + 2)).join('|')}|`,
      ...table.map(line),
    ].join('\n'),
  );
  console.log(
    "\nvalidate = the time `npm run validate` reports for checking every page with no cache (in brackets: its whole process, Node start included); cached = the same again, every file's result taken from .cache/validation.json (no file changed); validate --watch = re-checking and reporting after one page's title changed, in process; dev = `npm run dev` (with the validation cache of the runs before), a start after its first one in the copy: from the command to its address on the terminal / from there to a page's HTML asked for at once; dev, first start in the copy = the same for the first start, which also pre-bundles the browser's dependencies (once per project and configuration); edit → shown = in Chromium showing that page, from saving an edit of its title to the page showing it, updated in place (median of three); cold build = `npm run build` with no .cache/ (bundles, every social card and image variant, every page; with --cards the cards are shared between the sizes); warm build = `npm run build` again with dist/ removed and .cache/ kept (every page written from the rendered-page store, none rendered); full build = `npm run build` after an edit of site.config.yaml (every page rendered, bundles cached); prerender = its render-and-write step; per page = full build / pages (▲: grew more than 25% while N grew: super-linear); incremental = `npm run build` after one page's title changed (pages rendered); CPU = all its processes and threads together, the figure to compare on a busy machine; peak RSS = the largest process (worker threads included; for a cold build, the build's own, drawing every card); load = the one-minute load average at the end of that size (above the number of cores, wall times are inflated).",
  );
  if (rows.length > 1 && rows.every((row) => row.full)) {
    const [first, last] = [rows[0]!, rows[rows.length - 1]!];
    const extra = last.validate.pages - first.validate.pages;
    console.log(
      `Marginal cost per extra page: full build ${((last.full!.wallMs - first.full!.wallMs) / extra).toFixed(2)} ms wall (${((last.full!.cpuMs - first.full!.cpuMs) / extra).toFixed(2)} ms CPU), validate ${((last.validate.ms - first.validate.ms) / extra).toFixed(3)} ms, peak memory of the full build ${(((last.full!.maxRssMb - first.full!.maxRssMb) * 1024) / extra).toFixed(1)} KB.`,
    );
  }
  if (growthFlags.some(Boolean))
    console.log('▲ Growth faster than linear: the cost per page rose with N.');

  const failures: string[] = [];
  for (const row of rows) {
    const at = (targets: Record<number, number>) => targets[row.n];
    const check = (what: string, ms: number | undefined, target: number | undefined) => {
      if (ms !== undefined && target !== undefined && ms > target)
        failures.push(`${what} at N=${row.n} took ${fmtMs(ms)} (target < ${fmtMs(target)})`);
    };
    check('validate (no cache)', row.validate.ms, at(TARGETS.validate));
    check('validate (cached)', row.validateCached.ms, at(TARGETS.validate));
    check('validate --watch', row.watchMs, at(TARGETS.validateWatch));
    check('dev server, first page', row.dev.firstPageMs, at(TARGETS.devFirstPage));
    check('dev server, edit to reload', row.dev.reloadMs, at(TARGETS.devReload));
    check('full build', row.full?.wallMs, at(TARGETS.fullBuild));
    check('cold build', row.cold?.wallMs, at(TARGETS.coldBuild));
    check('incremental build', row.incremental?.wallMs, at(TARGETS.incremental));
  }
  const withMemory = rows.filter((row) => row.full);
  if (withMemory.length > 1) {
    // The full build's peak: the cold build's includes drawing every card (the card thread), which
    // only a cold build does.
    const peak = (row: Row) => row.full!.maxRssMb;
    const growth = peak(withMemory[withMemory.length - 1]!) - peak(withMemory[0]!);
    if (growth > TARGETS.memoryGrowthMb)
      failures.push(
        `peak memory grew by ${Math.round(growth)} MB from N=${withMemory[0]!.n} to N=${withMemory[withMemory.length - 1]!.n} (target ≤ ${TARGETS.memoryGrowthMb} MB)`,
      );
  }
  console.log(
    failures.length
      ? `\nFAIL: ${failures.join('; ')}`
      : '\nPASS: every target measured here is met (targets exist for N = 1000 and 10000).',
  );
  process.exitCode = failures.length ? 1 : 0;
}

// ---------------------------------------------------------------------------------------------------------------
// The validator's added cost for translation checks

/** site.config.yaml without its `locales`: the same files, checked as a site in one language. */
const withoutLocales = (config: string) => config.replace(/^locales:\n(?:[ #].*\n|\n)*/m, '');

/** `npm run validate` as `validate` runs it, errors allowed: its own timing and CPU. */
function validateTimed(cwd: string) {
  const result = step(cwd, nodeArgsOf(cwd, 'validate', []), [0, 1]);
  const summary = /(\d+) pages, \d+ routes checked in (\d+) ms/.exec(result.stdout);
  if (!summary) throw new Error(`Unexpected validator output:\n${result.stdout.slice(-2000)}`);
  return { ...result, files: Number(summary[1]), ms: Number(summary[2]) };
}

/**
 * The added cost of the translation checks: on a copy with N synthetic pages, each translated into
 * every other language (N × languages page files), `npm run validate` with site.config.yaml as it is
 * ("checks") against the same command on the same files with `locales` left out of the config ("no
 * checks": a site in one language, whose translations are plain pages; its real translations' blocks
 * left `untranslated` are then errors, which cost nothing measurable). Every file, byte and phase-1
 * check is the same in both; only the translation checks differ. Each is run with no cache and then
 * cached, alternately, ROUNDS times; the medians of CPU time (all threads) are compared, the figure
 * that holds on a busy machine.
 */
function translationCost(sizes: number[]) {
  const ROUNDS = 3;
  const median = (values: number[]) => [...values].sort((a, b) => a - b)[values.length >> 1]!;
  for (const n of sizes) {
    const dir = makeCopy(undefined);
    try {
      translateAll(dir, generatePages(dir, n));
      const configFile = path.join(dir, 'site.config.yaml');
      const config = readFileSync(configFile, 'utf8');
      const variants = { checks: config, 'no checks': withoutLocales(config) };
      const runs: Record<string, Array<ReturnType<typeof validateTimed>>> = {};
      for (let round = 0; round < ROUNDS; round++)
        for (const [name, text] of Object.entries(variants)) {
          writeFileSync(configFile, text);
          rmSync(path.join(dir, '.cache', 'validation.json'), { force: true });
          (runs[`${name}, no cache`] ??= []).push(validateTimed(dir));
          (runs[`${name}, cached`] ??= []).push(validateTimed(dir));
        }
      writeFileSync(configFile, config);
      const files = runs['checks, no cache']![0]!.files;
      console.log(
        `N=${n}: ${files} page files (${n} synthetic pages × languages), medians of ${ROUNDS} alternating runs, load average ${os.loadavg()[0]!.toFixed(1)}:`,
      );
      for (const [name, list] of Object.entries(runs))
        console.log(
          `  ${name.padEnd(20)} CPU ${fmtMs(median(list.map((r) => r.cpuMs))).padStart(8)}, reported ${fmtMs(median(list.map((r) => r.ms))).padStart(8)}, process ${fmtMs(median(list.map((r) => r.wallMs))).padStart(8)}, peak RSS ${Math.round(median(list.map((r) => r.maxRssMb)))} MB`,
        );
      for (const mode of ['no cache', 'cached']) {
        const [on, off] = [runs[`checks, ${mode}`]!, runs[`no checks, ${mode}`]!];
        const added = (pick: (r: ReturnType<typeof validateTimed>) => number) =>
          `${(((median(on.map(pick)) - median(off.map(pick))) / median(off.map(pick))) * 100).toFixed(1)} %`;
        console.log(
          `  added cost of the translation checks, ${mode}: ${added((r) => r.cpuMs)} CPU, ${added((r) => r.ms)} reported time`,
        );
      }
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  }
}

if (process.argv[1] && path.resolve(process.argv[1]) === fileURLToPath(import.meta.url))
  await main();
