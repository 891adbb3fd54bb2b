import { leavesOf, type Leaf } from './translation-fields.ts';
import { isUntranslatedText } from './untranslated-text.ts';

/**
 * The texts of a translation still in its source's language, per block (by index): the paths within
 * the block (`items.1`, `title`) of each such text, for the renderer to mark them with the source's
 * `lang` and `dir`. A text is untranslated as the validator sees it (isUntranslatedText, as
 * engine/check-translation.ts reports `translation-text-untranslated`). A list item whose texts are
 * all untranslated is given as the item (the outermost such item), not text by text. Blocks left
 * `untranslated: true` (shown whole from the source) and blocks of another type than the source's
 * at that place are not listed.
 */
export function untranslatedTexts(translation: unknown, source: unknown): Map<number, string[]> {
  const result = new Map<number, string[]>();
  if (!isObject(translation) || !isObject(source)) return result;
  const tBlocks = Array.isArray(translation.blocks) ? translation.blocks : [];
  const sBlocks = Array.isArray(source.blocks) ? source.blocks : [];
  const record = isObject(translation.translatedFrom) ? translation.translatedFrom : {};
  const sourceTexts = new Map(
    leavesOf(source)
      .filter((leaf) => leaf.text)
      .map((leaf) => [leaf.key, leaf.value]),
  );
  const byBlock = new Map<number, Array<{ path: Array<string | number>; untranslated: boolean }>>();
  for (const leaf of leavesOf(translation)) {
    if (!leaf.text || leaf.path[0] !== 'blocks') continue;
    const index = leaf.path[1] as number;
    const block = tBlocks[index] as Record<string, unknown> | undefined;
    if (!block || block.untranslated === true) continue;
    if (!isObject(sBlocks[index]) || sBlocks[index].type !== block.type) continue;
    let texts = byBlock.get(index);
    if (!texts) byBlock.set(index, (texts = []));
    texts.push({ path: leaf.path.slice(2), untranslated: isUntranslated(leaf) });
  }
  function isUntranslated(leaf: Leaf) {
    return isUntranslatedText(leaf.value, sourceTexts.get(leaf.key), record[leaf.key]);
  }
  for (const [index, texts] of byBlock) {
    const marked = new Set<string>();
    for (const text of texts) {
      if (!text.untranslated) continue;
      marked.add(markOf(text.path, texts));
    }
    if (marked.size) result.set(index, [...marked]);
  }
  return result;
}

/**
 * Where an untranslated text is marked: the outermost list item holding it whose texts are all
 * untranslated, else the text itself.
 */
function markOf(
  path: ReadonlyArray<string | number>,
  texts: ReadonlyArray<{ path: ReadonlyArray<string | number>; untranslated: boolean }>,
): string {
  for (let end = 1; end < path.length; end++) {
    if (typeof path[end - 1] !== 'number') continue;
    const item = path.slice(0, end);
    const inItem = texts.filter((text) => item.every((part, i) => text.path[i] === part));
    if (inItem.every((text) => text.untranslated)) return item.join('.');
  }
  return path.join('.');
}

const isObject = (value: unknown): value is Record<string, unknown> =>
  value !== null && typeof value === 'object' && !Array.isArray(value);
