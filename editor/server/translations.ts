import { Collector } from '../../engine/collector.ts';
import type { Diagnostic } from '../../engine/diagnostic.ts';
import { siteLocales } from '../../engine/locales.ts';
import { translationStatus } from '../../engine/translation-status.ts';
import { validateConfig } from '../../engine/validate-page.ts';
import type { PageTranslation } from '../shared/api.ts';

/** `untranslated: true` lines of a translation: its blocks left in the default language. */
const untranslatedBlocks = (text: string) =>
  (text.match(/^\s+untranslated: true\s*$/gm) ?? []).length;

/**
 * The page list's translation status (engine/translation-status.ts, as `npm run validate --
 * --translations`): for each page of the default language, its state in every other language. Empty
 * for a site in one language.
 */
export function translationsOf(
  root: string,
  configText: string,
  pages: ReadonlyArray<{ file: string; route: string | null }>,
  problemsOf: (file: string) => readonly Diagnostic[],
  textOf: (file: string) => string,
): Map<string, PageTranslation[]> {
  const { config } = validateConfig(root, new Collector(), configText);
  const locales = siteLocales(config?.locales);
  const out = new Map<string, PageTranslation[]>();
  if (!locales) return out;
  const routed = pages.flatMap((page) =>
    page.route === null ? [] : [{ file: page.file, route: page.route }],
  );
  const labels = new Map(locales.list.map((locale) => [locale.code, locale.label]));
  for (const row of translationStatus(routed, locales, problemsOf, (file) =>
    untranslatedBlocks(textOf(file)),
  ))
    out.set(
      row.file,
      row.locales
        .filter((status) => status.state !== 'source')
        .map((status) => ({
          code: status.code,
          label: labels.get(status.code) ?? status.code,
          state: status.state as PageTranslation['state'],
          ...(status.file ? { file: status.file } : {}),
          stale: status.stale,
          partial: status.partial,
        })),
    );
  return out;
}
