import type { PageData } from '../page-data.ts';

export interface HeadTags {
  canonical?: string;
  robots?: string;
  meta: Array<{ name?: string; property?: string; content: string }>;
  jsonLd: object[];
}

export const absoluteUrl = (baseUrl: string, route: string) => (route === '/' ? `${baseUrl}/` : `${baseUrl}${route}`);

/** Everything in <head> that depends on the page: derived from the page YAML and site.config.yaml only. */
export function headTags(data: PageData): HeadTags {
  const { config, page } = data;
  const isNotFound = data.route === '/404';
  const url = absoluteUrl(config.baseUrl, data.canonicalRoute);
  const image = config.baseUrl + (page.socialImage ?? config.seo.defaultSocialImage);
  // og:title and og:description come from vike-react's `title` and `description` settings (renderer/+title.ts).
  const title = data.route === '/' ? page.title : `${page.title} | ${config.name}`;
  const meta: HeadTags['meta'] = [
    { property: 'og:type', content: 'website' },
    { property: 'og:site_name', content: config.name },
    { property: 'og:url', content: url },
    { property: 'og:image', content: image },
    { property: 'og:locale', content: config.seo.locale },
    { name: 'twitter:card', content: 'summary_large_image' },
    { name: 'twitter:title', content: title },
    { name: 'twitter:description', content: page.description },
    { name: 'twitter:image', content: image },
  ];
  if (config.seo.twitterHandle) meta.push({ name: 'twitter:site', content: config.seo.twitterHandle });
  const organization = {
    '@context': 'https://schema.org',
    '@type': 'Organization',
    name: config.name,
    legalName: config.legalName,
    url: `${config.baseUrl}/`,
    logo: config.baseUrl + config.logo.src,
    email: config.contact.email,
    telephone: config.contact.phone,
    sameAs: [config.contact.social.href],
  };
  return {
    canonical: isNotFound ? undefined : url,
    robots: isNotFound || page.draft ? 'noindex' : undefined,
    meta,
    jsonLd: [organization],
  };
}
