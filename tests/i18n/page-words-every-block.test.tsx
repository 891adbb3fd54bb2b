// @vitest-environment jsdom
import { afterEach, describe, expect, it } from 'vitest';
import { blockTypes } from '../../blocks/schemas.ts';
import { siteLocales } from '../../engine/locales.ts';
import { leavesOf } from '../../engine/translation-fields.ts';
import { BlockList } from '../../renderer/BlockList.tsx';
import { localeOf } from '../../schema/locales.ts';
import {
  clearDocument,
  loadExample,
  loadTestConfig,
  mountServerHtml,
} from '../helpers/render-block.tsx';

/**
 * Every block type, its example (blocks/<type>/example.yaml) rendered on a German and on an Arabic
 * page as a translation of all its texts: what a visitor sees or hears of it (its text, every
 * aria-label, title and alt, and the texts its script shows) is the translation's texts, the
 * language's words (site.config.yaml `locales.list[].words`) and the site's own values (its name,
 * address, phone) and nothing else. A word written into a component in English fails here.
 */
const config = loadTestConfig();
const locales = siteLocales(config.locales)!;

afterEach(clearDocument);

/** Every string of a value (the config's name, address, social network…). */
const stringsOf = (value: unknown): string[] =>
  typeof value === 'string'
    ? [value]
    : value && typeof value === 'object'
      ? Object.values(value).flatMap(stringsOf)
      : [];

/** What a visitor sees or hears of `root`: its texts and the names and texts its attributes give. */
function shownStrings(root: Element): string[] {
  const walker = root.ownerDocument.createTreeWalker(root, NodeFilter.SHOW_TEXT);
  const out: string[] = [];
  for (let node = walker.nextNode(); node; node = walker.nextNode()) {
    // The theme's styles are no words; the frame in <noscript> is checked by its description.
    if (!node.parentElement!.closest('noscript, style, script')) out.push(node.textContent!);
  }
  for (const element of root.querySelectorAll('*'))
    for (const attribute of element.attributes)
      if (/^(aria-label|title|alt|placeholder|data-.*-text)$/.test(attribute.name))
        out.push(attribute.value);
  for (const frame of root.querySelectorAll('[data-frame]'))
    out.push(String((JSON.parse(frame.getAttribute('data-frame')!) as { title: string }).title));
  return out;
}

/** What is left of `shown` once every allowed string is taken out, where letters are left. */
function leftOver(shown: string[], allowed: string[]): string[] {
  const longestFirst = [...new Set(allowed)]
    .filter((piece) => piece.trim() !== '')
    .sort((a, b) => b.length - a.length);
  return shown
    .map((text) => longestFirst.reduce((rest, piece) => rest.split(piece).join(' '), text))
    .filter((rest) => /\p{Letter}{2,}/u.test(rest))
    .map((rest) => rest.trim());
}

function check(type: (typeof blockTypes)[number], code: string, marker: string) {
  const locale = locales.list.find((candidate) => candidate.code === code)!;
  const block = loadExample(type);
  const translation = structuredClone({ blocks: [block] });
  const translated: string[] = [];
  leavesOf({ blocks: [block] })
    .filter((leaf) => leaf.text && typeof leaf.value === 'string')
    .forEach((leaf, index) => {
      const parent = leaf.path
        .slice(0, -1)
        .reduce<unknown>((at, part) => (at as Record<string | number, unknown>)[part], translation);
      (parent as Record<string | number, unknown>)[leaf.path.at(-1)!] = `${marker} ${index}`;
      translated.push(`${marker} ${index}`);
    });
  const root = mountServerHtml(
    <BlockList
      blocks={translation.blocks}
      context={{ config, words: locale.words, locale: localeOf(locale.ogLocale) }}
    />,
  );
  // A word with placeholders ("{name} auf {network}") is allowed piece by piece.
  const words = Object.values(locale.words).flatMap((word) => word.split(/\{\w+\}/));
  return leftOver(shownStrings(root), [...translated, ...words, ...stringsOf(config)]);
}

describe('a block on a translated page shows no word of its own in English', () => {
  it.each([...blockTypes])('%s, on a German page', (type) => {
    expect(check(type, 'de', 'Übersetzt')).toEqual([]);
  });
  it.each([...blockTypes])('%s, on an Arabic page', (type) => {
    expect(check(type, 'ar', 'مترجم')).toEqual([]);
  });
});
