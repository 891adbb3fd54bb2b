import { usePageContext } from 'vike-react/usePageContext';
import type { PageData } from './page-data.ts';
import { headTags, serializeJsonLd } from './seo/head-tags.ts';

/** Canonical URL, Open Graph, Twitter card and JSON-LD for the current page. */
export default function Head() {
  const pageContext = usePageContext();
  const data = pageContext.data as PageData | undefined;
  if (!data) return null;
  const tags = headTags(data);
  return (
    <>
      <link rel="icon" href="/logo.svg" type="image/svg+xml" />
      <meta name="theme-color" content="#1d4ed8" />
      {tags.canonical && <link rel="canonical" href={tags.canonical} />}
      {tags.robots && <meta name="robots" content={tags.robots} />}
      {tags.meta.map((tag) => (tag.property ? <meta key={tag.property} property={tag.property} content={tag.content} /> : <meta key={tag.name} name={tag.name} content={tag.content} />))}
      {tags.jsonLd.map((item, index) => (
        <script key={index} type="application/ld+json" dangerouslySetInnerHTML={{ __html: serializeJsonLd(item) }} />
      ))}
    </>
  );
}
