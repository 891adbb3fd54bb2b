import { fieldWords } from '../schema/form-words.ts';
import type { LocaleConfig } from '../schema/locales.ts';
import type { Locator, Reporter } from './collector.ts';
import type { Diagnostic } from './diagnostic.ts';
import { translationErrors, type AuthorError } from './errors.ts';
import { splitLink } from './routes.ts';
import { leavesOf, type Leaf } from './translation-fields.ts';
import { isUntranslatedText } from './untranslated-text.ts';
import type { YamlPath } from './yaml-source.ts';

/**
 * `blocks.0.actions.1.href` of a hero → `Hero › Actions › Item 2 › Link`: the form's words
 * (schema/form-words.ts).
 */
function fieldLabel(path: YamlPath, data: unknown): string {
  const parts: string[] = [];
  path.forEach((part, depth) => {
    if (depth === 0 && part === 'blocks') return;
    if (depth === 1 && path[0] === 'blocks' && typeof part === 'number') {
      const type = (data as { blocks?: Array<{ type?: unknown }> }).blocks?.[part]?.type;
      parts.push(typeof type === 'string' ? fieldWords(type) : `Block ${part + 1}`);
    } else parts.push(typeof part === 'number' ? `Item ${part + 1}` : fieldWords(part));
  });
  return parts.join(' › ');
}

const shown = (value: unknown) =>
  typeof value === 'string'
    ? `"${value.length > 60 ? value.slice(0, 60) + '…' : value}"`
    : String(value);
const cut = (value: string) => (value.length > 80 ? value.slice(0, 80) + '…' : value);

interface Pair {
  translation: Locator;
  source: Locator;
  locale: LocaleConfig;
  /** The default language's name, for "shown in English". */
  defaultLabel: string;
}

/**
 * A finding of the translation check, in the form the validation cache keeps: it depends on the two
 * files' texts and the languages' config only. What depends on the rest of the site (which pages
 * exist and are translated) or on the kind of run (the status view) is decided when it is reported
 * (`reportTranslation`): a button's link is kept as a candidate (`link`), and a finding shown only
 * in the status view is marked `statusOnly`.
 */
export type TranslationFinding =
  | {
      error: AuthorError;
      line: number;
      col: number;
      severity: Diagnostic['severity'];
      statusOnly?: true;
      /**
       * The source's value this finding asks the translation to have: not reported while the
       * source has an error there (the translation would be told to copy a wrong value).
       */
      sourceValue?: YamlPath;
    }
  /** A button (`actions`, `cta`) to a page of the site: reported when that page has no translation. */
  | { link: string; at: Array<string | number> };

/**
 * Buttons (a hero's actions, a call to action): a link there to a page not translated is reported.
 */
const isButtonLink = (path: YamlPath) =>
  path[path.length - 1] === 'href' && path.some((part) => part === 'actions' || part === 'cta');

/**
 * A translation against its source page: the same blocks in the same order, the same values where
 * the schema does not mark a field as translatable (schema/translatable.ts), a text wherever the
 * source has one, and for every text the source text it was translated from (`translatedFrom`): a
 * different one now is a stale translation (a warning; an error under `--production` when the
 * config says so, engine/validation-report.ts). The findings are in the order they are reported.
 */
export function checkTranslation({
  translation,
  source,
  locale,
  defaultLabel,
}: Pair): TranslationFinding[] {
  const findings: TranslationFinding[] = [];
  const reporter = {
    add(
      _file: Locator,
      error: AuthorError,
      { line, col }: { line: number; col: number },
      severity: Diagnostic['severity'] = 'error',
      statusOnly = false,
      sourceValue?: YamlPath,
    ) {
      findings.push({
        error,
        line,
        col,
        severity,
        ...(statusOnly ? { statusOnly } : {}),
        ...(sourceValue ? { sourceValue } : {}),
      });
    },
  };
  const tData = translation.data as Record<string, unknown> | null;
  const sData = source.data as Record<string, unknown> | null;
  if (!tData || typeof tData !== 'object' || !sData || typeof sData !== 'object') return findings;
  const at = (path: YamlPath) => {
    const { line, col } = source.positionOf(path);
    return `${source.file}:${line}:${col}`;
  };
  const tBlocks = Array.isArray(tData.blocks) ? (tData.blocks as unknown[]) : [];
  const sBlocks = Array.isArray(sData.blocks) ? (sData.blocks as unknown[]) : [];
  const typeOf = (block: unknown) => {
    const type = (block as { type?: unknown } | null)?.type;
    return typeof type === 'string' ? type : '?';
  };
  /** Blocks whose values are compared: same type at the same place, translated. */
  const compared = new Set<number>();
  for (let index = 0; index < Math.max(tBlocks.length, sBlocks.length); index++) {
    const path: YamlPath = ['blocks', index];
    if (index >= sBlocks.length) {
      reporter.add(
        translation,
        translationErrors.blockExtra(index, typeOf(tBlocks[index]), source.file, sBlocks.length),
        translation.positionOf(path),
      );
      continue;
    }
    if (index >= tBlocks.length) {
      reporter.add(
        translation,
        translationErrors.blockMissing(index, typeOf(sBlocks[index]), at(path)),
        translation.keyPosition([], 'blocks'),
      );
      continue;
    }
    const type = typeOf(tBlocks[index]);
    if (type !== typeOf(sBlocks[index])) {
      reporter.add(
        translation,
        translationErrors.blockMoved(index, type, typeOf(sBlocks[index]), at(path)),
        translation.positionOf([...path, 'type']),
      );
      continue;
    }
    if ((tBlocks[index] as { untranslated?: unknown }).untranslated === true) {
      reporter.add(
        translation,
        locale.partial
          ? translationErrors.partial(index, type, defaultLabel)
          : translationErrors.partialNotAllowed(index, type, locale.label),
        translation.positionOf([...path, 'untranslated']),
        'warning',
        locale.partial,
      );
      continue;
    }
    compared.add(index);
  }
  const inScope = (leaf: Leaf) => leaf.path[0] !== 'blocks' || compared.has(leaf.path[1] as number);
  /** The translation's values not matched by a source value yet: what is left is extra. */
  const tLeaves = new Map<string, Leaf>();
  for (const leaf of leavesOf(tData)) if (inScope(leaf)) tLeaves.set(leaf.key, leaf);
  const record = (tData.translatedFrom ?? {}) as Record<string, unknown>;
  const field = (leaf: Leaf) => fieldLabel(leaf.path, sData);
  for (const leaf of leavesOf(sData)) {
    if (!inScope(leaf)) continue;
    const own = tLeaves.get(leaf.key);
    tLeaves.delete(leaf.key);
    if (!leaf.text) {
      if (!own)
        reporter.add(
          translation,
          translationErrors.valueMissing(field(leaf), shown(leaf.value), at(leaf.path)),
          translation.positionOf(leaf.path),
          'error',
          false,
          leaf.path,
        );
      else if (own.value !== leaf.value)
        reporter.add(
          translation,
          translationErrors.valueDiffers(
            field(leaf),
            shown(own.value),
            shown(leaf.value),
            at(leaf.path),
          ),
          translation.positionOf(leaf.path),
          'error',
          false,
          leaf.path,
        );
      else if (
        isButtonLink(leaf.path) &&
        typeof leaf.value === 'string' &&
        leaf.value.startsWith('/')
      )
        findings.push({ link: splitLink(leaf.value).path, at: [...leaf.path] });
      continue;
    }
    if (!own || typeof own.value !== 'string') {
      reporter.add(
        translation,
        translationErrors.textMissing(field(leaf), at(leaf.path)),
        translation.positionOf(leaf.path),
      );
      continue;
    }
    const was = record[leaf.key];
    if (isUntranslatedText(own.value, leaf.value, was))
      reporter.add(
        translation,
        translationErrors.textUntranslated(field(leaf), defaultLabel),
        translation.positionOf(leaf.path),
        'warning',
        locale.partial,
      );
    // The same text without letters needs no record: it reads the same in every language.
    else if (typeof was !== 'string' && own.value !== leaf.value)
      reporter.add(
        translation,
        translationErrors.unrecorded(field(leaf), leaf.key),
        translation.positionOf(leaf.path),
        'warning',
      );
    else if (typeof was === 'string' && was !== leaf.value)
      reporter.add(
        translation,
        translationErrors.stale(field(leaf), at(leaf.path), cut(was), cut(leaf.value as string)),
        translation.positionOf(leaf.path),
        'warning',
      );
  }
  for (const leaf of tLeaves.values())
    reporter.add(
      translation,
      translationErrors.valueExtra(fieldLabel(leaf.path, tData), source.file),
      translation.positionOf(leaf.path),
    );
  return findings;
}

/**
 * Whether one of `problems` is an error at `path` or at a field that holds it (a block, a list).
 */
export function errorAtOrAbove(problems: readonly Diagnostic[]): (path: YamlPath) => boolean {
  const errorPaths = problems.flatMap((problem) =>
    problem.severity === 'error' && problem.path ? [problem.path] : [],
  );
  return (path) =>
    errorPaths.some(
      (at) => at.length <= path.length && at.every((part, i) => String(part) === String(path[i])),
    );
}

/** What reporting a translation's findings depends on besides the findings. */
export interface TranslationContext {
  locale: LocaleConfig;
  /** Whether a default-language route has a translation in this language. */
  translated: (route: string) => boolean;
  /** Whether a route is a page or alias of the site. */
  exists: (route: string) => boolean;
  /** Report allowed untranslated blocks and buttons to untranslated pages too (the status view). */
  status: boolean;
  /** Whether the source page has an error at `path` or around it. */
  sourceErrorAt: (path: YamlPath) => boolean;
}

/**
 * Reports a translation's findings (`checkTranslation`, or the validation cache's copy), in order:
 * a button's link when its page exists untranslated and the run is the status view, a `statusOnly`
 * finding in the status view only, a value to copy from the source only when the source has no
 * error there.
 */
export function reportTranslation(
  findings: readonly TranslationFinding[],
  translation: Locator,
  { locale, translated, exists, status, sourceErrorAt }: TranslationContext,
  reporter: Reporter,
): void {
  for (const finding of findings) {
    if ('link' in finding) {
      if (status && exists(finding.link) && !translated(finding.link))
        reporter.add(
          translation,
          translationErrors.linkToUntranslated(finding.link, locale.label, locale.code),
          translation.positionOf(finding.at),
          'warning',
        );
    } else if (
      (status || !finding.statusOnly) &&
      !(finding.sourceValue && sourceErrorAt(finding.sourceValue))
    )
      reporter.add(
        translation,
        finding.error,
        { line: finding.line, col: finding.col },
        finding.severity,
      );
  }
}
