import type { LocaleConfig, Locales } from '../schema/locales.ts';

/**
 * The site's languages as the validator and the renderer use them. Routes of the default language
 * have no prefix (`/pricing`); a translation's route is its source's route under the language code
 * (`/de/pricing`, `/de` for `/`), which is also its file: pages/de/pricing.yaml.
 */
export interface SiteLocales {
  defaultLocale: LocaleConfig;
  /**
   * Every language, the default first only if it is first in the config (the switcher follows the
   * config).
   */
  list: readonly LocaleConfig[];
  /** The languages other than the default, by code. */
  others: ReadonlyMap<string, LocaleConfig>;
  staleInProduction: 'warning' | 'error';
  /** How `--production` reports untranslated blocks, texts and site labels. */
  untranslatedInProduction: 'warning' | 'error';
}

const cache = new WeakMap<Locales, SiteLocales | undefined>();

/**
 * The languages of a config; undefined for a site in one language or a config whose default is not
 * listed.
 */
export function siteLocales(locales: Locales | undefined): SiteLocales | undefined {
  if (!locales) return undefined;
  if (cache.has(locales)) return cache.get(locales);
  const defaultLocale = locales.list.find((locale) => locale.code === locales.default);
  const result = defaultLocale && {
    defaultLocale,
    list: locales.list,
    others: new Map(
      locales.list
        .filter((locale) => locale !== defaultLocale)
        .map((locale) => [locale.code, locale]),
    ),
    staleInProduction: locales.staleInProduction ?? 'warning',
    untranslatedInProduction: locales.untranslatedInProduction ?? 'warning',
  };
  cache.set(locales, result);
  return result;
}

/**
 * The language of a route other than the default one, with the route of its source: `/de/pricing` →
 * de, `/pricing`.
 */
export function translationOf(
  route: string,
  locales: SiteLocales | undefined,
): { locale: LocaleConfig; sourceRoute: string } | undefined {
  if (!locales) return undefined;
  const first = route.split('/')[1];
  const locale = first === undefined ? undefined : locales.others.get(first);
  if (!locale) return undefined;
  return { locale, sourceRoute: route.slice(first!.length + 1) || '/' };
}

/**
 * What a page's HTML depends on besides its own text, on a site with several languages: which
 * translations of it exist (its switcher, hreflang), and for a translation its source page (blocks
 * left untranslated) and which pages of its language exist (`pagesIn`): every link it shows, its
 * own, the menus' and footer's, the home link, leads to the page in its language when there is one.
 */
export function languageDependencies(
  locales: SiteLocales | undefined,
  route: string,
  has: (route: string) => boolean,
  hashOf: (route: string) => string | undefined,
  pagesIn: (code: string) => string,
): string {
  if (!locales) return '';
  const translation = translationOf(route, locales);
  const source = translation?.sourceRoute ?? route;
  const parts = locales.list.map((locale) => {
    const at = routeIn(source, locale.code, locales);
    return `${at}:${has(at) ? 1 : 0}`;
  });
  if (translation)
    parts.push(`source:${hashOf(source) ?? '-'}`, `pages:${pagesIn(translation.locale.code)}`);
  return parts.join('\n');
}

/**
 * A default-language route in another language: (`/pricing`, de) → `/de/pricing`; (`/`, de) →
 * `/de`.
 */
export const routeIn = (route: string, code: string, locales: SiteLocales): string =>
  code === locales.defaultLocale.code ? route : route === '/' ? `/${code}` : `/${code}${route}`;
