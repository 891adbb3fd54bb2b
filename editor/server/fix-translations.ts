import { readdirSync, readFileSync, existsSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { parse } from 'yaml';
import { validatorMessages } from '../../engine/errors.ts';
import { syncTranslationText } from '../document/sync.ts';
import { fromConfigText } from './from-config-text.ts';

/**
 * The other languages' codes of site.config.yaml (none for a site in one language), read again
 * only when the config's text changed: every save of a page asks.
 */
const translationCodes = fromConfigText(
  (_root, text) => {
    let config: { locales?: { default?: unknown; list?: Array<{ code?: unknown }> } } | null;
    try {
      config = parse(text) as typeof config;
    } catch {
      config = null;
    }
    const locales = config?.locales;
    return (locales?.list ?? []).flatMap((locale) =>
      typeof locale?.code === 'string' && locale.code !== locales?.default ? [locale.code] : [],
    );
  },
  () => [],
);

function yamlFilesUnder(root: string, folder: string): string[] {
  const absolute = path.join(root, folder);
  if (!existsSync(absolute)) return [];
  return readdirSync(absolute, { recursive: true, encoding: 'utf8' })
    .filter((name) => name.endsWith('.yaml'))
    .map((name) => `${folder}/${name.split(path.sep).join('/')}`)
    .sort();
}

/** The default-language file of the translation `file` in the language `code`. */
const sourceFile = (code: string, file: string) => `pages/${file.slice(`pages/${code}/`.length)}`;

/**
 * Each translation of a default-language page (`pages/de/pricing.yaml` of `pages/pricing.yaml`)
 * as `[translation, source]` files, relative to the project.
 */
function translationPairs(root: string): Array<[string, string]> {
  return translationCodes(root).flatMap((code) =>
    yamlFilesUnder(root, `pages/${code}`).flatMap((file) => {
      const source = sourceFile(code, file);
      return existsSync(path.join(root, source)) ? [[file, source] as [string, string]] : [];
    }),
  );
}

/**
 * The default-language page that the translation `file` follows (`pages/pricing.yaml` of
 * `pages/de/pricing.yaml`); undefined for any other file, or when that page is not there.
 */
export function sourcePageOf(root: string, file: string): string | undefined {
  const code = translationCodes(root).find((each) => file.startsWith(`pages/${each}/`));
  if (code === undefined) return undefined;
  const source = sourceFile(code, file);
  return existsSync(path.join(root, source)) ? source : undefined;
}

/**
 * The translations of `source` (a default-language page) brought in line with `sourceText`
 * (editor/document/sync.ts): `[file, text]` of each translation that changes.
 */
export function translationsToSync(
  root: string,
  source: string,
  sourceText: string,
): Array<[file: string, text: string]> {
  return translationPairs(root).flatMap(([file, of]) => {
    if (of !== source) return [];
    const before = readFileSync(path.join(root, file), 'utf8');
    const after = syncTranslationText(before, sourceText);
    return after === before ? [] : [[file, after] as [string, string]];
  });
}

/**
 * `npm run validate -- --fix-translations`: every translation brought in line with its source page
 * as it is on disk (blocks and list items moved, added, removed as there; values that are not texts
 * copied; `translatedFrom` records following their fields). The files written, in order, and what
 * the command prints.
 */
export function fixTranslations(root: string): { files: string[]; report: string } {
  const written: string[] = [];
  for (const [file, source] of translationPairs(root)) {
    const before = readFileSync(path.join(root, file), 'utf8');
    const after = syncTranslationText(before, readFileSync(path.join(root, source), 'utf8'));
    if (after === before) continue;
    writeFileSync(path.join(root, file), after);
    written.push(file);
  }
  return { files: written, report: validatorMessages.translationsFixed(written) };
}
