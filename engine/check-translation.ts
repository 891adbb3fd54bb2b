import type { LocaleConfig } from '../schema/locales.ts';
import type { Locator, Reporter } from './collector.ts';
import { translationErrors } from './errors.ts';
import { splitLink } from './routes.ts';
import { leavesOf, type Leaf } from './translation-fields.ts';
import type { YamlPath } from './yaml-source.ts';

/** `blocks.0.actions.1.label` of a hero → `Hero › Actions › Item 2 › Label`. */
function fieldLabel(path: YamlPath, data: unknown): string {
  const words = (key: string) => {
    const spaced = key.replace(/([a-z])([A-Z])/g, '$1 $2').toLowerCase();
    return spaced.charAt(0).toUpperCase() + spaced.slice(1);
  };
  const parts: string[] = [];
  path.forEach((part, depth) => {
    if (depth === 0 && part === 'blocks') return;
    if (depth === 1 && path[0] === 'blocks' && typeof part === 'number') {
      const type = (data as { blocks?: Array<{ type?: unknown }> }).blocks?.[part]?.type;
      parts.push(typeof type === 'string' ? words(type) : `Block ${part + 1}`);
    } else parts.push(typeof part === 'number' ? `Item ${part + 1}` : words(part));
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
  /** Whether a default-language route has a translation in this language. */
  translated: (route: string) => boolean;
  /** Whether a route is a page or alias of the site. */
  exists: (route: string) => boolean;
  /** Report allowed untranslated blocks and buttons to untranslated pages too (the status view). */
  status?: boolean;
}

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
 * config says so, engine/validation-report.ts).
 */
export function checkTranslation(
  { translation, source, locale, defaultLabel, translated, exists, status = false }: Pair,
  reporter: Reporter,
): void {
  const tData = translation.data as Record<string, unknown> | null;
  const sData = source.data as Record<string, unknown> | null;
  if (!tData || typeof tData !== 'object' || !sData || typeof sData !== 'object') return;
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
      if (!locale.partial || status)
        reporter.add(
          translation,
          locale.partial
            ? translationErrors.partial(index, type, defaultLabel)
            : translationErrors.partialNotAllowed(index, type, locale.label),
          translation.positionOf([...path, 'untranslated']),
          locale.partial ? 'warning' : 'error',
        );
      continue;
    }
    compared.add(index);
  }
  const inScope = (leaf: Leaf) => leaf.path[0] !== 'blocks' || compared.has(leaf.path[1] as number);
  const tLeaves = new Map(
    leavesOf(tData)
      .filter(inScope)
      .map((leaf) => [leaf.key, leaf]),
  );
  const record = (tData.translatedFrom ?? {}) as Record<string, unknown>;
  const sKeys = new Set<string>();
  for (const leaf of leavesOf(sData)) {
    if (!inScope(leaf)) continue;
    sKeys.add(leaf.key);
    const own = tLeaves.get(leaf.key);
    const field = () => fieldLabel(leaf.path, sData);
    if (!leaf.text) {
      if (!own)
        reporter.add(
          translation,
          translationErrors.valueMissing(field(), shown(leaf.value), at(leaf.path)),
          translation.positionOf(leaf.path),
        );
      else if (own.value !== leaf.value)
        reporter.add(
          translation,
          translationErrors.valueDiffers(
            field(),
            shown(own.value),
            shown(leaf.value),
            at(leaf.path),
          ),
          translation.positionOf(leaf.path),
        );
      else if (isButtonLink(leaf.path) && typeof leaf.value === 'string') {
        const route = splitLink(leaf.value).path;
        if (status && leaf.value.startsWith('/') && exists(route) && !translated(route))
          reporter.add(
            translation,
            translationErrors.linkToUntranslated(route, locale.label, locale.code),
            translation.positionOf(leaf.path),
            'warning',
          );
      }
      continue;
    }
    if (!own || typeof own.value !== 'string') {
      reporter.add(
        translation,
        translationErrors.textMissing(field(), at(leaf.path)),
        translation.positionOf(leaf.path),
      );
      continue;
    }
    const was = record[leaf.key];
    if (typeof was !== 'string')
      reporter.add(
        translation,
        translationErrors.unrecorded(field(), leaf.key),
        translation.positionOf(leaf.path),
        'warning',
      );
    else if (was !== leaf.value)
      reporter.add(
        translation,
        translationErrors.stale(field(), at(leaf.path), cut(was), cut(leaf.value as string)),
        translation.positionOf(leaf.path),
        'warning',
      );
  }
  for (const [key, leaf] of tLeaves)
    if (!sKeys.has(key))
      reporter.add(
        translation,
        translationErrors.valueExtra(fieldLabel(leaf.path, tData), source.file),
        translation.positionOf(leaf.path),
      );
}
