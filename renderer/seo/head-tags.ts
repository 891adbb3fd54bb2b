import type { Block } from '../../blocks/schemas.ts';
import type { SiteConfig } from '../../schema/site-config.ts';
import type { PageData } from '../page-data.ts';
import { socialImageFor, type SocialImage } from './social-image.ts';

export interface HeadTags {
  canonical?: string;
  robots?: string;
  meta: Array<{ name?: string; property?: string; content: string }>;
  jsonLd: object[];
}

export const absoluteUrl = (baseUrl: string, route: string) => (route === '/' ? `${baseUrl}/` : `${baseUrl}${route}`);

/** `/pricing#plans` → `https://www.example.com/pricing#plans`; `#faq` resolves against the page; absolute links stay. */
export function resolveHref(baseUrl: string, pageUrl: string, href: string): string {
  if (href.startsWith('#')) return pageUrl.replace(/#.*$/, '') + href;
  if (href.startsWith('/')) return href === '/' ? `${baseUrl}/` : baseUrl + href;
  return href;
}

const blocksOf = <T extends Block['type']>(blocks: Block[], type: T) => blocks.filter((block): block is Extract<Block, { type: T }> => block.type === type);

const CONTEXT = 'https://schema.org';

export function organizationLd(config: SiteConfig) {
  return {
    '@context': CONTEXT,
    '@type': 'Organization',
    name: config.name,
    legalName: config.legalName,
    url: `${config.baseUrl}/`,
    logo: config.baseUrl + config.logo.src,
    email: config.contact.email,
    telephone: config.contact.phone,
    address: { '@type': 'PostalAddress', streetAddress: config.contact.address },
    sameAs: [config.contact.social.href],
  };
}

/** One BreadcrumbList per breadcrumbs block; the last item (the current page, no link) points at the page itself. */
export function breadcrumbLd(blocks: Block[], baseUrl: string, pageUrl: string) {
  return blocksOf(blocks, 'breadcrumbs').map((block) => ({
    '@context': CONTEXT,
    '@type': 'BreadcrumbList',
    itemListElement: block.items.map((item, index) => ({
      '@type': 'ListItem',
      position: index + 1,
      name: item.label,
      item: item.href ? resolveHref(baseUrl, pageUrl, item.href) : pageUrl,
    })),
  }));
}

/** Every faq block of the page, merged into a single FAQPage (a page has at most one). */
export function faqLd(blocks: Block[]) {
  const items = blocksOf(blocks, 'faq').flatMap((block) => block.items);
  if (!items.length) return [];
  return [
    {
      '@context': CONTEXT,
      '@type': 'FAQPage',
      mainEntity: items.map((item) => ({ '@type': 'Question', name: item.question, acceptedAnswer: { '@type': 'Answer', text: item.answer } })),
    },
  ];
}

/** Plans as an ItemList: no Product or Offer, since the site shows no prices. */
export function pricingLd(blocks: Block[], baseUrl: string, pageUrl: string) {
  return blocksOf(blocks, 'pricingTiers').map((block) => ({
    '@context': CONTEXT,
    '@type': 'ItemList',
    name: block.heading,
    ...(block.intro ? { description: block.intro } : {}),
    numberOfItems: block.tiers.length,
    itemListElement: block.tiers.map((tier, index) => ({
      '@type': 'ListItem',
      position: index + 1,
      name: tier.name,
      description: [tier.description, ...tier.features].join(' · '),
      url: resolveHref(baseUrl, pageUrl, tier.cta.href),
    })),
  }));
}

/**
 * Everything in <head> that depends on the page: derived from the page YAML and site.config.yaml, and the social card
 * the build made for the page (`social`, looked up when not given).
 */
export function headTags(data: PageData, social: SocialImage = socialImageFor(data)): HeadTags {
  const { config, page } = data;
  const isNotFound = data.route === '/404';
  const url = absoluteUrl(config.baseUrl, data.canonicalRoute);
  // og:title and og:description come from vike-react's `title` and `description` settings (renderer/+title.ts).
  const title = data.canonicalRoute === '/' ? page.title : `${page.title} | ${config.name}`;
  const meta: HeadTags['meta'] = [
    { property: 'og:type', content: 'website' },
    { property: 'og:site_name', content: config.name },
    { property: 'og:url', content: url },
    { property: 'og:image', content: social.url },
    ...(social.width && social.height
      ? [
          { property: 'og:image:width', content: String(social.width) },
          { property: 'og:image:height', content: String(social.height) },
        ]
      : []),
    { property: 'og:image:alt', content: social.alt },
    { property: 'og:locale', content: config.seo.locale },
    { name: 'twitter:card', content: 'summary_large_image' },
    { name: 'twitter:title', content: title },
    { name: 'twitter:description', content: page.description },
    { name: 'twitter:image', content: social.url },
    { name: 'twitter:image:alt', content: social.alt },
  ];
  if (config.seo.twitterHandle) meta.push({ name: 'twitter:site', content: config.seo.twitterHandle });
  const jsonLd: object[] = [organizationLd(config)];
  if (!isNotFound && !data.noindex) jsonLd.push(...breadcrumbLd(page.blocks, config.baseUrl, url), ...faqLd(page.blocks), ...pricingLd(page.blocks, config.baseUrl, url));
  return {
    canonical: isNotFound ? undefined : url,
    robots: isNotFound || page.draft || data.noindex ? 'noindex' : undefined,
    meta,
    jsonLd,
  };
}

/** JSON for a `<script type="application/ld+json">`: `<` is escaped so YAML text can never close the script element. */
export const serializeJsonLd = (item: object) => JSON.stringify(item).replace(/</g, '\\u003c').replace(/\u2028/g, '\\u2028').replace(/\u2029/g, '\\u2029');
