import { existsSync, readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { parse } from 'yaml';
import { describe, expect, it } from 'vitest';
import type { Block } from '../../blocks/schemas.ts';
import { siteConfigSchema } from '../../schema/site-config.ts';
import type { PageData } from '../page-data.ts';
import { headTags, serializeJsonLd } from './head-tags.ts';

const config = siteConfigSchema.parse(
  parse(readFileSync(path.resolve(import.meta.dirname, '../../site.config.yaml'), 'utf8')),
);
const base = config.baseUrl;

const pageData = (
  route: string,
  blocks: Block[],
  extra: Partial<PageData['page']> = {},
): PageData => ({
  route,
  canonicalRoute: route,
  config,
  page: { title: 'Hotels', description: 'For hotels.', blocks, ...extra },
});

const types = (data: PageData) =>
  headTags(data).jsonLd.map((item) => (item as { '@type': string })['@type']);

describe('headTags JSON-LD', () => {
  it('describes the Organization on every page, the 404 included', () => {
    const hero: Block = { type: 'hero', title: 'Hotels' };
    expect(types(pageData('/solutions/hotels', [hero]))).toEqual(['Organization']);
    const organization = headTags(pageData('/404', [hero])).jsonLd[0] as Record<string, unknown>;
    expect(organization).toMatchObject({
      '@type': 'Organization',
      name: config.name,
      url: `${base}/`,
      email: config.contact.email,
    });
  });

  it("collects the blocks' structured data in registry order, whatever their order on the page", () => {
    const data = pageData('/pricing', [
      {
        type: 'pricingTiers',
        heading: 'Plans',
        tiers: [
          {
            name: 'Starter',
            description: 'Small.',
            features: ['Chat'],
            cta: { label: 'Go', href: '#faq' },
          },
        ],
      },
      { type: 'faq', heading: 'FAQ', items: [{ question: 'Q?', answer: 'A.' }] },
      { type: 'breadcrumbs', items: [{ label: 'Home', href: '/' }, { label: 'Pricing' }] },
    ]);
    expect(types(data)).toEqual(['Organization', 'BreadcrumbList', 'FAQPage', 'ItemList']);
    expect(JSON.stringify(headTags(data).jsonLd)).toContain(`"url":"${base}/pricing#faq"`);
    expect(types({ ...data, noindex: true })).toEqual(['Organization']);
  });

  it('gives aliases the canonical URL of their page and marks drafts and the 404 noindex', () => {
    const alias = {
      ...pageData('/features', [{ type: 'hero', title: 'Home' }]),
      canonicalRoute: '/',
    };
    expect(headTags(alias).canonical).toBe(`${base}/`);
    expect(headTags(alias).meta).toContainEqual({ name: 'twitter:title', content: 'Hotels' });
    expect(headTags(pageData('/404', [{ type: 'hero', title: 'x' }]))).toMatchObject({
      canonical: undefined,
      robots: 'noindex',
    });
    expect(headTags(pageData('/x', [{ type: 'hero', title: 'x' }], { draft: true })).robots).toBe(
      'noindex',
    );
  });
});

describe('helpers', () => {
  it('serialises JSON-LD so YAML text cannot close the script element', () => {
    const text = serializeJsonLd({ name: '</script><script>alert(1)</script>' });
    expect(text).not.toContain('</script');
    expect(JSON.parse(text)).toEqual({ name: '</script><script>alert(1)</script>' });
  });
});

describe('headTags and the blocks it collects from', () => {
  const blocksDir = path.resolve(import.meta.dirname, '../../blocks');
  const examples = readdirSync(blocksDir, { withFileTypes: true })
    .filter((entry) => entry.isDirectory())
    .flatMap((entry) => {
      const file = path.join(blocksDir, entry.name, 'example.yaml');
      return existsSync(file) ? [parse(readFileSync(file, 'utf8')) as Block] : [];
    });

  it("names none of the blocks' structured-data types: each block owns its own", () => {
    const ofBlocks = headTags(pageData('/pricing', examples))
      .jsonLd.map((item) => (item as { '@type': string })['@type'])
      .filter((type) => type !== 'Organization');
    expect(ofBlocks.length).toBeGreaterThan(0);
    const source = readFileSync(path.resolve(import.meta.dirname, 'head-tags.ts'), 'utf8');
    for (const type of ofBlocks) expect(source).not.toContain(`'${type}'`);
  });
});
