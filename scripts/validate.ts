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
import { compiledModule } from '../build/compiled-module.mjs';
import { PAGE_CHECKER_ENTRY } from '../engine/page-checkers.ts';
import { parseValidateArgs } from '../engine/validate-args.ts';
import { runValidation } from '../engine/validation-report.ts';
import { watchValidation } from '../engine/watch-validation.ts';

const args = parseValidateArgs(process.argv.slice(2));
if ('error' in args) {
  console.error(args.error);
  process.exit(2);
}
const { watch, ...run } = args;
if (watch) watchValidation(run.root, run.format);
else {
  // Thousands of pages to check: helper threads run the validator compiled, as this command does.
  const codeRoot = path.resolve(import.meta.dirname, '..');
  process.exitCode = await runValidation({ ...run, cache: true, checkerModule: () => compiledModule(codeRoot, PAGE_CHECKER_ENTRY) });
}
