/**
 * npm run bench:peers [-- --pages 1000] [--runs 3] [--keep]: this project side by side with other
 * site generators, on the same pages: N copies of pages/solutions/hotels.yaml (each with its number
 * added to its title).
 *
 * - This project builds them from the YAML as always. Its built HTML of the first copy is the peers' template: the
 *   page's route, title and social card URL become template variables (checked: the template filled in for another
 *   copy gives that copy's HTML byte for byte, or the benchmark stops).
 * - Eleventy 3 (a Nunjucks template, pagination over the pages) and Astro (a page with getStaticPaths) read the same
 *   YAML files and write each page from that template: the same HTML as ours (tests/bench/peers.test.ts compares a
 *   page of each with ours, whitespace aside). They do less than this project (no validation, no React, no CSS
 *   inlining: the markup is given) and draw no social card (they link ours).
 * - Hugo when a `hugo` binary is on the PATH (not implemented yet: reported as skipped).
 *
 * The peers live in bench/peers/ with their own package.json and lock file, installed there (`npm
 * ci`) on the first run, never by the site's `npm ci`. Astro 6 and 7 need Node 22.12 or later: on
 * Node 20 the latest Astro 5 is used.
 *
 * Each generator runs in its own process, one at a time, alternated round by round (medians of
 * `--runs`):
 *   warm: output removed, caches kept (this project's .cache/; Astro's .astro/ and node_modules/.astro);
 *   cold: output and caches removed (this project: no .cache/ at all, as a fresh CI checkout: every card drawn).
 * Prints wall time, peak memory (largest process) and the ratio of each to this project's warm build.
 */
import { execFileSync, spawnSync } from 'node:child_process';
import {
  cpSync,
  existsSync,
  mkdirSync,
  mkdtempSync,
  readFileSync,
  rmSync,
  symlinkSync,
  writeFileSync,
} from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { numberOption, readCommandLine, type CommandSpec } from '../engine/command-line.ts';
import { copyProject } from '../pipeline/project-files.ts';

const projectRoot = path.resolve(import.meta.dirname, '..');
export const peersDir = path.join(projectRoot, 'bench', 'peers');
const SOURCE_PAGE = 'pages/solutions/hotels.yaml';
const FOLDER = 'solutions/peers';
/**
 * What differs from copy to copy in our HTML, and the placeholder each becomes in the peers'
 * template.
 */
const VARIABLES = { card: '%%CARD%%', title: '%%TITLE%%', route: '%%ROUTE%%' } as const;

interface PageData {
  route: string;
  title: string;
  card: string;
}

const slugOf = (n: number) => `p-${String(n).padStart(4, '0')}`;
const routeOf = (n: number) => `/${FOLDER}/${slugOf(n)}`;

/** A copy of this project with `pages` copies of the source page; returns its folder. */
export function makeOurs(pages: number): string {
  const dir = copyProject(projectRoot, 'bench-peers-ours-');
  const source = readFileSync(path.join(projectRoot, SOURCE_PAGE), 'utf8');
  mkdirSync(path.join(dir, 'pages', FOLDER), { recursive: true });
  for (let n = 1; n <= pages; n++)
    writeFileSync(
      path.join(dir, 'pages', FOLDER, `${slugOf(n)}.yaml`),
      source.replace(/^title: (.*)$/m, `title: $1 ${n}`),
    );
  return dir;
}

/** Our built HTML of a page, and what the template needs of it. */
function builtPage(ours: string, n: number): { html: string; data: PageData } {
  const html = readFileSync(
    path.join(ours, 'dist/client', routeOf(n).slice(1), 'index.html'),
    'utf8',
  );
  const title = /^title: (.*)$/m.exec(
    readFileSync(path.join(ours, 'pages', FOLDER, `${slugOf(n)}.yaml`), 'utf8'),
  )![1]!;
  const card = new URL(/<meta property="og:image" content="([^"]+)"/.exec(html)![1]!).pathname;
  return { html, data: { route: routeOf(n), title, card } };
}

const fill = (template: string, data: PageData) =>
  template
    .replaceAll(VARIABLES.card, data.card)
    .replaceAll(VARIABLES.title, data.title)
    .replaceAll(VARIABLES.route, data.route);

/**
 * The peers' template from our built HTML of the first copy, checked against the second: filled in
 * with its route, title and card, it must be its HTML exactly.
 */
export function templateFrom(ours: string): string {
  const first = builtPage(ours, 1);
  const template = first.html
    .replaceAll(first.data.card, VARIABLES.card)
    .replaceAll(first.data.title, VARIABLES.title)
    .replaceAll(first.data.route, VARIABLES.route);
  const second = builtPage(ours, 2);
  if (fill(template, second.data) !== second.html)
    throw new Error(
      'bench:peers: two copies of the page differ in more than route, title and card; the template would not be honest.',
    );
  return template;
}

/** Every page's card URL, from our built HTML (the peers link our cards). */
function cardsOf(ours: string, pages: number): Record<string, string> {
  const cards: Record<string, string> = {};
  for (let n = 1; n <= pages; n++) {
    const { data } = builtPage(ours, n);
    cards[data.route] = data.card;
  }
  return cards;
}

/**
 * Nunjucks: the template's text kept raw, the variables filled in by Nunjucks (escaped as React
 * escapes a title).
 */
function nunjucksOf(template: string): string {
  const tokens = Object.entries(VARIABLES);
  const parts = template.split(new RegExp(`(${tokens.map(([, token]) => token).join('|')})`));
  return parts
    .map((part, index) =>
      index % 2
        ? `{{ p.${tokens.find(([, token]) => token === part)![0]} }}`
        : `{% raw %}${part}{% endraw %}`,
    )
    .join('');
}

const READ_PAGES = `
import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import yaml from 'js-yaml';
export function readPages(root) {
  const cards = JSON.parse(readFileSync(path.join(root, 'cards.json'), 'utf8'));
  return readdirSync(path.join(root, 'pages')).filter((file) => file.endsWith('.yaml')).sort().map((file) => {
    const page = yaml.load(readFileSync(path.join(root, 'pages', file), 'utf8'));
    const slug = file.replace(/\\.yaml$/, '');
    const route = '/${FOLDER}/' + slug;
    return { slug, route, title: page.title, card: cards[route] };
  });
}
`;

/** The peers' projects in `dir` (eleventy/, astro/), reading the same YAML pages. */
export function writePeers(ours: string, dir: string, pages: number): void {
  const template = templateFrom(ours);
  const cards = JSON.stringify(cardsOf(ours, pages));
  for (const peer of ['eleventy', 'astro']) {
    const root = path.join(dir, peer);
    mkdirSync(root, { recursive: true });
    cpSync(path.join(ours, 'pages', FOLDER), path.join(root, 'pages'), { recursive: true });
    writeFileSync(path.join(root, 'cards.json'), cards);
    writeFileSync(path.join(root, 'read-pages.mjs'), READ_PAGES);
    if (!existsSync(path.join(root, 'node_modules')))
      symlinkSync(path.join(peersDir, 'node_modules'), path.join(root, 'node_modules'), 'dir');
  }
  const eleventy = path.join(dir, 'eleventy');
  mkdirSync(path.join(eleventy, 'src', '_data'), { recursive: true });
  writeFileSync(
    path.join(eleventy, 'eleventy.config.mjs'),
    `export default function () {\n  return { dir: { input: 'src', output: 'dist' }, templateFormats: ['njk'] };\n}\n`,
  );
  writeFileSync(
    path.join(eleventy, 'src', '_data', 'pages.mjs'),
    `import { readPages } from '../../read-pages.mjs';\nexport default () => readPages(process.cwd());\n`,
  );
  writeFileSync(
    path.join(eleventy, 'src', 'page.njk'),
    `---\npagination:\n  data: pages\n  size: 1\n  alias: p\npermalink: "{{ p.route }}/index.html"\n---\n${nunjucksOf(template)}`,
  );
  const astro = path.join(dir, 'astro');
  mkdirSync(path.join(astro, 'src', 'pages', FOLDER), { recursive: true });
  writeFileSync(
    path.join(astro, 'astro.config.mjs'),
    `export default { outDir: './dist', compressHTML: false, build: { format: 'directory' }, telemetry: false };\n`,
  );
  writeFileSync(path.join(astro, 'template.html'), template);
  writeFileSync(
    path.join(astro, 'src', 'pages', FOLDER, '[slug].astro'),
    `---
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { readPages } from '../../../../read-pages.mjs';
export function getStaticPaths() {
  return readPages(process.cwd()).map((page) => ({ params: { slug: page.slug }, props: page }));
}
const template = readFileSync(path.join(process.cwd(), 'template.html'), 'utf8');
const escape = (text) => text.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;').replace(/"/g, '&quot;').replace(/'/g, '&#x27;');
const { route, title, card } = Astro.props;
const html = template.replaceAll('${VARIABLES.card}', card).replaceAll('${VARIABLES.title}', escape(title)).replaceAll('${VARIABLES.route}', route);
---
<Fragment set:html={html} />
`,
  );
}

/** Installs the peers into bench/peers/ (from its lock file) when they are not there yet. */
export function installPeers(): void {
  if (existsSync(path.join(peersDir, 'node_modules', 'astro'))) return;
  console.log('Installing the peers into bench/peers/ (npm ci, once)…');
  execFileSync('npm', ['ci', '--no-audit', '--no-fund'], { cwd: peersDir, stdio: 'inherit' });
}

export interface Generator {
  name: string;
  cwd: string;
  command: string[];
  /** Where its HTML goes, removed before every run. */
  output: string;
  /** Its caches, removed before a cold run. */
  caches: string[];
}

export function generators(ours: string, peers: string): Generator[] {
  const list: Generator[] = [
    {
      name: 'this project',
      cwd: ours,
      command: [process.execPath, 'scripts/run-compiled.mjs', 'scripts/build.ts'],
      output: 'dist',
      caches: ['.cache'],
    },
    {
      name: `Eleventy ${version('@11ty/eleventy')}`,
      cwd: path.join(peers, 'eleventy'),
      command: [process.execPath, 'node_modules/@11ty/eleventy/cmd.cjs', '--quiet'],
      output: 'dist',
      caches: ['.cache'],
    },
    {
      name: `Astro ${version('astro')}`,
      cwd: path.join(peers, 'astro'),
      command: [process.execPath, 'node_modules/astro/astro.js', 'build', '--silent'],
      output: 'dist',
      caches: ['.astro', 'node_modules/.astro', 'node_modules/.vite'],
    },
  ];
  return list;
}

function version(name: string): string {
  return (
    JSON.parse(readFileSync(path.join(peersDir, 'node_modules', name, 'package.json'), 'utf8')) as {
      version: string;
    }
  ).version;
}

/** One build: wall time and the peak RSS of its largest process (GNU time). */
function timed(generator: Generator, cold: boolean): { wallMs: number; peakMb: number } {
  rmSync(path.join(generator.cwd, generator.output), { recursive: true, force: true });
  if (cold)
    for (const cache of generator.caches)
      // node_modules of the peers is a link to bench/peers/node_modules: its caches are shared,
      // removed there.
      rmSync(path.join(generator.cwd, cache), { recursive: true, force: true });
  spawnSync('sync');
  const started = performance.now();
  const run = spawnSync('/usr/bin/time', ['-f', '@@peak %M', ...generator.command], {
    cwd: generator.cwd,
    encoding: 'utf8',
    maxBuffer: 64 * 1024 * 1024,
    env: { ...process.env, NODE_ENV: 'production', ASTRO_TELEMETRY_DISABLED: '1' },
  });
  const wallMs = performance.now() - started;
  if (run.status !== 0)
    throw new Error(
      `${generator.name} failed (${run.status}):\n${run.stdout.slice(-3000)}\n${run.stderr.slice(-3000)}`,
    );
  const peak = /@@peak (\d+)/.exec(run.stderr);
  return { wallMs, peakMb: peak ? Number(peak[1]) / 1024 : NaN };
}

const median = (values: number[]) =>
  [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)]!;
const seconds = (ms: number) => `${(ms / 1000).toFixed(2)} s`;

const COMMAND = {
  usage: 'npm run bench:peers --',
  summary:
    'Builds N copies of pages/solutions/hotels.yaml with this project, Eleventy and Astro (installed into ' +
    'bench/peers/ on the first run), with the same HTML, and times each side by side, alternated: warm ' +
    '(output removed, caches kept) and cold (output and caches removed, as a fresh CI checkout).',
  options: {
    pages: { type: 'string', value: '<n>', help: 'how many copies (default 1000)' },
    runs: {
      type: 'string',
      value: '<n>',
      help: 'rounds after a warm-up; figures are medians (default 3)',
    },
    keep: { type: 'boolean', help: 'keep the temporary projects (their folders are printed)' },
  },
} as const satisfies CommandSpec;

async function main() {
  const { values } = readCommandLine(COMMAND);
  const pages = numberOption(COMMAND, 'pages', values.pages, 1000);
  const runs = numberOption(COMMAND, 'runs', values.runs, 3);
  if (!(pages >= 2) || !(runs >= 1))
    throw new Error('--pages must be at least 2 and --runs at least 1.');
  installPeers();
  const ours = makeOurs(pages);
  const peers = mkdtempSync(path.join(os.tmpdir(), 'bench-peers-'));
  try {
    console.log(`Building ${pages} copies of ${SOURCE_PAGE} with this project (warm-up)…`);
    const list = generators(ours, peers);
    timed(list[0]!, true);
    writePeers(ours, peers, pages);
    for (const generator of list.slice(1)) timed(generator, true);
    const hugo = spawnSync('hugo', ['version'], { encoding: 'utf8' });
    const results = new Map<string, { warm: number[]; cold: number[]; peak: number[] }>();
    for (let round = 0; round < runs; round++)
      for (const cold of [false, true])
        for (const generator of list) {
          const { wallMs, peakMb } = timed(generator, cold);
          const entry = results.get(generator.name) ?? { warm: [], cold: [], peak: [] };
          entry[cold ? 'cold' : 'warm'].push(wallMs);
          entry.peak.push(peakMb);
          results.set(generator.name, entry);
        }
    const oursWarm = median(results.get(list[0]!.name)!.warm);
    console.log(
      `\n${pages} pages, ${runs} rounds alternated (medians), Node ${process.version}, ${os.cpus().length} CPUs, load average ${os.loadavg()[0]!.toFixed(1)} at the end\n`,
    );
    console.log('| generator | warm | cold | peak memory | warm ÷ ours warm | cold ÷ ours warm |');
    console.log('|:--|--:|--:|--:|--:|--:|');
    for (const [name, { warm, cold, peak }] of results)
      console.log(
        `| ${name} | ${seconds(median(warm))} | ${seconds(median(cold))} | ${Math.round(Math.max(...peak))} MB | ${(median(warm) / oursWarm).toFixed(2)} | ${(median(cold) / oursWarm).toFixed(2)} |`,
      );
    if (hugo.status !== 0) console.log('\nHugo: no `hugo` binary on the PATH, not measured.');
    else console.log(`\nHugo (${hugo.stdout.trim()}): not measured yet by this benchmark.`);
    const eleventy = results.get(list[1]!.name)!;
    const astro = results.get(list[2]!.name)!;
    const oursCold = median(results.get(list[0]!.name)!.cold);
    console.log(
      [
        '',
        `ours warm ÷ Eleventy: ${(oursWarm / median(eleventy.warm)).toFixed(2)} (target ≤ 1)`,
        `ours warm ÷ ${list[2]!.name}: ${(oursWarm / median(astro.warm)).toFixed(2)} (target ≤ 0.6, set against Astro 7)`,
        `ours cold ÷ Eleventy: ${(oursCold / median(eleventy.warm)).toFixed(2)} (target ≤ 2.5)`,
      ].join('\n'),
    );
    if (values.keep) console.log(`\nKept: ${ours} and ${peers}`);
  } finally {
    if (!values.keep) {
      rmSync(ours, { recursive: true, force: true });
      rmSync(peers, { recursive: true, force: true });
    }
  }
}

if (process.argv[1] && path.resolve(process.argv[1]) === fileURLToPath(import.meta.url))
  await main();
