// @vitest-environment jsdom
import { afterEach, describe, expect, it } from 'vitest';
import type { z } from 'zod';
import { blockSchemas, blockTypes } from '../../blocks/schemas.ts';
import { siteLocales } from '../../engine/locales.ts';
import { defOf, leavesOf } from '../../engine/translation-fields.ts';
import { untranslatedTexts } from '../../engine/untranslated-texts.ts';
import { BlockList } from '../../renderer/BlockList.tsx';
import { englishWords } from '../../schema/locales.ts';
import { isTranslatable } from '../../schema/translatable.ts';
import {
  clearDocument,
  loadExample,
  loadTestConfig,
  mountServerHtml,
} from '../helpers/render-block.tsx';

/**
 * Every block type, its example (blocks/<type>/example.yaml) rendered on a German page as a
 * translation that has translated nothing yet, then half of its texts: each source text the visitor
 * sees (and each alt text) sits inside an element with lang="en", and the translated texts and the
 * page's own German words (the hidden "Schritt", "Mehr erfahren") are never inside one. A block
 * that does not mark a text fails here. An example that leaves out a text field of its block's
 * schema fails first: the check sees only the texts the example holds.
 */
const config = loadTestConfig();
const german = siteLocales(config.locales)!.list.find((locale) => locale.code === 'de')!;
const germanWords = new Set(
  Object.entries(german.words)
    .filter(([key, word]) => englishWords[key as keyof typeof englishWords] !== word)
    .map(([, word]) => word),
);

afterEach(clearDocument);

/** The text nodes under `root` with letters, trimmed, each with its element. */
function textNodes(root: Element): Array<{ text: string; element: Element }> {
  const walker = root.ownerDocument.createTreeWalker(root, NodeFilter.SHOW_TEXT);
  const out: Array<{ text: string; element: Element }> = [];
  for (let node = walker.nextNode(); node; node = walker.nextNode()) {
    const text = node.textContent!.trim();
    if (/\p{Letter}/u.test(text)) out.push({ text, element: node.parentElement! });
  }
  return out;
}

const inEnglish = (element: Element) => element.closest('[lang]')?.getAttribute('lang') === 'en';

/**
 * The example rendered on the German page as a translation of itself in which the texts `translated`
 * picks have German words (`Übersetzt 1`…, recorded in `translatedFrom`) and the others are the
 * source's: what a visitor sees of the source's texts outside a lang="en" element, alt texts
 * included, and the texts inside one that are not the source's (the translation's or the page's
 * own words).
 */
function check(type: (typeof blockTypes)[number], translated: (index: number) => boolean) {
  const block = loadExample(type);
  const source = { blocks: [block] };
  const translation = structuredClone(source) as { blocks: unknown[]; translatedFrom: object };
  const record: Record<string, string> = {};
  const texts = leavesOf(source).filter(
    (leaf) => leaf.text && typeof leaf.value === 'string' && leaf.value !== '',
  );
  texts.forEach((leaf, index) => {
    if (!translated(index)) return;
    const parent = leaf.path
      .slice(0, -1)
      .reduce<unknown>((at, part) => (at as Record<string | number, unknown>)[part], translation);
    (parent as Record<string | number, unknown>)[leaf.path.at(-1)!] = `Übersetzt ${index}`;
    record[leaf.key] = leaf.value as string;
  });
  translation.translatedFrom = record;
  const sourceTexts = texts.filter((_, index) => !translated(index)).map((leaf) => `${leaf.value}`);
  const root = mountServerHtml(
    <BlockList
      blocks={translation.blocks as typeof source.blocks}
      context={{ config, words: german.words }}
      textsFromSource={{
        code: 'en',
        dir: 'ltr',
        blocks: { 0: untranslatedTexts(translation, source).get(0) ?? [] },
      }}
    />,
  );
  const isSourceText = (text: string) =>
    sourceTexts.some((source) => source === text || (text.length >= 3 && source.includes(text)));
  const nodes = textNodes(root);
  return {
    unmarked: nodes
      .filter(({ text, element }) => isSourceText(text) && !inEnglish(element))
      .map(({ text }) => text),
    unmarkedAlts: [...root.querySelectorAll('img[alt]')]
      .filter((img) => isSourceText(img.getAttribute('alt')!) && !inEnglish(img))
      .map((img) => img.getAttribute('alt')),
    notEnglishInEnglish: nodes
      .filter(
        ({ text, element }) =>
          (germanWords.has(text) || text.includes('Übersetzt')) && inEnglish(element),
      )
      .map(({ text }) => text),
    // The check looked at something: an example with a text left untranslated shows it marked.
    marked: sourceTexts.length === 0 || root.querySelector('[lang="en"]') !== null,
  };
}

const clean = { unmarked: [], unmarkedAlts: [], notEnglishInEnglish: [], marked: true };

const cases: Array<[string, (index: number) => boolean]> = [
  ['nothing translated yet', () => false],
  ['the first, third… texts translated', (index) => index % 2 === 0],
  ['the second, fourth… texts translated', (index) => index % 2 === 1],
];

/** The places of a schema's translatable texts, list items as `*` (`items.*.title`). */
function textPlaces(schema: z.ZodType, at = '', out = new Set<string>()): Set<string> {
  if (isTranslatable(schema)) return out.add(at);
  const def = defOf(schema);
  const inner = def.innerType ?? (def.type === 'pipe' ? def.in : undefined);
  if (inner) return textPlaces(inner, at, out);
  for (const [key, field] of Object.entries(def.shape ?? {}))
    textPlaces(field, at ? `${at}.${key}` : key, out);
  if (def.type === 'array' && def.element) textPlaces(def.element, `${at}.*`, out);
  for (const option of def.type === 'union' ? (def.options ?? []) : []) textPlaces(option, at, out);
  return out;
}

describe('the examples hold every text of their block, so that the checks below see each one', () => {
  it.each([...blockTypes])('%s', (type) => {
    const places = textPlaces(blockSchemas[type]);
    expect(places.size).toBeGreaterThan(0);
    const inExample = leavesOf({ blocks: [loadExample(type)] })
      .filter((leaf) => leaf.text)
      .map((leaf) => leaf.key.replace(/^blocks\.0\./, '').replace(/\.\d+(?=\.|$)/g, '.*'));
    expect([...places].filter((place) => !inExample.includes(place))).toEqual([]);
  });
});

describe('every block marks the texts a translation leaves in the source language', () => {
  describe.each(cases)('%s', (_, translated) => {
    it.each([...blockTypes])('%s', (type) => {
      expect(check(type, translated)).toEqual(clean);
    });
  });
});
