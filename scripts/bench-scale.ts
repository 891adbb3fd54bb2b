/**
 * npm run bench:scale [-- --sizes 60,500,1000] [--keep] [--no-build]
 *
 * How the page builder scales: for each N, copies the project into a temp folder, adds N synthetic solution pages
 * (copies of the real solution pages with varied titles, descriptions and copy, each linking to real pages), then
 * runs the project's own commands on it, each step in a fresh Node process exactly as npm runs it:
 *   - validate: `npm run validate` (its own timing of the check of every page, and the whole process);
 *   - build: `npm run build` (scripts/build.ts: schemas, validate, `vike build` of client, server and every
 *     route, postbuild), wall clock and CPU time;
 *   - peak RSS of each process (process.resourceUsage().maxRSS).
 * Prints a table, the load average and the marginal cost per page, so linear growth is visible (other work on the
 * machine slows every figure: compare runs made on an idle machine). Exits 1 when a target is missed:
 * validate 1000 pages < 1 s, build 1000 pages < 15 s (targets for a 2-core machine).
 */
import { spawnSync } from 'node:child_process';
import { cpSync, existsSync, mkdirSync, mkdtempSync, readdirSync, readFileSync, rmSync, symlinkSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { parse, stringify } from 'yaml';

const projectRoot = path.resolve(import.meta.dirname, '..');
const COPY = ['package.json', 'tsconfig.json', 'vite.config.ts', 'site.config.yaml', 'AUTHORING.md', 'renderer', 'schema', 'engine', 'scripts', 'public', 'pages'];
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
// Measuring: each step runs exactly as `npm run build` runs it, in its own Node process

/**
 * Loaded into every measured process and every Node process it starts (through NODE_OPTIONS: `npm run build` runs
 * `vike build` as a child): each prints its peak RSS and CPU time on exit.
 */
const REPORTER = `data:text/javascript,${encodeURIComponent(
  "import{writeSync}from'node:fs';process.on('exit',()=>{const u=process.resourceUsage();writeSync(2,'\\n@@usage '+JSON.stringify({maxRssKb:u.maxRSS,cpuUs:u.userCPUTime+u.systemCPUTime})+'\\n')})",
)}`;

interface Step {
  wallMs: number;
  cpuMs: number;
  maxRssMb: number;
  stdout: string;
}

function step(cwd: string, args: string[]): Step {
  const started = performance.now();
  const env = { ...process.env, NODE_ENV: 'production', NODE_OPTIONS: `${process.env.NODE_OPTIONS ?? ''} --import=${REPORTER}`.trim() };
  const run = spawnSync(process.execPath, args, { cwd, encoding: 'utf8', maxBuffer: 256 * 1024 * 1024, env });
  const wallMs = performance.now() - started;
  const usages = [...run.stderr.matchAll(/@@usage (\{.*\})/g)].map((match) => JSON.parse(match[1]!) as { maxRssKb: number; cpuUs: number });
  if (run.status !== 0 || !usages.length) {
    console.error(run.stdout.slice(-4000), run.stderr.slice(-4000));
    throw new Error(`\`node ${args.join(' ')}\` failed in ${cwd} (exit ${run.status})`);
  }
  // CPU: all processes together; memory: the largest of them.
  const cpuUs = usages.reduce((sum, usage) => sum + usage.cpuUs, 0);
  const maxRssKb = Math.max(...usages.map((usage) => usage.maxRssKb));
  return { wallMs, cpuMs: cpuUs / 1000, maxRssMb: maxRssKb / 1024, stdout: run.stdout };
}

const tsx = (script: string, ...args: string[]) => ['--import', 'tsx', script, ...args];

/** `npm run validate`: the validator's own timing (loadSite over every page) and the whole process. */
function validate(cwd: string) {
  const result = step(cwd, tsx('scripts/validate.ts'));
  const summary = /(\d+) pages, (\d+) routes checked in (\d+) ms: (\d+) errors?/.exec(result.stdout);
  if (!summary) throw new Error(`Unexpected validator output:\n${result.stdout.slice(-2000)}`);
  if (Number(summary[4])) throw new Error(`The generated site has validation errors:\n${result.stdout.slice(0, 4000)}`);
  return { ...result, pages: Number(summary[1]), routes: Number(summary[2]), ms: Number(summary[3]) };
}

/**
 * `npm run build`, step by step as package.json lists it (`a && b && c`): `tsx x.ts` runs as `node --import tsx x.ts`
 * and `vike build` as `node node_modules/vike/bin.js build`, each in its own process, so every step is measured.
 */
function build(cwd: string) {
  const script = (JSON.parse(readFileSync(path.join(cwd, 'package.json'), 'utf8')) as { scripts: Record<string, string> }).scripts.build!;
  const steps = script.split('&&').map((command) => {
    const [bin, ...args] = command.trim().split(/\s+/);
    if (bin === 'tsx') return step(cwd, tsx(args[0]!, ...args.slice(1)));
    if (bin === 'vike') return step(cwd, [path.join('node_modules', 'vike', 'bin.js'), ...args]);
    throw new Error(`bench:scale does not know how to run "${command.trim()}" from the build script`);
  });
  const html = (readdirSync(path.join(cwd, 'dist', 'client'), { recursive: true }) as string[]).filter((file) => file.endsWith('.html')).length;
  return {
    wallMs: steps.reduce((sum, item) => sum + item.wallMs, 0),
    cpuMs: steps.reduce((sum, item) => sum + item.cpuMs, 0),
    maxRssMb: Math.max(...steps.map((item) => item.maxRssMb)),
    html,
  };
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
  const rows: Array<{ n: number; validate: ReturnType<typeof validate>; build?: ReturnType<typeof build> }> = [];
  for (const n of sizes) {
    const dir = makeCopy();
    try {
      generatePages(dir, n);
      const validated = validate(dir);
      const built = withBuild ? build(dir) : undefined;
      rows.push({ n, validate: validated, build: built });
      console.log(`N=${n}: ${validated.pages} pages validated in ${fmtMs(validated.ms)}${built ? `, ${built.html} HTML files built in ${fmtMs(built.wallMs)}` : ''} (${path.basename(dir)}, load average ${os.loadavg()[0]!.toFixed(1)})`);
    } finally {
      if (!keep) rmSync(dir, { recursive: true, force: true });
    }
  }

  const header = ['N', 'pages', 'validate', 'per page', 'validate process', 'build', 'build CPU', 'build per page', 'peak RSS validate', 'peak RSS build'];
  const table = rows.map(({ n, validate: v, build: b }) => [
    String(n),
    String(v.pages),
    fmtMs(v.ms),
    `${(v.ms / v.pages).toFixed(2)} ms`,
    fmtMs(v.wallMs),
    b ? fmtMs(b.wallMs) : '—',
    b ? fmtMs(b.cpuMs) : '—',
    b ? `${(b.wallMs / v.pages).toFixed(1)} ms` : '—',
    `${Math.round(v.maxRssMb)} MB`,
    b ? `${Math.round(b.maxRssMb)} MB` : '—',
  ]);
  const widths = header.map((title, index) => Math.max(title.length, ...table.map((row) => row[index]!.length)));
  const line = (cells: string[]) => `| ${cells.map((cell, index) => cell.padEnd(widths[index]!)).join(' | ')} |`;
  console.log(['', line(header), `|${widths.map((width) => '-'.repeat(width + 2)).join('|')}|`, ...table.map(line)].join('\n'));
  console.log(
    '\nvalidate = the time `npm run validate` reports for checking every page (parse, schemas, links, anchors, images); validate process = that whole command, Node start-up and module loading included; build = `npm run build` (every step of its script: schemas, validate, vike build of client, server and every page, postbuild), wall clock; build CPU = its CPU time, all threads and processes (it runs `vike build` in a child process); peak RSS = the largest of its processes.',
  );
  if (rows.length > 1 && rows.every((row) => row.build)) {
    const [first, last] = [rows[0]!, rows[rows.length - 1]!];
    const perPage = (last.build!.wallMs - first.build!.wallMs) / (last.validate.pages - first.validate.pages);
    const perPageCpu = (last.build!.cpuMs - first.build!.cpuMs) / (last.validate.pages - first.validate.pages);
    console.log(`Marginal cost per extra page: build ${perPage.toFixed(1)} ms wall (${perPageCpu.toFixed(1)} ms CPU), validate ${((last.validate.ms - first.validate.ms) / (last.validate.pages - first.validate.pages)).toFixed(2)} ms.`);
  }

  const failures: string[] = [];
  const largest = rows.find((row) => row.n >= TARGETS.atPages);
  if (largest) {
    if (largest.validate.ms > TARGETS.validateMs) failures.push(`validate of ${largest.validate.pages} pages took ${fmtMs(largest.validate.ms)} (target < ${fmtMs(TARGETS.validateMs)})`);
    if (largest.build && largest.build.wallMs > TARGETS.buildMs) failures.push(`build of ${largest.validate.pages} pages took ${fmtMs(largest.build.wallMs)} (target < ${fmtMs(TARGETS.buildMs)})`);
  }
  if (!largest) console.log(`\nThe targets (validate < ${fmtMs(TARGETS.validateMs)}, build < ${fmtMs(TARGETS.buildMs)}) are for N = ${TARGETS.atPages}: not run.`);
  else console.log(failures.length ? `\nFAIL: ${failures.join('; ')}` : `\nPASS: ${largest.validate.pages} pages validated in under ${fmtMs(TARGETS.validateMs)} and built in under ${fmtMs(TARGETS.buildMs)}.`);
  process.exitCode = failures.length ? 1 : 0;
}

if (process.argv[1] && path.resolve(process.argv[1]) === fileURLToPath(import.meta.url)) await main();
