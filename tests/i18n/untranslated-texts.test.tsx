// @vitest-environment jsdom
import { renderToStaticMarkup } from 'react-dom/server';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { parse, parseDocument, type YAMLMap } from 'yaml';
import { insertItem } from '../../editor/document/index.ts';
import { syncTranslationText } from '../../editor/document/sync.ts';
import { loadSite } from '../../engine/load-site.ts';
import { languageOf } from '../../renderer/language.ts';
import { PageBody } from '../../renderer/PageView.tsx';
import { makeTestSite, type TestSite } from '../validator/test-site.ts';

/**
 * A translation that leaves a list item and a single field in the source's words: the page shows
 * them in English, each in the smallest element holding it with lang="en" and the source's dir
 * (WCAG 3.1.2 Language of Parts), and nothing else of the page gets a lang of its own.
 */
let site: TestSite;

/**
 * The translation with the texts at `paths` (dotted, `blocks.4.items.1`) set back to the
 * source's, their `translatedFrom` entries removed: as a translator who has not got to them yet.
 */
function untranslate(translationFile: string, sourceFile: string, paths: string[]) {
  const doc = parseDocument(site.read(translationFile));
  const source = parse(site.read(sourceFile)) as unknown;
  const record = doc.get('translatedFrom') as YAMLMap<{ value: string }, unknown>;
  for (const dotted of paths) {
    const path = dotted.split('.').map((part) => (/^\d+$/.test(part) ? Number(part) : part));
    const value = path.reduce<unknown>((at, part) => (at as never)[part], source);
    doc.setIn(path, doc.createNode(value));
    for (const pair of [...record.items])
      if (pair.key.value === dotted || pair.key.value.startsWith(`${dotted}.`))
        record.delete(pair.key);
  }
  site.write(translationFile, doc.toString({ lineWidth: 0 }));
}

beforeAll(() => {
  site = makeTestSite();
  untranslate('pages/de/solutions/hotels.yaml', 'pages/solutions/hotels.yaml', [
    'blocks.2.heading',
    'blocks.4.items.1',
  ]);
  // A list item added to an English page and mirrored into the German one (copied, no record).
  const hostels = insertItem(site.read('pages/solutions/hostels.yaml'), ['blocks', 4, 'items'], 1, {
    icon: 'bed',
    title: 'Beds sold one by one',
    description: 'Dorm beds and private rooms in one calendar.',
  });
  site.write('pages/solutions/hostels.yaml', hostels);
  site.write(
    'pages/de/solutions/hostels.yaml',
    syncTranslationText(site.read('pages/de/solutions/hostels.yaml'), hostels),
  );
  untranslate('pages/ar/index.yaml', 'pages/index.yaml', [
    'blocks.1.items.0',
    'blocks.6.items.0.question',
  ]);
});
afterAll(() => site.cleanUp());

let model: ReturnType<typeof loadSite> | undefined;

function rendered(route: string): Document {
  model ??= loadSite({ root: site.root });
  const { language, page, config } = languageOf(model, model.routes.get(route)!);
  const html = renderToStaticMarkup(
    <PageBody data={{ route, canonicalRoute: route, page, config, language }} />,
  );
  return new DOMParser().parseFromString(html, 'text/html');
}

/**
 * Every element of the page's main content with a lang (but the blocks left untranslated whole,
 * tests/i18n/untranslated-block.test.tsx): its tag, lang, dir and first words.
 */
const marked = (page: Document) =>
  [...page.querySelectorAll('main [lang]:not(.shown-from-source)')].map((element) => [
    element.tagName.toLowerCase(),
    element.getAttribute('lang'),
    element.getAttribute('dir'),
    element.textContent!.trim().slice(0, 20),
  ]);

describe('texts a translation leaves in the source language', () => {
  it('German: the untranslated list item and field carry lang="en", nothing else does', () => {
    const german = rendered('/de/solutions/hotels');
    expect(marked(german)).toEqual([
      ['h2', 'en', 'ltr', 'Big-hotel service wi'],
      ['li', 'en', 'ltr', 'More direct bookings'],
    ]);
    // The German texts around them have no lang of their own: they are the page's (de).
    const highlights = [...german.querySelectorAll('main section')].find(
      (section) =>
        section.querySelector('h2')?.textContent ===
        'Warum sich Privathotels für Staylix entscheiden',
    )!;
    expect(
      [...highlights.querySelectorAll('h3, p')].map((text) => [
        text.textContent!.slice(0, 20),
        text.closest('[lang]')?.getAttribute('lang') ?? 'de',
      ]),
    ).toEqual([
      ['KI für die Routine', 'de'],
      ['Antworten auf Fragen', 'de'],
      ['More direct bookings', 'en'],
      ['A booking engine gue', 'en'],
      ['Preise, die mithalte', 'de'],
      ['Raten, die der Nachf', 'de'],
      ['Persönlicher Service', 'de'],
      ['Gästeprofile und Cha', 'de'],
    ]);
    // The untranslated heading's eyebrow is German: the section itself has no lang.
    const heading = german.querySelector('main h2[lang]')!;
    expect(heading.previousElementSibling?.textContent).toBe('Überblick');
    expect(heading.closest('section')!.getAttribute('lang')).toBeNull();
  });

  it('Arabic: the English texts are left-to-right inside the right-to-left page', () => {
    const arabic = rendered('/ar');
    expect(languageOf(model!, model!.routes.get('/ar')!).language?.dir).toBe('rtl');
    expect(marked(arabic)).toEqual([
      ['li', 'en', 'ltr', 'Answer every guest i'],
      ['span', 'en', 'ltr', 'What kinds of proper'],
    ]);
  });

  it('a list item added to the English page shows on the German one in English, marked', () => {
    expect(marked(rendered('/de/solutions/hostels'))).toEqual([
      ['li', 'en', 'ltr', 'Beds sold one by one'],
    ]);
  });

  it('the source page itself has no lang in its content', () => {
    expect(marked(rendered('/solutions/hotels'))).toEqual([]);
  });
});
