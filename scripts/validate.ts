/**
 * npm run validate [-- --format pretty|github|json] [--drafts] [--production] [--watch] [--root
 * <dir>]
 *
 * Checks site.config.yaml and every file in pages/, prints every problem with file:line:col and a
 * hint, and exits 1 when there is at least one error (warnings alone exit 0).
 *   --format github  GitHub Actions annotations (::error file=…,line=…,col=…::message)
 *   --format json    { errors, warnings, diagnostics: [{ file, line, col, severity, code, message, hint }] }
 *   --drafts         treat drafts as published, as the dev server does (links to them are fine)
 *   --production     also fail on placeholders left in (engine/placeholders.ts): the check before a deploy
 *   --translations   also list every page per language (translated, partial, stale, untranslated) and report
 *                    blocks left untranslated and buttons to pages without a translation
 *   --fix-translations  first bring every translation in line with its source page: blocks and list items
 *                    moved, added (untranslated) or removed as there, links and other values copied,
 *                    `translatedFrom` records following their fields (editor/server/fix-translations.ts)
 *   --watch          check again on every save in pages/, public/ or site.config.yaml (implies --drafts)
 *
 * This module stays small: the validator is loaded after it has started the helper threads (below),
 * as its own compiled module.
 */
import { existsSync } from 'node:fs';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import { compiledModule } from '../pipeline/compiled-module.mjs';
import { helperCount, PAGE_CHECKER_ENTRY, PageCheckers } from '../engine/page-checkers.ts';
import { parseValidateArgs } from '../engine/validate-args.ts';
import { exitOnHelpOrError } from '../engine/command-line.ts';
import { VALIDATION_CACHE_FILE } from '../engine/validation-cache.ts';

const args = exitOnHelpOrError(parseValidateArgs(process.argv.slice(2)));
const { watch, fixTranslations: fix, ...run } = args;
const codeRoot = path.resolve(import.meta.dirname, '..');
const load = async <T>(entry: string): Promise<T> =>
  (await import(pathToFileURL(compiledModule(codeRoot, entry)).href)) as T;
if (fix) {
  const { fixTranslations } = await load<typeof import('../editor/server/fix-translations.ts')>(
    'editor/server/fix-translations.ts',
  );
  console.log(fixTranslations(run.root).report);
}
if (watch) {
  const { watchValidation } = await load<typeof import('../engine/watch-validation.ts')>(
    'engine/watch-validation.ts',
  );
  watchValidation(run.root, run.format);
} else {
  // Thousands of pages to check: helper threads run the validator compiled, as this command does.
  // With no cache file yet (a fresh clone, as in CI) every page will be checked: the helpers start
  // now and load the validator while this thread does (about a tenth of a second sooner at work
  // than if started by the validator).
  const checkerModule = () => compiledModule(codeRoot, PAGE_CHECKER_ENTRY);
  const checkers = existsSync(path.join(run.root, VALIDATION_CACHE_FILE))
    ? undefined
    : new PageCheckers(checkerModule(), run.root, helperCount(), true);
  const { runValidation } = await load<typeof import('../engine/validation-report.ts')>(
    'engine/validation-report.ts',
  );
  process.exitCode = await runValidation({
    ...run,
    cache: true,
    // The build's render workers read the pages it validates from the page store.
    storePages: true,
    checkerModule,
    ...(checkers ? { checkers } : {}),
  });
}
