import { defaultCtaAction } from '../blocks/ctaBand/defaults.ts';
import type { Block } from '../blocks/schemas.ts';
import type { LoadedPage, Page, SiteModel } from '../engine/load-site.ts';
import { routeIn, siteLocales, translationOf, type SiteLocales } from '../engine/locales.ts';
import { splitLink } from '../engine/routes.ts';
import { untranslatedTexts } from '../engine/untranslated-texts.ts';
import { englishWords, localeOf, type LocaleConfig, type Words } from '../schema/locales.ts';
import type { SiteConfig } from '../schema/site-config.ts';

/** One language of the switcher and of the hreflang alternates: where this page is in it. */
interface Alternate {
  code: string;
  label: string;
  dir: 'ltr' | 'rtl';
  /**
   * The route of this page in that language, or of that language's home page when the page is not
   * translated.
   */
  route: string;
  translated: boolean;
  current: boolean;
  /** That language's words for "not translated: home page". */
  untranslated: string;
}

/** The language of a rendered page. */
export interface PageLanguage {
  code: string;
  dir: 'ltr' | 'rtl';
  ogLocale: string;
  words: Words;
  /** Every language of the site, in the config's order (empty for a site in one language). */
  alternates: Alternate[];
  /** The page's route in the default language (hreflang x-default). */
  defaultRoute: string;
  /** The home page in this language: `/`, `/de` (the default one while that is not translated). */
  home: string;
  /**
   * A translation's blocks left untranslated (by index), shown from the source page: in an element
   * with the default language's `lang` and `dir`, with its words.
   */
  shownFromSource?: ShownFromSource;
  /**
   * A translation's texts left untranslated inside translated blocks (engine/untranslated-texts.ts):
   * per block index, their paths within the block, marked with the default language's `lang` and
   * `dir` by the block.
   */
  textsFromSource?: TextsFromSource;
}

/** A translation's blocks shown from its source (`PageLanguage`). */
export interface ShownFromSource {
  code: string;
  dir: 'ltr' | 'rtl';
  words: Words;
  /** The source's language and region (`en-IN`), for dates. */
  locale: string;
  blocks: number[];
}

/** The texts of a page in the source's language, per block index (`PageLanguage`). */
export interface TextsFromSource {
  code: string;
  dir: 'ltr' | 'rtl';
  blocks: Record<number, string[]>;
}

/**
 * The words of a page rendered without a language (a block's preview, a test): the default
 * language's, or English.
 */
export const wordsOf = (language: { words: Words } | undefined): Words =>
  language?.words ?? englishWords;

const localisedConfigs = new WeakMap<SiteConfig, Map<string, SiteConfig>>();

/**
 * Every `href` of a value with `localise` applied, every other string through `text` with its
 * place (`footer.copyright`, `navigation.items.0.label`) (a deep copy).
 */
function mapValues<T>(
  value: T,
  href: (link: string) => string,
  text: (words: string, place: string) => string,
): T {
  const walk = (item: unknown, path: ReadonlyArray<string | number>): unknown => {
    const key = path[path.length - 1];
    if (typeof item === 'string') return key === 'href' ? href(item) : text(item, path.join('.'));
    if (Array.isArray(item)) return item.map((element, index) => walk(element, [...path, index]));
    if (item && typeof item === 'object')
      return Object.fromEntries(
        Object.entries(item).map(([name, field]) => [name, walk(field, [...path, name])]),
      );
    return item;
  };
  return walk(value, []) as T;
}

/**
 * A language's view of the site: its routes for links (`/pricing` → `/de/pricing` when that page is
 * translated, the default-language page otherwise), the config with its menus and footer in the
 * language (`labels`).
 */
/**
 * Whether a page (not an alias) has this route: from the model, or its list of page routes in a
 * render worker.
 */
const isPage = (site: SiteModel, route: string) =>
  site.pageRoutes ? site.pageRoutes.has(route) : site.routes.get(route)?.route === route;

class LanguageView {
  constructor(
    private readonly site: SiteModel,
    private readonly locales: SiteLocales,
    readonly locale: LocaleConfig,
  ) {}

  readonly localise = (link: string): string => {
    if (!link.startsWith('/') || this.locale === this.locales.defaultLocale) return link;
    const { path, hash } = splitLink(link);
    const translated = routeIn(path, this.locale.code, this.locales);
    return isPage(this.site, translated) ? translated + (hash ? `#${hash}` : '') : link;
  };

  config(config: SiteConfig): SiteConfig {
    let byCode = localisedConfigs.get(config);
    if (!byCode) localisedConfigs.set(config, (byCode = new Map()));
    let localised = byCode.get(this.locale.code);
    if (!localised) {
      const labels = this.locale.labels ?? {};
      const { locales: _locales, seo, scheduler, logo, ...shown } = config;
      localised = {
        // A label made from an older default text still shows (reported out of date): a page in
        // this language never shows a default-language word it had a translation for.
        ...mapValues(shown, this.localise, (text, place) => labels[place]?.text ?? text),
        seo,
        scheduler,
        logo,
        ...(config.locales ? { locales: config.locales } : {}),
      } as SiteConfig;
      byCode.set(this.locale.code, localised);
    }
    return localised;
  }
}

/**
 * The page as shown in its language: a translation's blocks left `untranslated` are the source's,
 * and every internal link leads to the page in the same language when there is one.
 */
function pageIn(view: LanguageView, page: Page, source: LoadedPage | undefined): Page {
  const blocks = page.blocks.map((block, index) =>
    (block as { untranslated?: unknown }).untranslated === true && source
      ? (source.page.blocks[index] as Block)
      : block,
  );
  // A ctaBand without `action` shows the site's "Book a Demo" button: in this language, to this
  // language's page.
  const labels = view.locale.labels ?? {};
  const withActions = blocks.map((block) =>
    block.type === 'ctaBand' && !block.action
      ? {
          ...block,
          action: {
            label:
              Object.values(labels).find((label) => label.from === defaultCtaAction.label)?.text ??
              defaultCtaAction.label,
            href: defaultCtaAction.href,
          },
        }
      : block,
  );
  return { ...page, blocks: mapValues(withActions, view.localise, (text) => text) };
}

/**
 * The language of the page at `route` (a page of the model), with its page and config as shown in
 * it.
 */
export function languageOf(
  site: SiteModel,
  loaded: LoadedPage,
): { language: PageLanguage | undefined; page: Page; config: SiteConfig } {
  const config = site.config!;
  const locales = siteLocales(config.locales);
  if (!locales) return { language: undefined, page: loaded.page, config };
  const translation = translationOf(loaded.route, locales);
  const locale = translation?.locale ?? locales.defaultLocale;
  const defaultRoute = translation?.sourceRoute ?? loaded.route;
  const view = new LanguageView(site, locales, locale);
  const source = translation ? site.routes.get(defaultRoute) : undefined;
  const alternates = locales.list.map((other): Alternate => {
    const route = routeIn(defaultRoute, other.code, locales);
    const translated = isPage(site, route);
    return {
      code: other.code,
      label: other.label,
      dir: other.dir,
      route: translated ? route : routeIn('/', other.code, locales),
      translated,
      current: other === locale,
      untranslated: other.words.untranslated,
    };
  });
  const untranslated = translation
    ? loaded.page.blocks.flatMap((block, index) =>
        (block as { untranslated?: unknown }).untranslated === true && source ? [index] : [],
      )
    : [];
  const from = locales.defaultLocale;
  const texts = translation && source ? untranslatedTexts(loaded.page, source.page) : new Map();
  return {
    language: {
      ...(untranslated.length
        ? {
            shownFromSource: {
              code: from.code,
              dir: from.dir,
              words: from.words,
              locale: localeOf(from.ogLocale),
              blocks: untranslated,
            },
          }
        : {}),
      ...(texts.size
        ? {
            textsFromSource: {
              code: from.code,
              dir: from.dir,
              blocks: Object.fromEntries(texts),
            },
          }
        : {}),
      code: locale.code,
      dir: locale.dir,
      ogLocale: locale.ogLocale,
      words: locale.words,
      alternates,
      defaultRoute,
      home: isPage(site, routeIn('/', locale.code, locales))
        ? routeIn('/', locale.code, locales)
        : '/',
    },
    page: translation ? pageIn(view, loaded.page, source) : loaded.page,
    config: view.config(config),
  };
}
