import { jsonLdPage, SCHEMA_ORG, type JsonLdPage } from '../../blocks/json-ld.ts';
import { registry } from '../../blocks/registry.ts';
import type { Block, BlockType } from '../../blocks/schemas.ts';
import type { BlockDefinition } from '../../blocks/types.ts';
import type { SiteConfig } from '../../schema/site-config.ts';
import type { PageData } from '../page-data.ts';
import { socialImageFor, type SocialImage } from './social-image.ts';

export interface HeadTags {
  canonical?: string;
  /** hreflang alternates: the page in each language it is translated into, and x-default. */
  alternates: Array<{ hreflang: string; href: string }>;
  robots?: string;
  meta: Array<{ name?: string; property?: string; content: string }>;
  jsonLd: object[];
}

const absoluteUrl = (baseUrl: string, route: string) =>
  route === '/' ? `${baseUrl}/` : `${baseUrl}${route}`;

function organizationLd(config: SiteConfig) {
  return {
    '@context': SCHEMA_ORG,
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

/**
 * The structured data of the page's blocks: each block type's `jsonLd` hook with its blocks, in
 * registry order.
 */
function blocksLd(blocks: Block[], page: JsonLdPage): object[] {
  return (Object.keys(registry) as BlockType[]).flatMap((type) => {
    const { jsonLd } = registry[type] as BlockDefinition<BlockType>;
    const ofType = blocks.filter((block) => block.type === type);
    return jsonLd && ofType.length ? jsonLd(ofType, page) : [];
  });
}

/**
 * Everything in <head> that depends on the page: derived from the page YAML and site.config.yaml,
 * and the social card the build made for the page (`social`, looked up when not given).
 */
export function headTags(data: PageData, social: SocialImage = socialImageFor(data)): HeadTags {
  const { config, page, language } = data;
  const isNotFound = data.route === '/404';
  const indexed = !isNotFound && !page.draft && !data.noindex;
  const translations = indexed ? (language?.alternates.filter((a) => a.translated) ?? []) : [];
  const alternateLocales = translations
    .filter((alternate) => !alternate.current)
    .map((alternate) => config.locales!.list.find((l) => l.code === alternate.code)!.ogLocale);
  const url = absoluteUrl(config.baseUrl, data.canonicalRoute);
  // og:title and og:description come from vike-react's `title` and `description` settings
  // (renderer/+title.ts).
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
    { property: 'og:locale', content: language?.ogLocale ?? config.seo.locale },
    ...alternateLocales.map((ogLocale) => ({ property: 'og:locale:alternate', content: ogLocale })),
    { name: 'twitter:card', content: 'summary_large_image' },
    { name: 'twitter:title', content: title },
    { name: 'twitter:description', content: page.description },
    { name: 'twitter:image', content: social.url },
    { name: 'twitter:image:alt', content: social.alt },
  ];
  if (config.seo.twitterHandle)
    meta.push({ name: 'twitter:site', content: config.seo.twitterHandle });
  const jsonLd: object[] = [organizationLd(config)];
  if (!isNotFound && !data.noindex) {
    const ofBlocks = blocksLd(page.blocks, jsonLdPage(config.baseUrl, url, language?.code));
    if (language) {
      // The page's language, said where schema.org has a place for it: the web page here, a
      // block's own types by its jsonLd hook (given the language in JsonLdPage).
      jsonLd.push({
        '@context': SCHEMA_ORG,
        '@type': 'WebPage',
        url,
        name: page.title,
        description: page.description,
        inLanguage: language.code,
      });
    }
    jsonLd.push(...ofBlocks);
  }
  return {
    canonical: isNotFound ? undefined : url,
    // Only a page with at least one translation has alternates; x-default is its page in the
    // default language.
    alternates:
      translations.length > 1
        ? [
            ...translations.map((alternate) => ({
              hreflang: alternate.code,
              href: absoluteUrl(config.baseUrl, alternate.route),
            })),
            { hreflang: 'x-default', href: absoluteUrl(config.baseUrl, language!.defaultRoute) },
          ]
        : [],
    robots: isNotFound || page.draft || data.noindex ? 'noindex' : undefined,
    meta,
    jsonLd,
  };
}

/**
 * JSON for a `<script type="application/ld+json">`: `<` is escaped so YAML text can never close the
 * script element.
 */
export const serializeJsonLd = (item: object) =>
  JSON.stringify(item)
    .replace(/</g, '\\u003c')
    .replace(/\u2028/g, '\\u2028')
    .replace(/\u2029/g, '\\u2029');
