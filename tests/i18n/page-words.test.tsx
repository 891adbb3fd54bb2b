// @vitest-environment jsdom
import path from 'node:path';
import { renderToStaticMarkup } from 'react-dom/server';
import { beforeAll, describe, expect, it } from 'vitest';
import { loadSite, type SiteModel } from '../../engine/load-site.ts';
import { languageOf } from '../../renderer/language.ts';
import { PageBody } from '../../renderer/PageView.tsx';

/**
 * The site's own pages in German and Arabic, rendered as a build renders them: the words a block
 * shows besides the page's text (a contact block's headings, a legal text's date line, a table's
 * name for screen readers) are the language's words from site.config.yaml, and the English pages
 * keep theirs.
 */
let site: SiteModel;
beforeAll(() => {
  site = loadSite({ root: path.resolve(import.meta.dirname, '../..') });
});

function rendered(route: string): Document {
  const { language, page, config } = languageOf(site, site.routes.get(route)!);
  const html = renderToStaticMarkup(
    <PageBody data={{ route, canonicalRoute: route, page, config, language }} />,
  );
  return new DOMParser().parseFromString(html, 'text/html');
}

const texts = (document: Document, selector: string) =>
  [...document.querySelectorAll(selector)].map((element) => element.textContent);

describe('the words of a block on a translated page', () => {
  it('a contact block on the German page: its headings and its social link in German', () => {
    const german = rendered('/de/contact');
    expect(texts(german, 'main h3')).toEqual(['E-Mail', 'Telefon', 'Büro', 'Soziale Medien']);
    expect(german.querySelector('main a[target="_blank"]')!.textContent).toBe(
      'Staylix auf LinkedIn (öffnet in einem neuen Tab)',
    );
    const english = rendered('/contact');
    expect(texts(english, 'main h3')).toEqual(['Email', 'Phone', 'Office', 'Social']);
    expect(english.querySelector('main a[target="_blank"]')!.textContent).toBe(
      'Staylix on LinkedIn (opens in a new tab)',
    );
  });

  it('a legal text on the German page: its date line in German', () => {
    const line = (route: string) => rendered(route).querySelector('main .updated')!.textContent;
    expect(line('/de/terms-conditions')).toMatch(/^Zuletzt aktualisiert: /);
    expect(line('/terms-conditions')).toMatch(/^Last updated: /);
  });

  it('a comparison table on the Arabic and German pages: its name for screen readers', () => {
    const name = (route: string) =>
      rendered(route).querySelector('main section[tabindex="0"]')!.getAttribute('aria-label');
    expect(name('/ar/pricing')).toMatch(/، جدول قابل للتمرير$/);
    expect(name('/de/pricing')).toMatch(/, scrollbare Tabelle$/);
    expect(name('/pricing')).toMatch(/, scrollable table$/);
  });
});
