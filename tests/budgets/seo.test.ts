import { existsSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { beforeAll, describe, expect, it } from 'vitest';
import { loadSite, type LoadedPage } from '../../engine/load-site.ts';
import type { SiteConfig } from '../../schema/site-config.ts';
import { builtPages } from '../../pipeline/budgets.ts';
import { assertBuilt, builtDocument, distDir } from '../helpers/built-site.ts';
import { JSDOM } from 'jsdom';

const root = path.resolve(import.meta.dirname, '../..');
const isCatalogue = (route: string) => route.startsWith('/_blocks');

let config: SiteConfig;
let published: LoadedPage[];
let drafts: LoadedPage[];
/** Every built page but the block catalogue, parsed. */
let documents: Array<{ route: string; document: Document }>;

beforeAll(() => {
  assertBuilt();
  const site = loadSite({ root, includeDrafts: true });
  config = site.config!;
  published = site.pages.filter((page) => !page.page.draft);
  drafts = site.pages.filter((page) => page.page.draft);
  documents = builtPages(distDir)
    .filter((page) => !isCatalogue(page.route))
    .map(({ route }) => ({ route, document: builtDocument(route) }));
}, 120_000);

const url = (route: string) => (route === '/' ? `${config.baseUrl}/` : `${config.baseUrl}${route}`);
const meta = (document: Document, key: string) =>
  document.querySelector(`meta[name="${key}"], meta[property="${key}"]`)?.getAttribute('content') ??
  undefined;
const jsonLd = (document: Document) =>
  [...document.querySelectorAll('script[type="application/ld+json"]')].map(
    (script) => JSON.parse(script.textContent!) as Record<string, unknown>,
  );
const ofType = (document: Document, type: string) =>
  jsonLd(document).filter((item) => item['@type'] === type);
/** The page a built route shows: its own YAML file, or the one it is an alias of. */
const pageFor = (route: string) =>
  published.find((page) => page.route === route || page.page.aliases?.includes(route));

describe('sitemap.xml and robots.txt', () => {
  it('lists every published page once at its canonical URL, and no draft, alias, 404 or catalogue page', () => {
    const xml = readFileSync(path.join(distDir, 'sitemap.xml'), 'utf8');
    const doc = new JSDOM(xml, { contentType: 'application/xml' }).window.document;
    expect(doc.documentElement.namespaceURI).toBe('http://www.sitemaps.org/schemas/sitemap/0.9');
    const locs = [...doc.getElementsByTagName('loc')].map((loc) => loc.textContent!);
    expect(new Set(locs).size).toBe(locs.length);
    expect([...locs].sort()).toEqual(published.map((page) => url(page.route)).sort());
    for (const draft of drafts) expect(locs).not.toContain(url(draft.route));
    for (const alias of published.flatMap((page) => page.page.aliases ?? []))
      expect(locs).not.toContain(url(alias));
    expect(locs.some((loc) => /\/(404|_blocks)/.test(loc))).toBe(false);
  });

  it('allows crawling, keeps the block catalogue out and points at the sitemap', () => {
    const robots = readFileSync(path.join(distDir, 'robots.txt'), 'utf8');
    expect(robots).toMatch(/^User-agent: \*$/m);
    expect(robots).toMatch(/^Disallow: \/_blocks$/m);
    expect(robots).toContain(`Sitemap: ${config.baseUrl}/sitemap.xml`);
    expect(robots).not.toMatch(/^Disallow: \/$/m);
  });

  it('builds no draft page', () => {
    for (const draft of drafts)
      expect(existsSync(path.join(distDir, draft.route.slice(1), 'index.html')), draft.route).toBe(
        false,
      );
  });
});

describe('head tags of every page', () => {
  it('gives each page a canonical link to its own URL (aliases: their page’s), and the 404 page noindex instead', () => {
    const problems: string[] = [];
    for (const { route, document } of documents) {
      const canonical = document.querySelector('link[rel="canonical"]')?.getAttribute('href');
      if (route === '/404') {
        if (canonical) problems.push('/404 has a canonical link');
        if (!meta(document, 'robots')?.includes('noindex')) problems.push('/404 is not noindex');
        continue;
      }
      const page = pageFor(route);
      if (!page) problems.push(`${route}: no published page`);
      else if (canonical !== url(page.route))
        problems.push(`${route}: canonical ${canonical} ≠ ${url(page.route)}`);
    }
    expect(problems).toEqual([]);
  });

  it('has Open Graph and Twitter tags that match the title and description', () => {
    const problems: string[] = [];
    for (const { route, document } of documents) {
      const title = document.title;
      const description = meta(document, 'description');
      const expected: Record<string, string | undefined> = {
        'og:title': title,
        'og:description': description,
        'og:type': 'website',
        'og:site_name': config.name,
        'twitter:card': 'summary_large_image',
        'twitter:title': title,
        'twitter:description': description,
      };
      if (route !== '/404')
        expected['og:url'] =
          document.querySelector('link[rel="canonical"]')?.getAttribute('href') ?? undefined;
      for (const [key, value] of Object.entries(expected))
        if (!value || meta(document, key) !== value)
          problems.push(`${route}: ${key} = ${meta(document, key)} (expected ${value})`);
      for (const key of ['og:image', 'twitter:image']) {
        const image = meta(document, key);
        if (!image?.startsWith(`${config.baseUrl}/`))
          problems.push(`${route}: ${key} is not an absolute URL on ${config.baseUrl}`);
        else if (!existsSync(path.join(distDir, new URL(image).pathname)))
          problems.push(`${route}: ${key} ${image} is not in the build`);
      }
    }
    expect(problems).toEqual([]);
  });

  it('gives every indexable page a unique canonical URL, title and description', () => {
    const indexable = documents.filter(
      ({ route, document }) =>
        route !== '/404' &&
        document.querySelector('link[rel="canonical"]')?.getAttribute('href') === url(route),
    );
    expect(indexable.length).toBe(published.length);
    for (const pick of [(d: Document) => d.title, (d: Document) => meta(d, 'description')]) {
      const values = indexable.map(({ document }) => pick(document));
      expect(values.filter((value, index) => values.indexOf(value) !== index)).toEqual([]);
    }
  });
});

describe('JSON-LD derived from the blocks', () => {
  it('parses on every page and describes the Organization from site.config.yaml everywhere', () => {
    for (const { route, document } of documents) {
      const [organization, ...others] = ofType(document, 'Organization');
      expect(others, route).toEqual([]);
      expect(organization, route).toMatchObject({
        '@context': 'https://schema.org',
        name: config.name,
        url: `${config.baseUrl}/`,
        email: config.contact.email,
        telephone: config.contact.phone,
      });
    }
  });

  it('has a BreadcrumbList matching each breadcrumbs block, item for item', () => {
    let checked = 0;
    for (const { route, document } of documents.filter(({ route }) => route !== '/404')) {
      const blocks = pageFor(route)!.page.blocks.filter((block) => block.type === 'breadcrumbs');
      const lists = ofType(document, 'BreadcrumbList') as Array<{
        itemListElement: Array<{ position: number; name: string; item: string }>;
      }>;
      expect(lists.length, route).toBe(blocks.length);
      blocks.forEach((block, index) => {
        const items = lists[index]!.itemListElement;
        expect(
          items.map((item) => item.name),
          route,
        ).toEqual(block.items.map((item) => item.label));
        expect(items.map((item) => item.position)).toEqual(
          block.items.map((_, position) => position + 1),
        );
        expect(
          items.every((item) => item.item.startsWith(`${config.baseUrl}/`)),
          route,
        ).toBe(true);
        expect(items.at(-1)!.item, route).toBe(
          document.querySelector('link[rel="canonical"]')?.getAttribute('href'),
        );
        checked++;
      });
    }
    expect(checked, 'no page has breadcrumbs: nothing was checked').toBeGreaterThan(0);
  });

  it('has one FAQPage with every question and answer of the faq blocks, and none elsewhere', () => {
    let checked = 0;
    for (const { route, document } of documents.filter(({ route }) => route !== '/404')) {
      const items = pageFor(route)!.page.blocks.flatMap((block) =>
        block.type === 'faq' ? block.items : [],
      );
      const faqs = ofType(document, 'FAQPage') as Array<{
        mainEntity: Array<{ name: string; acceptedAnswer: { text: string } }>;
      }>;
      if (!items.length) {
        expect(faqs, route).toEqual([]);
        continue;
      }
      expect(faqs.length, route).toBe(1);
      expect(
        faqs[0]!.mainEntity.map((question) => [question.name, question.acceptedAnswer.text]),
        route,
      ).toEqual(items.map((item) => [item.question, item.answer]));
      checked++;
    }
    expect(checked, 'no page has a faq block: nothing was checked').toBeGreaterThan(0);
  });

  it('describes pricing tiers as an ItemList, with no Product, Offer or price', () => {
    let checked = 0;
    for (const { route, document } of documents.filter(({ route }) => route !== '/404')) {
      const blocks = pageFor(route)!.page.blocks.filter((block) => block.type === 'pricingTiers');
      const lists = ofType(document, 'ItemList') as Array<{
        itemListElement: Array<{ name: string }>;
      }>;
      expect(lists.length, route).toBe(blocks.length);
      blocks.forEach((block, index) =>
        expect(lists[index]!.itemListElement.map((item) => item.name)).toEqual(
          block.tiers.map((tier) => tier.name),
        ),
      );
      expect(JSON.stringify(jsonLd(document)), route).not.toMatch(
        /"@type":"(Product|Offer|AggregateOffer)"|"price"/,
      );
      checked += blocks.length;
    }
    expect(checked, 'no page has pricing tiers: nothing was checked').toBeGreaterThan(0);
  });
});
