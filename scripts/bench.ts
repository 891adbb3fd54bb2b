/**
 * npm run bench [-- --build] [--no-lighthouse] [--pages /,/pricing,...] [--runs 3]
 *
 * Checks the performance budgets of the built site and prints the figures:
 *   1. page weight of every route: client JS and CSS, gzip, against the budget of its kind (pipeline/budgets.ts);
 *   2. Lighthouse 12 (mobile emulation, simulated throttling) on the landing, pricing, a solution and a resource page,
 *      served by scripts/serve.ts (gzip and the _headers file, like a static host): Performance, Accessibility,
 *      Best Practices and SEO must be 100, CLS 0, and no web font may block rendering; with the block catalogue built,
 *      also /_blocks/hero (a hero image);
 *   3. image bytes of every route (the weight table) and of each Lighthouse page, and the LCP element; a page whose LCP
 *      element is an image must reach LCP in under 1.2 s. One such page is made for the purpose: a copy of the project
 *      gets a page whose hero is an image (--no-image-page leaves it out).
 * Builds first when dist/client is missing (or with --build). Exits 1 when a budget fails.
 * Lighthouse drives the system Chromium (CHROME_PATH, default /usr/bin/chromium); it never downloads a browser.
 */
import { spawnSync } from 'node:child_process';
import { existsSync, mkdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import type { AddressInfo } from 'node:net';
import os from 'node:os';
import path from 'node:path';
import type * as LH from 'lighthouse/types/lh.js';
import { pageImageBytes } from '../pipeline/images/page-bytes.ts';
import { copyProject } from '../pipeline/project-files.ts';
import { budgets, builtPages, formatKb, jsBudget, measureSite } from '../pipeline/budgets.ts';
import { numberOption, readCommandLine, type CommandSpec } from '../engine/command-line.ts';
import { startServer } from './serve.ts';

const root = path.resolve(import.meta.dirname, '..');
const dist = path.join(root, 'dist', 'client');
/**
 * Full Lighthouse reports (JSON, open them at https://googlechrome.github.io/lighthouse/viewer/).
 */
const reportDir = path.join(root, '.bench');
const BENCH_COMMAND = {
  usage: 'npm run bench --',
  summary:
    'Page weight of every route and Lighthouse (mobile) on the main pages, against the budgets. Exit 1 on a miss.',
  options: {
    build: { type: 'boolean', help: 'build first even when dist/client exists' },
    'no-lighthouse': { type: 'boolean', help: 'page weights only' },
    pages: {
      type: 'string',
      value: '</,/pricing,…>',
      help: 'the pages Lighthouse runs on (default: the landing, pricing, a solution, a resource)',
    },
    runs: {
      type: 'string',
      value: '<count>',
      help: 'Lighthouse runs per page, the median kept (default: 1)',
    },
    'no-image-page': {
      type: 'boolean',
      help: 'leave out the page whose largest paint is an image',
    },
  },
} as const satisfies CommandSpec;
const { values: options } = readCommandLine(BENCH_COMMAND);
const DEFAULT_PAGES = ['/', '/pricing', '/solutions/hotels', '/resources/blog'];
/** Shown when the catalogue is built: a hero with its image. */
const CATALOGUE_PAGE = '/_blocks/hero';
/** LCP of a page whose largest paint is an image, in Lighthouse's simulated mobile run. */
const IMAGE_LCP_BUDGET_MS = 1200;
const CATEGORIES = ['performance', 'accessibility', 'best-practices', 'seo'] as const;

function table(header: string[], rows: string[][]): string {
  const widths = header.map((title, index) =>
    Math.max(title.length, ...rows.map((row) => row[index]!.length)),
  );
  const line = (cells: string[]) =>
    `| ${cells.map((cell, index) => (index === 0 ? cell.padEnd(widths[index]!) : cell.padStart(widths[index]!))).join(' | ')} |`;
  return [
    line(header),
    `|${widths.map((width, index) => (index === 0 ? ':' : '') + '-'.repeat(width + 1) + (index === 0 ? '' : ':')).join('|')}|`,
    ...rows.map(line),
  ].join('\n');
}

function build() {
  console.log('Building the site (npm run build)…');
  const result = spawnSync('npm', ['run', 'build', '--silent', '--', '--catalogue'], {
    cwd: root,
    stdio: 'inherit',
  });
  if (result.status !== 0) process.exit(result.status ?? 1);
}

function weightBudgets(): string[] {
  const failures: string[] = [];
  const pages = measureSite(dist);
  const files = new Map(builtPages(dist).map((page) => [page.route, page.file]));
  const rows = pages.map((page) => {
    const images = pageImageBytes(dist, readFileSync(files.get(page.route)!, 'utf8'));
    const js = jsBudget(page.route);
    const jsOk = page.jsGzip <= js;
    const cssOk = page.cssGzip <= budgets.cssPerPage;
    if (!jsOk) failures.push(`${page.route}: client JS ${formatKb(page.jsGzip)} > ${formatKb(js)}`);
    if (!cssOk)
      failures.push(
        `${page.route}: CSS ${formatKb(page.cssGzip)} > ${formatKb(budgets.cssPerPage)}`,
      );
    return [
      page.route,
      page.kind,
      formatKb(page.jsGzip),
      formatKb(js),
      formatKb(page.cssGzip),
      formatKb(budgets.cssPerPage),
      formatKb(page.htmlGzip),
      `${images.count} / ${formatKb(images.bytes)}`,
      jsOk && cssOk ? 'PASS' : 'FAIL',
    ];
  });
  console.log(`\nPage weight (gzip) of ${pages.length} built pages\n`);
  console.log(
    table(
      [
        'route',
        'kind',
        'JS',
        'JS budget',
        'CSS',
        'CSS budget',
        'HTML',
        'images (count / bytes)',
        'result',
      ],
      rows,
    ),
  );
  console.log(
    'images: every image of the page once scrolled into view, as a desktop browser with AVIF support downloads it.',
  );
  return failures;
}

interface LighthouseRow {
  page: string;
  scores: Record<(typeof CATEGORIES)[number], number>;
  cls: number;
  fcp: number;
  lcp: number;
  tbt: number;
  /**
   * Transferred bytes of the images the page loaded during the run (lazy ones below the fold are
   * not loaded).
   */
  imageBytes: number;
  /** The LCP element's tag, e.g. IMG or H1. */
  lcpElement: string;
  fonts: string[];
  renderBlocking: string[];
  failedAudits: string[];
}

async function runLighthouse(
  pages: string[],
  siteDir = dist,
): Promise<{ rows: LighthouseRow[]; failures: string[] }> {
  const chromePath = process.env.CHROME_PATH ?? '/usr/bin/chromium';
  if (!existsSync(chromePath)) {
    return {
      rows: [],
      failures: [
        `Lighthouse needs Chromium: ${chromePath} does not exist (set CHROME_PATH; no browser is downloaded).`,
      ],
    };
  }
  // Loaded here, not at the top: --help, a wrong option and --no-lighthouse need neither.
  const [{ default: lighthouse }, chromeLauncher] = await Promise.all([
    import('lighthouse'),
    import('chrome-launcher'),
  ]);
  const server = await startServer(siteDir, 0);
  const base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  const runs = Math.max(1, numberOption(BENCH_COMMAND, 'runs', options.runs, 1));
  mkdirSync(reportDir, { recursive: true });
  const rows: LighthouseRow[] = [];
  const failures: string[] = [];
  try {
    for (const page of pages) {
      process.stdout.write(`Lighthouse (mobile) ${page} … `);
      // A fresh browser for every run (reusing one gives NO_NAVSTART errors); with --runs N the
      // median run counts.
      const results: LH.Result[] = [];
      let error = '';
      for (let run = 0; run < runs; run++) {
        const chrome = await chromeLauncher.launch({
          chromePath,
          chromeFlags: [
            '--headless=new',
            '--no-sandbox',
            '--disable-gpu',
            '--disable-dev-shm-usage',
          ],
        });
        try {
          const result = await lighthouse(`${base}${page}`, {
            port: chrome.port,
            output: 'json',
            logLevel: 'error',
            onlyCategories: [...CATEGORIES],
            formFactor: 'mobile',
          });
          if (result?.lhr && !result.lhr.runtimeError) results.push(result.lhr);
          else error = result?.lhr?.runtimeError?.message ?? 'no result';
        } finally {
          chrome.kill();
        }
      }
      if (!results.length) {
        failures.push(`${page}: Lighthouse failed (${error})`);
        console.log('failed');
        continue;
      }
      results.sort(
        (a, b) => (a.categories.performance?.score ?? 0) - (b.categories.performance?.score ?? 0),
      );
      const lhr = results[Math.floor((results.length - 1) / 2)]!;
      writeFileSync(
        path.join(reportDir, `lighthouse${page === '/' ? '-home' : page.replace(/\//g, '-')}.json`),
        JSON.stringify(lhr),
      );
      const audit = (id: string) => lhr.audits[id];
      const scores = Object.fromEntries(
        CATEGORIES.map((id) => [id, Math.round((lhr.categories[id]?.score ?? 0) * 100)]),
      ) as LighthouseRow['scores'];
      const requests =
        (
          audit('network-requests')?.details as
            | { items?: Array<{ url: string; resourceType?: string; transferSize?: number }> }
            | undefined
        )?.items ?? [];
      const lcpNode = JSON.stringify(audit('largest-contentful-paint-element')?.details ?? {});
      const lcpElement = /"snippet":"<([a-z0-9]+)/i.exec(lcpNode)?.[1]?.toUpperCase() ?? '?';
      const blocking = (audit('render-blocking-insight')?.details ??
        audit('render-blocking-resources')?.details) as
        { items?: Array<{ url?: string }> } | undefined;
      const failedAudits = Object.values(lhr.categories)
        .flatMap((category) =>
          category.auditRefs.filter((ref) => ref.weight > 0).map((ref) => lhr.audits[ref.id]!),
        )
        .filter((item) => item.score !== null && item.score < 1)
        .map((item) => `${item.id}${item.displayValue ? ` (${item.displayValue})` : ''}`);
      const row: LighthouseRow = {
        page,
        scores,
        cls: audit('cumulative-layout-shift')?.numericValue ?? NaN,
        fcp: audit('first-contentful-paint')?.numericValue ?? NaN,
        lcp: audit('largest-contentful-paint')?.numericValue ?? NaN,
        tbt: audit('total-blocking-time')?.numericValue ?? NaN,
        imageBytes: requests
          .filter((request) => request.resourceType === 'Image')
          .reduce((sum, request) => sum + (request.transferSize ?? 0), 0),
        lcpElement,
        fonts: requests
          .filter((request) => request.resourceType === 'Font')
          .map((request) => request.url),
        renderBlocking: (blocking?.items ?? []).map((item) => item.url ?? '').filter(Boolean),
        failedAudits,
      };
      rows.push(row);
      console.log(
        `${CATEGORIES.map((id) => scores[id]).join(' / ')} (CPU benchmark index ${Math.round(lhr.environment.benchmarkIndex)})`,
      );
      // The block catalogue is noindex on purpose, which Lighthouse's SEO category counts against
      // it (is-crawlable).
      const noindexOnly = (id: string) =>
        id === 'seo' &&
        page.startsWith('/_blocks') &&
        failedAudits.every(
          (audit) =>
            audit === 'is-crawlable' ||
            !lhr.categories.seo!.auditRefs.some((ref) => ref.id === audit.split(' ')[0]),
        );
      for (const id of CATEGORIES)
        if (scores[id] < 100 && !noindexOnly(id))
          failures.push(`${page}: ${lhr.categories[id]!.title} ${scores[id]} < 100`);
      if (Number(row.cls.toFixed(3)) !== 0) failures.push(`${page}: CLS ${row.cls.toFixed(3)} > 0`);
      if (row.lcpElement === 'IMG' && row.lcp >= IMAGE_LCP_BUDGET_MS)
        failures.push(
          `${page}: LCP ${Math.round(row.lcp)} ms on an image ≥ ${IMAGE_LCP_BUDGET_MS} ms`,
        );
      const blockingFonts = row.renderBlocking.filter((url) =>
        /\.(woff2?|ttf|otf)(\?|$)|fonts\.(googleapis|gstatic)\.com/.test(url),
      );
      if (blockingFonts.length)
        failures.push(`${page}: render-blocking web fonts: ${blockingFonts.join(', ')}`);
    }
  } finally {
    server.close();
  }
  if (rows.length) {
    const load = os.loadavg()[0]!;
    console.log(
      `\nLighthouse 12, mobile emulation with simulated throttling (${os.cpus().length} CPUs, load average ${load.toFixed(1)})\n`,
    );
    if (load > os.cpus().length)
      console.log(
        'Note: the machine is busy. Lighthouse scales observed CPU work by 4, so TBT and FCP are overstated; rerun on an idle machine (and with --runs 3).\n',
      );
    console.log(
      table(
        [
          'page',
          'Performance',
          'Accessibility',
          'Best Practices',
          'SEO',
          'CLS',
          'FCP',
          'LCP',
          'LCP element',
          'TBT',
          'images loaded',
          'web fonts',
          'result',
        ],
        rows.map((row) => [
          row.page,
          ...CATEGORIES.map((id) => String(row.scores[id])),
          row.cls.toFixed(3),
          `${Math.round(row.fcp)} ms`,
          `${Math.round(row.lcp)} ms`,
          row.lcpElement,
          `${Math.round(row.tbt)} ms`,
          formatKb(row.imageBytes),
          String(row.fonts.length),
          failures.some((failure) => failure.startsWith(`${row.page}:`)) ? 'FAIL' : 'PASS',
        ]),
      ),
    );
    for (const row of rows)
      if (row.failedAudits.length)
        console.log(`  ${row.page}: audits below 100: ${row.failedAudits.join(', ')}`);
  }
  return { rows, failures };
}

/** Hero with nothing but a headline and a product screenshot: its largest paint is the image. */
const IMAGE_PAGE = `title: Image LCP check
description: A page whose largest paint is a hero image, built by npm run bench in a copy of the project only.
blocks:
  - type: hero
    title: See your whole hotel at a glance
    media:
      src: /images/examples/dashboard.png
      alt: "The Staylix dashboard: occupancy, today's arrivals, revenue and guest messages"
`;

/**
 * Builds a copy of the project with IMAGE_PAGE added (the site's own pages keep their content) and
 * runs Lighthouse on it. The build and image caches are copied along, so only the new page is
 * rendered.
 */
async function imageLcpPage(): Promise<string[]> {
  const copy = copyProject(root, 'staylix-bench-image-', ['editor', '.cache', 'dist']);
  try {
    writeFileSync(path.join(copy, 'pages/lcp-image.yaml'), IMAGE_PAGE);
    console.log('\nBuilding a copy with a page whose largest paint is an image (/lcp-image)…');
    const built = spawnSync('npm', ['run', 'build', '--silent'], { cwd: copy, encoding: 'utf8' });
    if (built.status !== 0)
      return [`/lcp-image: the copy did not build:\n${built.stdout}${built.stderr}`];
    const { rows, failures } = await runLighthouse(
      ['/lcp-image'],
      path.join(copy, 'dist', 'client'),
    );
    if (rows[0] && rows[0].lcpElement !== 'IMG')
      failures.push(`/lcp-image: the LCP element is ${rows[0].lcpElement}, not the image`);
    return failures;
  } finally {
    rmSync(copy, { recursive: true, force: true });
  }
}

async function main() {
  if (options.build || !existsSync(path.join(dist, 'index.html'))) build();
  const failures = weightBudgets();
  if (!options['no-lighthouse']) {
    const catalogue = existsSync(path.join(dist, CATALOGUE_PAGE.slice(1), 'index.html'));
    const pages = options.pages
      ? options.pages.split(',')
      : [...DEFAULT_PAGES, ...(catalogue ? [CATALOGUE_PAGE] : [])];
    console.log('');
    failures.push(...(await runLighthouse(pages)).failures);
    if (!options['no-image-page'] && !options.pages) failures.push(...(await imageLcpPage()));
  }
  if (failures.length) {
    console.log(
      `\nFAIL: ${failures.length} budget${failures.length === 1 ? '' : 's'} missed\n${failures.map((failure) => `  - ${failure}`).join('\n')}`,
    );
    process.exitCode = 1;
  } else console.log('\nPASS: every budget met.');
}

await main();
