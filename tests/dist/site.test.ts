import { existsSync } from 'node:fs';
import { beforeAll, describe, expect, it } from 'vitest';
import { aliasRoutes, legalRoutes, specRoutes } from '../fixtures/spec-routes.ts';
import { assertBuilt, builtDocument, builtRoutes, htmlPath } from '../helpers/built-site.ts';

beforeAll(assertBuilt);

const isCatalogue = (route: string) => route.startsWith('/_blocks');
const canonicalOf = (document: Document) => document.querySelector('link[rel="canonical"]')?.getAttribute('href');

describe('the built site', () => {
  it('prerenders every route of the spec, aliases included, and a 404 page', () => {
    const missing = specRoutes.filter((route) => !existsSync(htmlPath(route)));
    expect(missing).toEqual([]);
    expect(existsSync(htmlPath('/404'))).toBe(true);
  });

  const routes = () => builtRoutes().filter((route) => !isCatalogue(route));

  it('gives every route exactly one h1, a title and a description', () => {
    const problems: string[] = [];
    for (const route of routes()) {
      const document = builtDocument(route);
      const h1s = document.querySelectorAll('h1').length;
      if (h1s !== 1) problems.push(`${route}: ${h1s} h1 elements`);
      if (!document.title.trim()) problems.push(`${route}: empty <title>`);
      if (!document.querySelector('meta[name="description"]')?.getAttribute('content')?.trim()) problems.push(`${route}: no meta description`);
    }
    expect(problems).toEqual([]);
    // The first test to read every route: it parses each page once (jsdom) for the whole file,
    // beside the editor's preview test in the other worker.
  }, 120_000);

  it('gives every page a unique title and description (aliases share their page’s)', () => {
    const byCanonical = new Map<string, { title: string; description: string }>();
    for (const route of routes()) {
      const document = builtDocument(route);
      const canonical = canonicalOf(document) ?? route;
      byCanonical.set(canonical, { title: document.title, description: document.querySelector('meta[name="description"]')!.getAttribute('content')! });
    }
    const titles = [...byCanonical.values()].map((page) => page.title);
    const descriptions = [...byCanonical.values()].map((page) => page.description);
    expect(titles.filter((title, index) => titles.indexOf(title) !== index)).toEqual([]);
    expect(descriptions.filter((text, index) => descriptions.indexOf(text) !== index)).toEqual([]);
  });

  it('has no empty section and no placeholder copy', () => {
    const problems: string[] = [];
    for (const route of routes()) {
      const document = builtDocument(route);
      document.querySelectorAll('main section').forEach((section, index) => {
        const header = section.querySelector('header');
        const ownText = (section.textContent ?? '').replace(header?.textContent ?? '', '').trim();
        const hasMedia = section.querySelector('img, iframe, svg, table, a');
        if (!ownText && !hasMedia) problems.push(`${route}: section ${index + 1} (${section.getAttribute('aria-labelledby') ?? section.id}) is empty`);
      });
      const text = document.body.textContent ?? '';
      for (const word of ['lorem', 'ipsum', 'TODO', 'PLACEHOLDER', 'undefined', '[object Object]']) {
        if (text.includes(word)) problems.push(`${route}: contains "${word}"`);
      }
      if (document.querySelector('main pre') && !route.startsWith('/_')) problems.push(`${route}: raw <pre> (unfinished block?)`);
    }
    expect(problems).toEqual([]);
  });

  it('renders aliases as the same page, with the canonical URL of the original route', () => {
    expect(canonicalOf(builtDocument('/features'))).toBe(canonicalOf(builtDocument('/')));
    expect(canonicalOf(builtDocument('/about'))).toBe(canonicalOf(builtDocument('/')));
    for (const alias of aliasRoutes.filter((route) => route.startsWith('/blog') || route.startsWith('/videos'))) {
      expect(canonicalOf(builtDocument(alias))).toMatch(new RegExp(`/resources${alias}$`));
    }
  });

  it('loads only the shared header script on legal pages, and the enhancement script on the landing page', () => {
    const sources = (route: string) => [...builtDocument(route).querySelectorAll('script[src]')].map((script) => script.getAttribute('src'));
    for (const route of legalRoutes) expect(sources(route), route).toEqual([expect.stringMatching(/^\/assets\/entries\/renderer_vike_static_client\.[\w-]+\.js$/)]);
    expect(sources('/')).toEqual([expect.stringMatching(/^\/assets\/entries\/renderer_vike_interactive_client\.[\w-]+\.js$/)]);
  });

  it('shows the 404 page with its message and a way home', () => {
    const document = builtDocument('/404');
    expect(document.querySelector('h1')?.textContent).toBe('Oops! Page not found');
    const home = [...document.querySelectorAll('main a')].find((link) => link.textContent?.includes('Return to Home'));
    expect(home?.getAttribute('href')).toBe('/');
  });
});
