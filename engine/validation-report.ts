import { countErrors, sortDiagnostics, type Diagnostic } from './diagnostic.ts';
import { translationErrors, validatorMessages } from './errors.ts';
import { siteLocales } from './locales.ts';
import { formatDiagnostics, type OutputFormat } from './format.ts';
import { SiteLoader, type LoadOptions, type SiteModel } from './load-site.ts';
import { findPlaceholders } from './placeholders.ts';
import { routeFromFile } from './routes.ts';
import { formatTranslationStatus, translationStatus } from './translation-status.ts';

/**
 * Prints `npm run validate`'s report (the problems, then a summary line in pretty format) and
 * returns the exit code.
 */
export function printReport(
  diagnostics: Diagnostic[],
  counts: { pages: number; routes: number; ms: number },
  format: OutputFormat,
  print: (text: string) => void,
): number {
  const errors = countErrors(diagnostics);
  if (format === 'json') print(formatDiagnostics(diagnostics, 'json'));
  else {
    if (diagnostics.length) print(formatDiagnostics(diagnostics, format));
    const summary = validatorMessages.summary(
      counts.pages,
      counts.routes,
      counts.ms,
      errors,
      diagnostics.length - errors,
    );
    if (format === 'pretty') print((diagnostics.length ? '\n' : '') + summary);
  }
  return errors ? 1 : 0;
}

/** What to validate and how to report it: `npm run validate`'s options, the build's, a test's. */
export interface ValidationRun extends Pick<
  LoadOptions,
  'cache' | 'storePages' | 'keepPages' | 'checkerModule' | 'checkers'
> {
  root: string;
  format: OutputFormat;
  /** Treat drafts as published (the dev server's view). */
  drafts?: boolean;
  /** Also count the placeholders left in published pages and site.config.yaml as errors. */
  production?: boolean;
  /**
   * Also report what translations leave untranslated, and print the status of every page per
   * language.
   */
  translations?: boolean;
  print?: (text: string) => void;
}

/**
 * Validates the site, prints the report, and returns the exit code with the loaded site (the build
 * hands it on to the prerender).
 */
export async function validateAndReport({
  root,
  format,
  drafts = false,
  production = false,
  translations = false,
  print = console.log,
  ...load
}: ValidationRun): Promise<{ exitCode: number; site: SiteModel }> {
  const started = performance.now();
  const loader = new SiteLoader({
    root,
    includeDrafts: drafts,
    ...load,
    ...(translations ? { translationStatus: true } : {}),
  });
  const loaded = await loader.loadInParallel({ saveCache: false });
  const site = production
    ? {
        ...loaded,
        diagnostics: sortDiagnostics([...staleAsErrors(loaded), ...findPlaceholders(root)]),
      }
    : loaded;
  const counts = {
    pages: site.pages.length,
    routes: site.routes.size,
    ms: Math.round(performance.now() - started),
  };
  const exitCode = printReport(site.diagnostics, counts, format, print);
  const locales = siteLocales(site.config?.locales);
  if (translations && locales && format === 'pretty') print('\n' + statusOf(site, locales));
  // Written once the report is out: after a first check of 10,000 pages it takes a tenth of a
  // second.
  loader.saveCache();
  return { exitCode, site };
}

const STALE = translationErrors.stale('', '', '', '').code;
const SITE_WORD_STALE = translationErrors.siteWordStale('', '', 0, '', '').code;
/** What a translation leaves in the default language (`locales.untranslatedInProduction`). */
const UNTRANSLATED = [
  translationErrors.partialNotAllowed(0, '', '').code,
  translationErrors.textUntranslated('', '').code,
  translationErrors.siteWordMissing('', '', 0).code,
];

/**
 * The production check: stale translations, and what translations leave untranslated, are errors
 * when site.config.yaml says so (`locales.staleInProduction`, `locales.untranslatedInProduction`).
 */
function staleAsErrors(site: SiteModel): Diagnostic[] {
  const locales = siteLocales(site.config?.locales);
  const codes = new Set([
    ...(locales?.staleInProduction === 'error' ? [STALE, SITE_WORD_STALE] : []),
    ...(locales?.untranslatedInProduction === 'error' ? UNTRANSLATED : []),
  ]);
  return site.diagnostics.map((d) => (codes.has(d.code) ? { ...d, severity: 'error' } : d));
}

const PARTIAL = translationErrors.partial(0, '', '').code;

/**
 * The status view: every page per language, from the status run's diagnostics (untranslated blocks
 * are reported).
 */
function statusOf(site: SiteModel, locales: NonNullable<ReturnType<typeof siteLocales>>): string {
  const byFile = new Map<string, Diagnostic[]>();
  for (const d of site.diagnostics) byFile.set(d.file, [...(byFile.get(d.file) ?? []), d]);
  // A page with errors is not in `site.pages`: its route comes from its file name.
  const pages = new Map(site.pages.map((page) => [page.file, page.route]));
  for (const file of byFile.keys()) {
    const route = routeFromFile(file);
    if (route !== undefined && !pages.has(file)) pages.set(file, route);
  }
  const rows = translationStatus(
    [...pages].map(([file, route]) => ({ file, route })),
    locales,
    (file) => byFile.get(file) ?? [],
    (file) => (byFile.get(file) ?? []).filter((d) => d.code === PARTIAL).length,
  );
  return formatTranslationStatus(rows, locales);
}

/** validateAndReport's exit code alone (the site model keeps no page). */
export async function runValidation(run: Omit<ValidationRun, 'keepPages'>): Promise<number> {
  return (await validateAndReport({ ...run, keepPages: false })).exitCode;
}
