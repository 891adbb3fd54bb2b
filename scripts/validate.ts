/**
 * npm run validate [-- --format pretty|github|json] [--drafts] [--production] [--watch] [--root <dir>]
 *
 * Checks site.config.yaml and every file in pages/, prints every problem with file:line:col and a hint,
 * and exits 1 when there is at least one error (warnings alone exit 0).
 *   --format github  GitHub Actions annotations (::error file=…,line=…,col=…::message)
 *   --format json    { errors, warnings, diagnostics: [{ file, line, col, severity, code, message, hint }] }
 *   --drafts         treat drafts as published, as the dev server does (links to them are fine)
 *   --production     also fail on placeholders left in (engine/placeholders.ts): the check before a deploy
 *   --watch          check again on every save in pages/, public/ or site.config.yaml (implies --drafts)
 */
import { watch, type FSWatcher } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { countErrors, sortDiagnostics } from '../engine/diagnostic.ts';
import { formatDiagnostics, type OutputFormat } from '../engine/format.ts';
import { validatorMessages } from '../engine/errors.ts';
import { loadSite, type SiteModel } from '../engine/load-site.ts';
import { findPlaceholders } from '../engine/placeholders.ts';

const FORMATS: OutputFormat[] = ['pretty', 'github', 'json'];

/** Validates the site at `root`, prints the report, and returns the exit code. */
export function runValidation(root: string, format: OutputFormat, includeDrafts: boolean, print: (text: string) => void = console.log, production = false): number {
  return validateAndReport(root, format, includeDrafts, print, production).exitCode;
}

/**
 * runValidation, also returning the loaded site (the build hands it on to the prerender). `production` adds the
 * placeholders left in (published pages and site.config.yaml) to the errors.
 */
export function validateAndReport(
  root: string,
  format: OutputFormat,
  includeDrafts: boolean,
  print: (text: string) => void = console.log,
  production = false,
): { exitCode: number; site: SiteModel } {
  const started = performance.now();
  const loaded = loadSite({ root, includeDrafts });
  const site = production ? { ...loaded, diagnostics: sortDiagnostics([...loaded.diagnostics, ...findPlaceholders(root)]) } : loaded;
  const errors = countErrors(site.diagnostics);
  const warnings = site.diagnostics.length - errors;
  if (format === 'json') {
    print(formatDiagnostics(site.diagnostics, 'json'));
  } else {
    if (site.diagnostics.length) print(formatDiagnostics(site.diagnostics, format));
    const ms = Math.round(performance.now() - started);
    const summary = validatorMessages.summary(site.pages.length, site.routes.size, ms, errors, warnings);
    if (format === 'pretty') print((site.diagnostics.length ? '\n' : '') + summary);
  }
  return { exitCode: errors ? 1 : 0, site };
}

export function parseArgs(argv: string[]): { format: OutputFormat; root: string; drafts: boolean; watch: boolean; production: boolean } | { error: string } {
  let format = 'pretty';
  let root = process.cwd();
  for (let i = 0; i < argv.length; i++) {
    const arg = argv[i]!;
    if (arg === '--format') format = argv[++i] ?? '';
    else if (arg.startsWith('--format=')) format = arg.slice('--format='.length);
    else if (arg === '--root') root = path.resolve(argv[++i] ?? '.');
    else if (arg !== '--drafts' && arg !== '--watch' && arg !== '--production') return { error: validatorMessages.unknownOption(arg) };
  }
  if (!FORMATS.includes(format as OutputFormat)) return { error: validatorMessages.unknownFormat(format) };
  const watching = argv.includes('--watch');
  const production = argv.includes('--production');
  // Production is what gets published: drafts are left out, as in the build.
  return { format: format as OutputFormat, root, drafts: !production && (argv.includes('--drafts') || watching), watch: watching, production };
}

/** Re-checks on every change, clearing the terminal first so only the current problems are on screen. */
export function watchValidation(root: string, format: OutputFormat): () => void {
  const run = () => {
    if (process.stdout.isTTY) process.stdout.write('\u001b[2J\u001b[3J\u001b[H');
    runValidation(root, format, true);
    if (format === 'pretty') console.log(`\n${validatorMessages.watching}`);
  };
  let timer: NodeJS.Timeout | undefined;
  const schedule = () => {
    clearTimeout(timer);
    // Editors save in several steps (write, rename); one check after they settle.
    timer = setTimeout(run, 80);
  };
  const watchers: FSWatcher[] = [];
  const tryWatch = (dir: string, recursive: boolean, accept: (file: string) => boolean) => {
    try {
      watchers.push(watch(path.join(root, dir), { recursive }, (_event, file) => (file === null || accept(String(file)) ? schedule() : undefined)));
    } catch {
      // A folder that does not exist yet (e.g. no public/) is simply not watched.
    }
  };
  tryWatch('pages', true, (file) => /\.ya?ml$/.test(file) || !path.extname(file));
  tryWatch('public', true, () => true);
  tryWatch('.', false, (file) => file === 'site.config.yaml');
  run();
  return () => {
    clearTimeout(timer);
    for (const watcher of watchers) watcher.close();
  };
}

if (process.argv[1] && path.resolve(process.argv[1]) === fileURLToPath(import.meta.url)) {
  const args = parseArgs(process.argv.slice(2));
  if ('error' in args) {
    console.error(args.error);
    process.exit(2);
  }
  if (args.watch) watchValidation(args.root, args.format);
  else process.exitCode = runValidation(args.root, args.format, args.drafts, console.log, args.production);
}
