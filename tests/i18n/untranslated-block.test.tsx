// @vitest-environment jsdom
import { renderToStaticMarkup } from 'react-dom/server';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { insertItem } from '../../editor/document/index.ts';
import { syncTranslationText } from '../../editor/document/sync.ts';
import { loadSite } from '../../engine/load-site.ts';
import { languageOf } from '../../renderer/language.ts';
import { PageBody } from '../../renderer/PageView.tsx';
import { makeTestSite, type TestSite } from '../validator/test-site.ts';

/**
 * A block added to an English page and mirrored into its German translation as untranslated: the
 * German page shows it from the English page, in an element with lang="en" (its words English
 * too), every other block in German.
 */
let site: TestSite;
beforeAll(() => {
  site = makeTestSite();
  const source = insertItem(site.read('pages/solutions/hotels.yaml'), ['blocks'], 2, {
    type: 'steps',
    heading: 'Three steps to a calmer front desk',
    items: [
      { title: 'Book a demo', description: 'We look at your rooms.' },
      { title: 'Go live', description: 'On a quiet day.' },
    ],
  });
  site.write('pages/solutions/hotels.yaml', source);
  site.write(
    'pages/de/solutions/hotels.yaml',
    syncTranslationText(site.read('pages/de/solutions/hotels.yaml'), source),
  );
});
afterAll(() => site.cleanUp());

function rendered(route: string): Document {
  const model = loadSite({ root: site.root });
  const loaded = model.routes.get(route)!;
  const { language, page, config } = languageOf(model, loaded);
  const html = renderToStaticMarkup(
    <PageBody data={{ route, canonicalRoute: route, page, config, language }} />,
  );
  return new DOMParser().parseFromString(html, 'text/html');
}

describe('a block a translation leaves untranslated', () => {
  it('is shown from the source in an element with the source’s lang and dir', () => {
    const german = rendered('/de/solutions/hotels');
    const foreign = [...german.querySelectorAll('main [lang]')];
    expect(foreign.map((el) => [el.getAttribute('lang'), el.getAttribute('dir')])).toEqual([
      ['en', 'ltr'],
    ]);
    const block = foreign[0]!;
    expect(block.querySelector('h2')?.textContent).toBe('Three steps to a calmer front desk');
    // Its own words (the steps' "Step" for screen readers) are English too.
    expect(block.textContent).toContain('Step');
    expect(block.textContent).not.toContain('Schritt');
    // The blocks around it are German, outside it.
    const headings = [...german.querySelectorAll('main h2')].map((h) => [
      h.textContent,
      h.closest('[lang]')?.getAttribute('lang') ?? 'de',
    ]);
    expect(headings.slice(0, 3)).toEqual([
      ['Three steps to a calmer front desk', 'en'],
      ['Service wie im großen Haus, mit dem Team eines kleinen', 'de'],
      ['So starten Privathotels mit Staylix', 'de'],
    ]);
  });

  it('leaves the English page as it was: no lang of its own on any block', () => {
    expect(rendered('/solutions/hotels').querySelectorAll('main [lang]')).toHaveLength(0);
  });

  it('a site text edited in English: German pages keep the German label (out of date, a warning)', () => {
    const config = site.read('site.config.yaml');
    site.write('site.config.yaml', config.replace('  copyright: © 2024', '  copyright: © 2026'));
    try {
      const footer = (route: string) => rendered(route).querySelector('footer')!.textContent!;
      expect(footer('/de')).toContain(
        '© 2024 Staylix Technologies Pvt. Ltd. Alle Rechte vorbehalten.',
      );
      expect(footer('/')).toContain('© 2026 Staylix Technologies Pvt. Ltd. All rights reserved.');
      expect(footer('/de')).toContain('Preise');
    } finally {
      site.write('site.config.yaml', config);
    }
  });
});
