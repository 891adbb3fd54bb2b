import { readFileSync } from 'node:fs';
import path from 'node:path';
import { parse } from 'yaml';
import { describe, expect, it } from 'vitest';
import type { Block } from '../../blocks/schemas.ts';
import { siteConfigSchema } from '../../schema/site-config.ts';
import type { PageData } from '../page-data.ts';
import { headTags, resolveHref, serializeJsonLd } from './head-tags.ts';

const config = siteConfigSchema.parse(parse(readFileSync(path.resolve(import.meta.dirname, '../../site.config.yaml'), 'utf8')));
const base = config.baseUrl;

const pageData = (route: string, blocks: Block[], extra: Partial<PageData['page']> = {}): PageData => ({
  route,
  canonicalRoute: route,
  config,
  page: { title: 'Hotels', description: 'For hotels.', blocks, ...extra },
});

const types = (data: PageData) => headTags(data).jsonLd.map((item) => (item as { '@type': string })['@type']);

describe('headTags JSON-LD', () => {
  it('describes the Organization on every page, the 404 included', () => {
    const hero: Block = { type: 'hero', title: 'Hotels' };
    expect(types(pageData('/solutions/hotels', [hero]))).toEqual(['Organization']);
    const organization = headTags(pageData('/404', [hero])).jsonLd[0] as Record<string, unknown>;
    expect(organization).toMatchObject({ '@type': 'Organization', name: config.name, url: `${base}/`, email: config.contact.email });
  });

  it('turns a breadcrumbs block into a BreadcrumbList with absolute URLs, the last item being the page itself', () => {
    const data = pageData('/solutions/hotels', [{ type: 'breadcrumbs', items: [{ label: 'Home', href: '/' }, { label: 'Solutions', href: '/solutions' }, { label: 'Hotels' }] }]);
    const list = headTags(data).jsonLd.find((item) => (item as { '@type': string })['@type'] === 'BreadcrumbList');
    expect(list).toEqual({
      '@context': 'https://schema.org',
      '@type': 'BreadcrumbList',
      itemListElement: [
        { '@type': 'ListItem', position: 1, name: 'Home', item: `${base}/` },
        { '@type': 'ListItem', position: 2, name: 'Solutions', item: `${base}/solutions` },
        { '@type': 'ListItem', position: 3, name: 'Hotels', item: `${base}/solutions/hotels` },
      ],
    });
  });

  it('merges every faq block of the page into one FAQPage', () => {
    const data = pageData('/', [
      { type: 'faq', heading: 'FAQ', items: [{ question: 'How long does setup take?', answer: 'About a week.' }] },
      { type: 'faq', heading: 'More', items: [{ question: 'Is there a contract?', answer: 'No.' }] },
    ]);
    const faqs = headTags(data).jsonLd.filter((item) => (item as { '@type': string })['@type'] === 'FAQPage');
    expect(faqs).toHaveLength(1);
    expect(faqs[0]).toMatchObject({
      mainEntity: [
        { '@type': 'Question', name: 'How long does setup take?', acceptedAnswer: { '@type': 'Answer', text: 'About a week.' } },
        { '@type': 'Question', name: 'Is there a contract?', acceptedAnswer: { '@type': 'Answer', text: 'No.' } },
      ],
    });
  });

  it('lists pricing tiers as an ItemList without Product or Offer (no prices are shown)', () => {
    const data = pageData('/pricing', [
      {
        type: 'pricingTiers',
        heading: 'Plans',
        tiers: [
          { name: 'Starter', description: 'For small properties.', features: ['Unified guest chat'], cta: { label: 'Get Started', href: '/book-demo' } },
          { name: 'Growth', description: 'For growing hotels.', features: ['Smart PMS', 'AI upsells'], cta: { label: 'Talk to Sales', href: '/contact' } },
        ],
      },
    ]);
    const json = JSON.stringify(headTags(data).jsonLd);
    expect(json).not.toMatch(/"Product"|"Offer"|price/i);
    const list = headTags(data).jsonLd.find((item) => (item as { '@type': string })['@type'] === 'ItemList') as { numberOfItems: number; itemListElement: object[] };
    expect(list.numberOfItems).toBe(2);
    expect(list.itemListElement[1]).toEqual({ '@type': 'ListItem', position: 2, name: 'Growth', description: 'For growing hotels. · Smart PMS · AI upsells', url: `${base}/contact` });
  });

  it('gives aliases the canonical URL of their page and marks drafts and the 404 noindex', () => {
    const alias = { ...pageData('/features', [{ type: 'hero', title: 'Home' }]), canonicalRoute: '/' };
    expect(headTags(alias).canonical).toBe(`${base}/`);
    expect(headTags(alias).meta).toContainEqual({ name: 'twitter:title', content: 'Hotels' });
    expect(headTags(pageData('/404', [{ type: 'hero', title: 'x' }]))).toMatchObject({ canonical: undefined, robots: 'noindex' });
    expect(headTags(pageData('/x', [{ type: 'hero', title: 'x' }], { draft: true })).robots).toBe('noindex');
  });
});

describe('helpers', () => {
  it('resolves links against the site and the page', () => {
    expect(resolveHref(base, `${base}/pricing`, '#plans')).toBe(`${base}/pricing#plans`);
    expect(resolveHref(base, `${base}/pricing`, '/contact#form')).toBe(`${base}/contact#form`);
    expect(resolveHref(base, `${base}/pricing`, 'https://example.com/')).toBe('https://example.com/');
  });

  it('serialises JSON-LD so YAML text cannot close the script element', () => {
    const text = serializeJsonLd({ name: '</script><script>alert(1)</script>' });
    expect(text).not.toContain('</script');
    expect(JSON.parse(text)).toEqual({ name: '</script><script>alert(1)</script>' });
  });
});
