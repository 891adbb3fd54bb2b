import { existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { isMap, parse, parseDocument, type YAMLMap } from 'yaml';
import { newPageMessages, type AuthorError } from './errors.ts';
import { routeProblem } from './new-page.ts';
import { reviewedEntries, sourceTexts } from './translation-record.ts';

/**
 * Translations as files: where a page's translation is written, the file "create the translation"
 * starts from, and the record of the source texts a translation was made from (`translatedFrom`,
 * checked by engine/check-translation.ts).
 */

/**
 * pages/solutions/hotels.yaml, de → pages/de/solutions/hotels.yaml (pages/index.yaml →
 * pages/de/index.yaml).
 */
const translationFile = (sourceFile: string, code: string): string =>
  sourceFile.replace(/^pages\//, `pages/${code}/`);

/**
 * The first version of a translation: the source page as it is (its structure, values and texts, to
 * be translated field by field), without its aliases (routes of the default language), with a
 * `translatedFrom` record of every text at the end.
 */
function startTranslation(sourceText: string): string {
  const doc = parseDocument(sourceText);
  doc.delete('aliases');
  doc.delete('translatedFrom');
  const record = doc.createPair('translatedFrom', Object.fromEntries(sourceTexts(doc.toJS())));
  (doc.contents as YAMLMap).items.push(record);
  const pair = (doc.contents as YAMLMap).items.at(-1)!;
  (pair.key as { commentBefore?: string }).commentBefore =
    ' The source texts this translation was made from (docs/translations.md): when the source changes, the validator\n' +
    ' says which field to update; copying the new source text here marks the field reviewed.';
  (pair.key as { spaceBefore?: boolean }).spaceBefore = true;
  return doc.toString({ lineWidth: 0 });
}

/**
 * Marks fields of a translation reviewed against the source as it is now: their `translatedFrom`
 * lines get the current source text (every text field when `keys` is not given). The rest of the
 * file is kept byte for byte where the YAML library allows (comments and layout of the other lines
 * stay).
 */
function markReviewed(
  translationText: string,
  sourceText: string,
  keys?: readonly string[],
): string {
  const doc = parseDocument(translationText);
  let record = doc.get('translatedFrom', true) as YAMLMap | undefined;
  if (!isMap(record)) {
    doc.set('translatedFrom', doc.createNode({}));
    record = doc.get('translatedFrom', true) as YAMLMap;
  }
  for (const [key, text] of reviewedEntries(parse(sourceText), keys)) record.set(key, text);
  return doc.toString({ lineWidth: 0 });
}

export type TranslationResult =
  { ok: true; file: string; text: string } | { ok: false; error: AuthorError };

/**
 * The source page of a route (`pages/<route>.yaml` or `pages/<route>/index.yaml`), if there is one.
 */
function sourceFileOf(root: string, route: string): string | undefined {
  const candidates =
    route === '/' ? ['pages/index.yaml'] : [`pages${route}.yaml`, `pages${route}/index.yaml`];
  return candidates.find((file) => existsSync(path.join(root, file)));
}

/**
 * `npm run new-page -- --translate de /pricing`: writes pages/de/pricing.yaml from the source page.
 */
export function createTranslation(root: string, code: string, route: string): TranslationResult {
  const problem = routeProblem(route);
  if (problem) return { ok: false, error: problem };
  const normalised = route.replace(/\/+$/, '') || '/';
  const config = parse(readFileSync(path.join(root, 'site.config.yaml'), 'utf8')) as {
    locales?: { default?: string; list?: Array<{ code?: string }> };
  };
  const codes = (config.locales?.list ?? []).map((locale) => String(locale.code));
  if (!codes.includes(code) || code === config.locales?.default)
    return { ok: false, error: newPageMessages.unknownLanguage(code, codes) };
  const source = sourceFileOf(root, normalised);
  if (!source) return { ok: false, error: newPageMessages.badRoute(route) };
  const file = translationFile(source, code);
  if (existsSync(path.join(root, file)))
    return {
      ok: false,
      error: newPageMessages.routeExists(
        `/${code}${normalised === '/' ? '' : normalised}`,
        file,
        false,
      ),
    };
  const text = startTranslation(readFileSync(path.join(root, source), 'utf8'));
  mkdirSync(path.dirname(path.join(root, file)), { recursive: true });
  writeFileSync(path.join(root, file), text, { flag: 'wx' });
  return { ok: true, file, text };
}

/**
 * `npm run new-page -- --reviewed pages/de/pricing.yaml [--field blocks.0.title]`: records the
 * source's texts.
 */
export function recordReviewed(root: string, file: string, keys?: string[]): TranslationResult {
  const match = /^pages\/([^/]+)\/(.+)$/.exec(file.split(path.sep).join('/'));
  const source = match && `pages/${match[2]}`;
  if (!source || !existsSync(path.join(root, file)) || !existsSync(path.join(root, source)))
    return { ok: false, error: newPageMessages.notATranslation(file) };
  const text = markReviewed(
    readFileSync(path.join(root, file), 'utf8'),
    readFileSync(path.join(root, source), 'utf8'),
    keys,
  );
  writeFileSync(path.join(root, file), text);
  return { ok: true, file, text };
}
