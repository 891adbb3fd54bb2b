import type { SiteConfig } from '../schema/site-config.ts';
import type { Collector } from './collector.ts';
import { translationErrors } from './errors.ts';
import type { YamlPath, YamlSource } from './yaml-source.ts';

/**
 * Keys of site.config.yaml whose text visitors read in the header and footer: each needs a version
 * per language.
 */
const LABEL_KEYS = new Set(['label', 'heading', 'description', 'copyright', 'tagline']);
/**
 * Parts of site.config.yaml not shown as words of the layout (the languages themselves, the logo's
 * alt = the name).
 */
const SKIPPED = new Set(['locales', 'logo', 'seo', 'scheduler']);

/** The texts of the config every language other than the default translates, with where each is. */
function configTexts(config: SiteConfig): Array<{ text: string; path: YamlPath }> {
  const out: Array<{ text: string; path: YamlPath }> = [];
  const walk = (value: unknown, path: YamlPath) => {
    if (Array.isArray(value)) value.forEach((item, index) => walk(item, [...path, index]));
    else if (value && typeof value === 'object')
      for (const [key, item] of Object.entries(value)) {
        if (path.length === 0 && SKIPPED.has(key)) continue;
        if (typeof item === 'string' && LABEL_KEYS.has(key))
          out.push({ text: item, path: [...path, key] });
        else walk(item, [...path, key]);
      }
  };
  walk(config, []);
  return out;
}

/**
 * The languages of a valid config: a default that is listed, each code once, and for every language
 * but the default a version of every text of the header and footer (`labels`), so that no page
 * shows a word of another language.
 */
export function checkLocalesConfig(
  source: YamlSource,
  config: SiteConfig,
  collector: Collector,
): void {
  const locales = config.locales;
  if (!locales) return;
  const codes = locales.list.map((locale) => locale.code);
  if (!codes.includes(locales.default))
    collector.add(
      source,
      translationErrors.defaultLocaleUnknown(locales.default, codes),
      source.positionOf(['locales', 'default']),
    );
  const seen = new Set<string>();
  locales.list.forEach((locale, index) => {
    if (seen.has(locale.code))
      collector.add(
        source,
        translationErrors.localeListedTwice(locale.code),
        source.positionOf(['locales', 'list', index, 'code']),
      );
    seen.add(locale.code);
  });
  const texts = configTexts(config);
  locales.list.forEach((locale, index) => {
    if (locale.code === locales.default) return;
    const labels = locale.labels ?? {};
    const at: YamlPath = ['locales', 'list', index];
    const reported = new Set<string>();
    for (const { text, path } of texts) {
      if (labels[text] !== undefined || reported.has(text)) continue;
      reported.add(text);
      collector.add(
        source,
        translationErrors.siteWordMissing(text, locale.label, source.positionOf(path).line),
        locale.labels ? source.keyPosition(at, 'labels') : source.positionOf([...at, 'code']),
      );
    }
    const known = new Set(texts.map(({ text }) => text));
    for (const key of Object.keys(labels))
      if (!known.has(key))
        collector.add(
          source,
          translationErrors.siteWordUnused(key),
          source.keyPosition([...at, 'labels'], key),
          'warning',
        );
  });
}
