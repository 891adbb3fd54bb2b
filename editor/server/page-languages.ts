import {
  checkTranslation,
  errorAtOrAbove,
  reportTranslation,
} from '../../engine/check-translation.ts';
import { Collector } from '../../engine/collector.ts';
import type { Diagnostic } from '../../engine/diagnostic.ts';
import { routeIn, siteLocales, translationOf, type SiteLocales } from '../../engine/locales.ts';
import { routeFromFile } from '../../engine/routes.ts';
import type { SiteIndex } from '../../engine/site-index.ts';
import { validateConfig } from '../../engine/validate-page.ts';
import { YamlSource } from '../../engine/yaml-source.ts';
import type { PageLanguagesResponse } from '../shared/api.ts';
import { translationsOf } from './translations.ts';

const localesByConfig = new Map<string, SiteLocales | undefined>();

/** The site's languages as site.config.yaml says now; undefined for a site in one language. */
export function localesOf(site: SiteIndex): SiteLocales | undefined {
  const text = site.textOfConfig() ?? '';
  const key = `${site.root}\0${text}`;
  if (!localesByConfig.has(key)) {
    const { config } = validateConfig(site.root, new Collector(), text);
    // Only the config as it is now is worth keeping: one entry per site.
    for (const old of localesByConfig.keys())
      if (old.startsWith(`${site.root}\0`)) localesByConfig.delete(old);
    localesByConfig.set(key, siteLocales(config?.locales));
  }
  return localesByConfig.get(key);
}

/** The file of a route's page (not of an alias leading to it). */
function pageFileOf(site: SiteIndex, route: string): string | undefined {
  const found = site.routes().find((r) => r.route === route);
  return found && routeFromFile(found.file) === route ? found.file : undefined;
}

/**
 * A translation checked against its source page as it is on disk (engine/check-translation.ts, the
 * validator's own check): what `npm run validate` reports besides the page's own problems. The
 * site index checks a page alone, so the editor adds these.
 */
export function translationProblems(
  site: SiteIndex,
  locales: SiteLocales | undefined,
  file: string,
  text: string,
): Diagnostic[] {
  const route = routeFromFile(file);
  const language = route === undefined ? undefined : translationOf(route, locales);
  if (!language || !locales) return [];
  const sourceFile = pageFileOf(site, language.sourceRoute);
  const sourceText = sourceFile && site.textOf(sourceFile);
  if (!sourceFile || sourceText === undefined) return [];
  const translation = new YamlSource(file, text);
  const source = new YamlSource(sourceFile, sourceText);
  if (translation.data === undefined || source.data === undefined) return [];
  const collector = new Collector();
  const routes = new Set(site.routes().map((r) => r.route));
  const findings = checkTranslation({
    translation,
    source,
    locale: language.locale,
    defaultLabel: locales.defaultLocale.label,
  });
  reportTranslation(
    findings,
    translation,
    {
      locale: language.locale,
      translated: (to) => routes.has(routeIn(to, language.locale.code, locales)),
      exists: (to) => routes.has(to),
      status: false,
      // The source's problems, its links' included, as the validator holds them against its
      // translations.
      sourceErrorAt: errorAtOrAbove(site.check(sourceFile, sourceText)),
    },
    collector,
  );
  return collector.diagnostics;
}

/**
 * The languages of one page for the editor's language switch: the page in the default language and
 * each translation, with its state (as the page list shows it) and file. No languages for a site in
 * one language, or for a page that has no translation and is none.
 */
export function pageLanguages(
  site: SiteIndex,
  file: string,
  problemsOf: (file: string) => readonly Diagnostic[],
): PageLanguagesResponse {
  const locales = localesOf(site);
  const route = routeFromFile(file);
  if (!locales || route === undefined) return { languages: [] };
  const language = translationOf(route, locales);
  const sourceRoute = language?.sourceRoute ?? route;
  const sourceFile = pageFileOf(site, sourceRoute);
  const files = locales.list.flatMap((locale) => {
    const routeInLocale = routeIn(sourceRoute, locale.code, locales);
    const at = pageFileOf(site, routeInLocale);
    return at ? [{ code: locale.code, file: at, route: routeInLocale }] : [];
  });
  if (!sourceFile || files.length < 2) return { languages: [] };
  const status =
    translationsOf(
      site.root,
      site.textOfConfig() ?? '',
      files,
      problemsOf,
      (f) => site.textOf(f) ?? '',
    ).get(sourceFile) ?? [];
  return {
    code: language?.locale.code ?? locales.defaultLocale.code,
    sourceRoute,
    sourceFile,
    sourceText: site.textOf(sourceFile) ?? '',
    languages: locales.list.map((locale) => {
      if (locale === locales.defaultLocale)
        return {
          code: locale.code,
          label: locale.label,
          dir: locale.dir,
          state: 'source',
          file: sourceFile,
        };
      const row = status.find((s) => s.code === locale.code);
      return {
        code: locale.code,
        label: locale.label,
        dir: locale.dir,
        state: row?.state ?? 'untranslated',
        ...(row?.file ? { file: row.file } : {}),
      };
    }),
  };
}
