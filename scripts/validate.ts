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
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { validatorMessages } from '../engine/errors.ts';
import type { OutputFormat } from '../engine/format.ts';
import { runValidation } from '../engine/validation-report.ts';
import { watchValidation } from '../engine/watch-validation.ts';

const FORMATS: OutputFormat[] = ['pretty', 'github', 'json'];

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

if (process.argv[1] && path.resolve(process.argv[1]) === fileURLToPath(import.meta.url)) {
  const args = parseArgs(process.argv.slice(2));
  if ('error' in args) {
    console.error(args.error);
    process.exit(2);
  }
  if (args.watch) watchValidation(args.root, args.format);
  else process.exitCode = runValidation(args.root, args.format, args.drafts, console.log, args.production, { cache: true });
}
