import { leavesOf } from './translation-fields.ts';

/**
 * A translation's record of the source texts it was made from (`translatedFrom`, checked by
 * engine/check-translation.ts): which texts it holds, and what marking fields reviewed writes there.
 * Pure, so that `npm run new-page -- --reviewed` and the page editor apply the same rule.
 */

/** The source texts of a page (its translatable fields), by their `translatedFrom` key. */
export function sourceTexts(sourceData: unknown): Map<string, string> {
  return new Map(
    leavesOf(sourceData)
      .filter((leaf) => leaf.text)
      .map((leaf) => [leaf.key, leaf.value as string]),
  );
}

/**
 * Marking fields reviewed: each of `keys` (every text field of the source when not given) gets the
 * source's current text as its `translatedFrom` entry. Keys the source has no text for are left out.
 */
export function reviewedEntries(
  sourceData: unknown,
  keys?: readonly string[],
): Array<[key: string, text: string]> {
  const texts = sourceTexts(sourceData);
  return (keys ?? [...texts.keys()]).flatMap((key) => {
    const text = texts.get(key);
    return text === undefined ? [] : [[key, text] as [string, string]];
  });
}
