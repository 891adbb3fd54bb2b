/**
 * What a block's `jsonLd` hook (blocks/types.ts) knows of the page its structured data describes.
 */
export interface JsonLdPage {
  /** The page's canonical absolute URL, e.g. `https://www.example.com/pricing`. */
  url: string;
  /**
   * A link as written in YAML made absolute: `/pricing#plans` → `https://…/pricing#plans`; `#faq`
   * is on this page.
   */
  absolute: (href: string) => string;
  /**
   * The page's language (`de`) when the site has several, for the block's own schema.org types
   * that have a place for it (`inLanguage`).
   */
  inLanguage?: string;
}

export const SCHEMA_ORG = 'https://schema.org';

/**
 * `/pricing#plans` → `https://www.example.com/pricing#plans`; `#faq` resolves against the page;
 * absolute links stay.
 */
export function resolveHref(baseUrl: string, pageUrl: string, href: string): string {
  if (href.startsWith('#')) return pageUrl.replace(/#.*$/, '') + href;
  if (href.startsWith('/')) return href === '/' ? `${baseUrl}/` : baseUrl + href;
  return href;
}

/**
 * The elements of a schema.org list (ItemList, BreadcrumbList): each item's own fields after its
 * type and position.
 */
export const listItems = <T>(items: readonly T[], fields: (item: T) => object) =>
  items.map((item, index) => ({ '@type': 'ListItem', position: index + 1, ...fields(item) }));

export const jsonLdPage = (baseUrl: string, url: string, inLanguage?: string): JsonLdPage => ({
  url,
  absolute: (href) => resolveHref(baseUrl, url, href),
  ...(inLanguage && { inLanguage }),
});
