/**
 * npm run validate [-- --format pretty|github|json] [--drafts]
 * Checks site.config.yaml and every file in pages/, prints every problem with file:line:col and a hint,
 * and exits 1 when there is at least one error (warnings alone exit 0).
 */
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { countErrors } from '../engine/diagnostic.ts';
import { formatDiagnostics, type OutputFormat } from '../engine/format.ts';
import { loadSite } from '../engine/load-site.ts';

export function runValidation(root: string, format: OutputFormat, includeDrafts: boolean): number {
  const started = performance.now();
  const site = loadSite({ root, includeDrafts });
  const errors = countErrors(site.diagnostics);
  const warnings = site.diagnostics.length - errors;
  if (format === 'json') {
    console.log(formatDiagnostics(site.diagnostics, 'json'));
  } else {
    if (site.diagnostics.length) console.log(formatDiagnostics(site.diagnostics, format));
    const ms = Math.round(performance.now() - started);
    const summary = `${site.pages.length} pages, ${site.routes.size} routes checked in ${ms} ms: ${errors} error${errors === 1 ? '' : 's'}, ${warnings} warning${warnings === 1 ? '' : 's'}.`;
    if (format === 'pretty') console.log((site.diagnostics.length ? '\n' : '') + summary);
  }
  return errors ? 1 : 0;
}

function parseArgs(argv: string[]) {
  let format: OutputFormat = 'pretty';
  let root = process.cwd();
  for (let i = 0; i < argv.length; i++) {
    const arg = argv[i]!;
    if (arg === '--format') format = argv[++i] as OutputFormat;
    else if (arg.startsWith('--format=')) format = arg.slice('--format='.length) as OutputFormat;
    else if (arg === '--root') root = path.resolve(argv[++i]!);
  }
  if (!['pretty', 'github', 'json'].includes(format)) {
    console.error(`Unknown --format "${format}". Use pretty, github or json.`);
    process.exit(2);
  }
  return { format, root, drafts: argv.includes('--drafts') };
}

if (process.argv[1] && path.resolve(process.argv[1]) === fileURLToPath(import.meta.url)) {
  const { format, root, drafts } = parseArgs(process.argv.slice(2));
  process.exitCode = runValidation(root, format, drafts);
}
