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

/**
 * The texts of the config every language other than the default translates, with where each is and
 * the key of its label there (`footer.copyright`).
 */
export function configTexts(
  config: SiteConfig,
): Array<{ text: string; path: YamlPath; key: string }> {
  const out: Array<{ text: string; path: YamlPath; key: string }> = [];
  const walk = (value: unknown, path: YamlPath) => {
    if (Array.isArray(value)) value.forEach((item, index) => walk(item, [...path, index]));
    else if (value && typeof value === 'object')
      for (const [key, item] of Object.entries(value)) {
        if (path.length === 0 && SKIPPED.has(key)) continue;
        if (typeof item === 'string' && LABEL_KEYS.has(key))
          out.push({ text: item, path: [...path, key], key: [...path, key].join('.') });
        else walk(item, [...path, key]);
      }
  };
  walk(config, []);
  return out;
}

/**
 * The languages of a valid config: a default that is listed, each code once, and for every language
 * but the default a label of every text of the header and footer by its place (`labels`), made
 * from the text there now: a missing label (the default text shows) and a label made from another
 * text (it still shows) are warnings, so an edit of the default text never stops a build.
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
    for (const { text, path, key } of texts) {
      const label = labels[key];
      if (!label)
        collector.add(
          source,
          translationErrors.siteWordMissing(text, locale.label, source.positionOf(path).line),
          locale.labels ? source.keyPosition(at, 'labels') : source.positionOf([...at, 'code']),
          'warning',
        );
      else if (label.from !== text)
        collector.add(
          source,
          translationErrors.siteWordStale(
            label.text,
            locale.label,
            source.positionOf(path).line,
            label.from,
            text,
          ),
          source.positionOf([...at, 'labels', key, 'text']),
          'warning',
        );
    }
    const known = new Set(texts.map(({ key }) => key));
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
