import { readFileSync } from 'node:fs';
import path from 'node:path';
import { beforeAll, describe, expect, it } from 'vitest';
import { assertBuilt, builtDocument, distDir } from '../helpers/built-site.ts';

/**
 * The built site in its three languages (en default, de, ar right to left), read from dist/client.
 */
beforeAll(assertBuilt);

const ORIGIN = 'https://www.example.com';
const alternatesOf = (route: string) =>
  [...builtDocument(route).head.querySelectorAll('link[rel="alternate"][hreflang]')].map(
    (link) => `${link.getAttribute('hreflang')} ${link.getAttribute('href')}`,
  );
/** The language switcher's links (the header's; the mobile menu repeats them). */
const switcherOf = (route: string) =>
  [...builtDocument(route).querySelectorAll('[data-language-switcher] a')].map((link) => ({
    lang: link.getAttribute('hreflang'),
    href: link.getAttribute('href'),
    translated: link.getAttribute('data-translated'),
    note: link.querySelector('span + span')?.textContent ?? '',
  }));

describe('languages in the built site', () => {
  it('sets <html lang dir> per page: German left to right, Arabic right to left, English by default', () => {
    const html = (route: string) => builtDocument(route).documentElement;
    expect([html('/de/pricing').lang, html('/de/pricing').dir]).toEqual(['de', 'ltr']);
    expect([html('/ar').lang, html('/ar').dir]).toEqual(['ar', 'rtl']);
    expect([html('/ar/pricing').lang, html('/ar/pricing').dir]).toEqual(['ar', 'rtl']);
    expect([html('/pricing').lang, html('/pricing').dir]).toEqual(['en', 'ltr']);
  });

  it('lists every language and x-default as hreflang alternates in the head, the same on each version', () => {
    const expected = [
      `en ${ORIGIN}/pricing`,
      `de ${ORIGIN}/de/pricing`,
      `ar ${ORIGIN}/ar/pricing`,
      `x-default ${ORIGIN}/pricing`,
    ];
    expect(alternatesOf('/pricing')).toEqual(expected);
    expect(alternatesOf('/de/pricing')).toEqual(expected);
    expect(alternatesOf('/ar/pricing')).toEqual(expected);
    // A page translated into German only names the languages it exists in.
    expect(alternatesOf('/de/solutions/hotels')).toEqual([
      `en ${ORIGIN}/solutions/hotels`,
      `de ${ORIGIN}/de/solutions/hotels`,
      `x-default ${ORIGIN}/solutions/hotels`,
    ]);
    expect(
      builtDocument('/de/pricing').head.querySelector('link[rel="canonical"]')?.getAttribute('href'),
    ).toBe(`${ORIGIN}/de/pricing`);
    expect(
      builtDocument('/ar').head.querySelector('meta[property="og:locale"]')?.getAttribute('content'),
    ).toBe('ar_AE');
  });

  it('lists the alternates of each translated page in sitemap.xml, with x-default', () => {
    const sitemap = readFileSync(path.join(distDir, 'sitemap.xml'), 'utf8');
    const entry = (loc: string) =>
      new RegExp(`<url><loc>${loc.replace(/[/.]/g, '\\$&')}</loc>([\\s\\S]*?)</url>`).exec(
        sitemap,
      )?.[1] ?? '';
    const links = (loc: string) =>
      [...entry(loc).matchAll(/hreflang="([^"]+)" href="([^"]+)"/g)].map((m) => `${m[1]} ${m[2]}`);
    expect(links(`${ORIGIN}/de/pricing`)).toEqual([
      `en ${ORIGIN}/pricing`,
      `de ${ORIGIN}/de/pricing`,
      `ar ${ORIGIN}/ar/pricing`,
      `x-default ${ORIGIN}/pricing`,
    ]);
    expect(links(`${ORIGIN}/de/solutions/hostels`)).toEqual([
      `en ${ORIGIN}/solutions/hostels`,
      `de ${ORIGIN}/de/solutions/hostels`,
      `x-default ${ORIGIN}/solutions/hostels`,
    ]);
  });

  it('localises internal links: to the German page where there is one, else to the English one', () => {
    const hrefs = [...builtDocument('/de/solutions/hotels').querySelectorAll('main a')].map((a) =>
      a.getAttribute('href'),
    );
    expect(hrefs).toContain('/de/pricing');
    expect(hrefs).toContain('/de/book-demo');
    expect(hrefs).toContain('/solutions/operations-hub');
    expect(hrefs).not.toContain('/pricing');
    // The breadcrumb's first item is the German home page.
    const crumbs = builtDocument('/de/solutions/hotels').querySelector('nav[aria-label] ol');
    expect(crumbs?.querySelector('a')?.getAttribute('href')).toBe('/de');
    // The header and footer are German, with German links.
    const footer = builtDocument('/de/pricing').querySelector('footer')!;
    expect(footer.querySelector('a[href="/de/contact"]')?.textContent).toBe('Kontakt');
    expect(footer.textContent).toContain('Nach oben');
    expect(builtDocument('/de/pricing').body.textContent).not.toContain('Back to Top');
  });

  it('leads the switcher to the same page in each language, or to that language’s home, said so', () => {
    expect(switcherOf('/pricing')).toEqual([
      { lang: 'de', href: '/de/pricing', translated: 'true', note: '' },
      { lang: 'ar', href: '/ar/pricing', translated: 'true', note: '' },
    ]);
    expect(switcherOf('/de/solutions/hotels')).toEqual([
      { lang: 'en', href: '/solutions/hotels', translated: 'true', note: '' },
      {
        lang: 'ar',
        href: '/ar',
        translated: 'false',
        note: 'هذه الصفحة غير مترجمة بعد: الصفحة الرئيسية',
      },
    ]);
    expect(switcherOf('/solutions/operations-hub')).toEqual([
      {
        lang: 'de',
        href: '/de',
        translated: 'false',
        note: 'diese Seite ist noch nicht übersetzt: zur Startseite',
      },
      {
        lang: 'ar',
        href: '/ar',
        translated: 'false',
        note: 'هذه الصفحة غير مترجمة بعد: الصفحة الرئيسية',
      },
    ]);
  });

  it('shows a German ctaBand’s default button in German, to the German page', () => {
    const band = [...builtDocument('/de/pricing').querySelectorAll('main section')].at(-1)!;
    const button = band.querySelector('a')!;
    expect([button.textContent, button.getAttribute('href')]).toEqual(['Demo buchen', '/de/book-demo']);
  });

  it('shows the words blocks add of their own in the page’s language (the plans’ badge and list heading)', () => {
    const main = (route: string) => builtDocument(route).querySelector('main')!.textContent!;
    expect(main('/pricing')).toContain('Most popular');
    expect(main('/de/pricing')).toContain('Am beliebtesten');
    expect(main('/de/pricing')).toContain('Das ist enthalten');
    expect(main('/de/pricing')).not.toMatch(/Most popular|What’s included/);
    expect(main('/ar/pricing')).toContain('الأكثر طلبًا');
  });

  it('shows the English blocks an Arabic page leaves untranslated, and no JavaScript for the switcher', () => {
    const ar = builtDocument('/ar');
    expect(ar.body.textContent).toContain('Boutique city hotel automates pre-arrival upsells');
    const scripts = (route: string) =>
      [...builtDocument(route).querySelectorAll('script[src]')].map((s) => s.getAttribute('src'));
    expect(scripts('/de/contact')).toEqual(scripts('/contact'));
  });
});
