import type { Diagnostic } from './diagnostic.ts';
import { translationErrors } from './errors.ts';
import { routeIn, translationOf, type SiteLocales } from './locales.ts';

/** Where a page stands in one language. */
type TranslationState = 'source' | 'translated' | 'partial' | 'stale' | 'problems' | 'untranslated';

interface LocaleStatus {
  code: string;
  state: TranslationState;
  /**
   * The translation's file (or the page's own, in the default language); none when untranslated.
   */
  file?: string;
  /** Fields whose source text changed since they were translated. */
  stale: number;
  /** Blocks left `untranslated` (shown in the default language). */
  partial: number;
  errors: number;
}

export interface PageTranslations {
  route: string;
  file: string;
  locales: LocaleStatus[];
}

const STALE = translationErrors.stale('', '', '', '').code;

/**
 * Every page of the default language with its state in each language: translated, partial (blocks
 * left untranslated), stale (its source changed since), with problems (errors), or untranslated.
 * `pages` are the site's pages (not aliases); `problemsOf` a file's diagnostics;
 * `untranslatedBlocks` how many blocks a translation leaves untranslated.
 */
export function translationStatus(
  pages: ReadonlyArray<{ route: string; file: string }>,
  locales: SiteLocales,
  problemsOf: (file: string) => readonly Pick<Diagnostic, 'code' | 'severity'>[],
  untranslatedBlocks: (file: string) => number,
): PageTranslations[] {
  const fileOf = new Map(pages.map((page) => [page.route, page.file]));
  return pages
    .filter((page) => !translationOf(page.route, locales) && page.route !== '/404')
    .sort((a, b) => a.route.localeCompare(b.route))
    .map((page) => ({
      route: page.route,
      file: page.file,
      locales: locales.list.map((locale): LocaleStatus => {
        if (locale === locales.defaultLocale)
          return {
            code: locale.code,
            state: 'source',
            file: page.file,
            stale: 0,
            partial: 0,
            errors: 0,
          };
        const file = fileOf.get(routeIn(page.route, locale.code, locales));
        if (!file)
          return { code: locale.code, state: 'untranslated', stale: 0, partial: 0, errors: 0 };
        const problems = problemsOf(file);
        const errors = problems.filter((d) => d.severity === 'error').length;
        const stale = problems.filter((d) => d.code === STALE).length;
        const partial = untranslatedBlocks(file);
        const state: TranslationState = errors
          ? 'problems'
          : stale
            ? 'stale'
            : partial
              ? 'partial'
              : 'translated';
        return { code: locale.code, state, file, stale, partial, errors };
      }),
    }));
}

const plural = (count: number, word: string) => `${count} ${word}${count === 1 ? '' : 's'}`;

const stateWords = (status: LocaleStatus): string => {
  switch (status.state) {
    case 'stale':
      return `stale (${plural(status.stale, 'field')})`;
    case 'partial':
      return `partial (${plural(status.partial, 'block')})`;
    case 'problems':
      return `problems (${plural(status.errors, 'error')})`;
    default:
      return status.state;
  }
};

/**
 * The status view of `npm run validate -- --translations`: a table of pages × languages, then a
 * count per language.
 */
export function formatTranslationStatus(rows: PageTranslations[], locales: SiteLocales): string {
  const others = locales.list.filter((locale) => locale !== locales.defaultLocale);
  const cells = rows.map((row) => [
    row.route,
    ...others.map((locale) => stateWords(row.locales.find((s) => s.code === locale.code)!)),
  ]);
  const header = ['Page', ...others.map((locale) => `${locale.code} (${locale.label})`)];
  const widths = header.map((title, column) =>
    Math.max(title.length, ...cells.map((cell) => cell[column]!.length)),
  );
  const line = (cell: string[]) =>
    cell
      .map((text, column) => text.padEnd(widths[column]!))
      .join('  ')
      .trimEnd();
  const totals = others.map((locale) => {
    const counts = new Map<TranslationState, number>();
    for (const row of rows) {
      const state = row.locales.find((s) => s.code === locale.code)!.state;
      counts.set(state, (counts.get(state) ?? 0) + 1);
    }
    const order: TranslationState[] = [
      'translated',
      'partial',
      'stale',
      'problems',
      'untranslated',
    ];
    return `${locale.code}: ${order.map((state) => `${counts.get(state) ?? 0} ${state}`).join(', ')} (of ${plural(rows.length, 'page')}).`;
  });
  return ['Translations', line(header), ...cells.map(line), '', ...totals].join('\n');
}
