/**
 * npm run bench:scale [-- --sizes 60,500,1000] [--keep] [--no-build]
 *
 * How the page builder scales: for each N, copies the project into a temp folder, adds N synthetic solution pages
 * (copies of the real solution pages with varied titles, descriptions and copy, each linking to real pages), then
 * measures, each in a fresh Node process:
 *   - validate: `loadSite` over the whole site (the work `npm run validate` does), and the CLI's wall time;
 *   - build: validate + `vike build` (client, server, prerender of every route) + postbuild, wall time;
 *   - peak RSS of each process (process.resourceUsage().maxRSS).
 * Prints a table and the cost per page, so linear growth is visible. Exits 1 when a target is missed:
 * validate 1000 pages < 1 s, build 1000 pages < 15 s (targets for a 2-core machine).
 */
import { spawnSync } from 'node:child_process';
import { cpSync, existsSync, mkdirSync, mkdtempSync, readdirSync, readFileSync, rmSync, symlinkSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { parse, stringify } from 'yaml';

const projectRoot = path.resolve(import.meta.dirname, '..');
const COPY = ['package.json', 'tsconfig.json', 'vite.config.ts', 'site.config.yaml', 'renderer', 'schema', 'engine', 'scripts', 'public', 'pages'];
const TARGETS = { validateMs: 1000, buildMs: 15_000, atPages: 1000 };

// ---------------------------------------------------------------------------------------------------------------
// Synthetic pages

const cities = ['Goa', 'Jaipur', 'Kochi', 'Udaipur', 'Shimla', 'Mysuru', 'Pondicherry', 'Rishikesh', 'Munnar', 'Hampi', 'Coorg', 'Varanasi', 'Darjeeling', 'Alleppey', 'Ooty', 'Leh'];
const kinds = ['beach resorts', 'heritage hotels', 'city hotels', 'boutique stays', 'business hotels', 'hill lodges', 'homestays', 'serviced apartments'];
const angles = ['night audits', 'front-desk queues', 'OTA commissions', 'guest messages', 'housekeeping turns', 'late check-outs', 'group bookings', 'F&B orders'];

/** A small deterministic PRNG so every run generates the same pages. */
function random(seed: number) {
  let state = seed >>> 0 || 1;
  return () => ((state = (state * 1664525 + 1013904223) >>> 0) / 2 ** 32);
}

function vary(value: unknown, rand: () => number, words: string[]): unknown {
  if (typeof value === 'string') {
    // Links, anchors, icon names and other identifiers stay as they are; prose gets a varied clause.
    if (value.length < 40 || /^[#/]|^https?:|^mailto:|^tel:/.test(value)) return value;
    const word = words[Math.floor(rand() * words.length)]!;
    return rand() < 0.5 ? `${value} Teams in ${word} see it first.` : `In ${word}, ${value.charAt(0).toLowerCase()}${value.slice(1)}`;
  }
  if (Array.isArray(value)) return value.map((item) => vary(item, rand, words));
  if (value && typeof value === 'object') return Object.fromEntries(Object.entries(value).map(([key, child]) => [key, key === 'href' || key === 'id' || key === 'icon' || key === 'type' ? child : vary(child, rand, words)]));
  return value;
}

interface Template {
  file: string;
  data: { title: string; description: string; blocks: Array<Record<string, unknown>>; aliases?: unknown; draft?: boolean };
}

function templates(root: string): Template[] {
  const dir = path.join(root, 'pages', 'solutions');
  return (readdirSync(dir, { recursive: true }) as string[])
    .filter((file) => file.endsWith('.yaml') && !file.endsWith('index.yaml'))
    .sort()
    .map((file): Template => ({ file, data: parse(readFileSync(path.join(dir, file), 'utf8')) as Template['data'] }))
    .filter((template) => !template.data.draft && template.data.blocks.some((block) => block.type === 'hero'));
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
      if (block.type === 'hero') return { ...(vary(block, rand, cities) as object), title: `Staylix for ${label}` };
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

// ---------------------------------------------------------------------------------------------------------------
// Measuring in child processes

interface ChildResult {
  ms: number;
  maxRssMb: number;
  pages?: number;
  routes?: number;
  errors?: number;
}

/** Runs `this script --child <task>` in `cwd` and reads the JSON line it prints. */
function child(task: 'validate' | 'build', cwd: string): ChildResult & { wallMs: number } {
  const started = performance.now();
  const run = spawnSync(process.execPath, ['--import', 'tsx', path.join(cwd, 'scripts', 'bench-scale.ts'), '--child', task], {
    cwd,
    encoding: 'utf8',
    env: { ...process.env, NODE_ENV: 'production' },
    maxBuffer: 256 * 1024 * 1024,
  });
  const wallMs = performance.now() - started;
  const line = run.stdout.split('\n').find((text) => text.startsWith('{"bench":'));
  if (run.status !== 0 || !line) {
    console.error(run.stdout.slice(-4000), run.stderr.slice(-4000));
    throw new Error(`${task} failed in ${cwd} (exit ${run.status})`);
  }
  return { ...(JSON.parse(line).bench as ChildResult), wallMs };
}

const rssMb = () => process.resourceUsage().maxRSS / 1024;

async function runChild(task: string) {
  const root = process.cwd();
  if (task === 'validate') {
    const started = performance.now();
    const { loadSite } = await import('../engine/load-site.ts');
    const { countErrors } = await import('../engine/diagnostic.ts');
    const loaded = performance.now();
    const site = loadSite({ root });
    const ms = performance.now() - loaded;
    const errors = countErrors(site.diagnostics);
    if (errors) console.log(site.diagnostics.slice(0, 5));
    console.log(JSON.stringify({ bench: { ms, importMs: loaded - started, maxRssMb: rssMb(), pages: site.pages.length, routes: site.routes.size, errors } }));
    process.exit(errors ? 1 : 0);
  }
  if (task === 'build') {
    const started = performance.now();
    const { loadSite } = await import('../engine/load-site.ts');
    const { countErrors } = await import('../engine/diagnostic.ts');
    if (countErrors(loadSite({ root }).diagnostics)) throw new Error('validation failed');
    const { build } = await import('vike/api');
    await build({ viteConfig: { logLevel: 'warn' } });
    const { postbuild } = await import('./postbuild.ts');
    const result = postbuild(root, path.join(root, 'dist', 'client'));
    console.log(JSON.stringify({ bench: { ms: performance.now() - started, maxRssMb: rssMb(), pages: result.pages } }));
    process.exit(0);
  }
}

// ---------------------------------------------------------------------------------------------------------------

function makeCopy(): string {
  const dir = mkdtempSync(path.join(os.tmpdir(), 'staylix-scale-'));
  for (const entry of COPY) if (existsSync(path.join(projectRoot, entry))) cpSync(path.join(projectRoot, entry), path.join(dir, entry), { recursive: true });
  symlinkSync(path.join(projectRoot, 'node_modules'), path.join(dir, 'node_modules'), 'dir');
  return dir;
}

const fmtMs = (ms: number) => (ms >= 10_000 ? `${(ms / 1000).toFixed(1)} s` : `${Math.round(ms)} ms`);

async function main() {
  const args = process.argv.slice(2);
  const sizes = (args.includes('--sizes') ? args[args.indexOf('--sizes') + 1]! : '60,500,1000').split(',').map(Number);
  const keep = args.includes('--keep');
  const withBuild = !args.includes('--no-build');
  console.log(`Scale benchmark on ${os.cpus().length} CPU(s) (${os.cpus()[0]?.model.trim()}), Node ${process.version}; N synthetic solution pages added to the real site.\n`);
  const rows: Array<{ n: number; pages: number; routes: number; validate: ChildResult & { wallMs: number }; build?: ChildResult & { wallMs: number } }> = [];
  for (const n of sizes) {
    const dir = makeCopy();
    try {
      generatePages(dir, n);
      const validate = child('validate', dir);
      const build = withBuild ? child('build', dir) : undefined;
      rows.push({ n, pages: validate.pages!, routes: validate.routes!, validate, build });
      console.log(`N=${n}: ${validate.pages} pages validated in ${fmtMs(validate.ms)}${build ? `, built in ${fmtMs(build.ms)}` : ''} (${path.basename(dir)})`);
    } finally {
      if (!keep) rmSync(dir, { recursive: true, force: true });
    }
  }

  const header = ['N', 'pages', 'validate', 'validate CLI', 'per page', 'build', 'build per page', 'peak RSS validate', 'peak RSS build'];
  const table = rows.map((row) => [
    String(row.n),
    String(row.pages),
    fmtMs(row.validate.ms),
    fmtMs(row.validate.wallMs),
    `${(row.validate.ms / row.pages).toFixed(2)} ms`,
    row.build ? fmtMs(row.build.ms) : '—',
    row.build ? `${(row.build.ms / row.pages).toFixed(1)} ms` : '—',
    `${Math.round(row.validate.maxRssMb)} MB`,
    row.build ? `${Math.round(row.build.maxRssMb)} MB` : '—',
  ]);
  const widths = header.map((title, index) => Math.max(title.length, ...table.map((row) => row[index]!.length)));
  const line = (cells: string[]) => `| ${cells.map((cell, index) => cell.padEnd(widths[index]!)).join(' | ')} |`;
  console.log(['', line(header), `|${widths.map((width) => '-'.repeat(width + 2)).join('|')}|`, ...table.map(line)].join('\n'));
  console.log('\nvalidate = loadSite() over every page in a fresh process (parse, schema, links, anchors, images); validate CLI = wall time of that process including Node start-up and module loading; build = validate + vike build (client, server, prerender) + postbuild.');

  const failures: string[] = [];
  const largest = rows.find((row) => row.pages >= TARGETS.atPages) ?? rows[rows.length - 1];
  if (largest && largest.pages >= TARGETS.atPages) {
    if (largest.validate.ms > TARGETS.validateMs) failures.push(`validate of ${largest.pages} pages took ${fmtMs(largest.validate.ms)} (target < ${fmtMs(TARGETS.validateMs)})`);
    if (largest.build && largest.build.ms > TARGETS.buildMs) failures.push(`build of ${largest.pages} pages took ${fmtMs(largest.build.ms)} (target < ${fmtMs(TARGETS.buildMs)})`);
  }
  console.log(failures.length ? `\nFAIL: ${failures.join('; ')}` : '\nPASS: all scale targets met.');
  process.exitCode = failures.length ? 1 : 0;
}

if (process.argv[1] && path.resolve(process.argv[1]) === fileURLToPath(import.meta.url)) {
  const at = process.argv.indexOf('--child');
  if (at >= 0) await runChild(process.argv[at + 1]!);
  else await main();
}
