import { MantineProvider } from '@mantine/core';
import { renderToStaticMarkup } from 'react-dom/server';
import { usePageContext } from 'vike-react/usePageContext';
import type { PageData } from './page-data.ts';
import { headTags, serializeJsonLd } from './seo/head-tags.ts';
import { theme } from './theme.ts';

/**
 * Canonical URL, Open Graph, Twitter card and JSON-LD for the current page, and Mantine's theme CSS
 * variables and responsive classes (the provider in Layout.tsx leaves them out, so they are not
 * rendered inside <body>). Rendered on the server only.
 */
export default function Head() {
  const pageContext = usePageContext();
  const data = pageContext.data as PageData | undefined;
  const mantineStyles = mantineStyleElements();
  if (!data) return mantineStyles;
  const tags = headTags(data);
  return (
    <>
      <link rel="icon" href="/logo.svg" type="image/svg+xml" />
      <meta name="theme-color" content="#1d4ed8" />
      {mantineStyles}
      {tags.canonical && <link rel="canonical" href={tags.canonical} />}
      {tags.alternates.map((alternate) => (
        <link
          key={alternate.hreflang}
          rel="alternate"
          hrefLang={alternate.hreflang}
          href={alternate.href}
        />
      ))}
      {tags.robots && <meta name="robots" content={tags.robots} />}
      {tags.meta.map((tag) =>
        tag.property ? (
          <meta
            key={`${tag.property}-${tag.content}`}
            property={tag.property}
            content={tag.content}
          />
        ) : (
          <meta key={tag.name} name={tag.name} content={tag.content} />
        ),
      )}
      {tags.jsonLd.map((item, index) => (
        <script
          key={index}
          type="application/ld+json"
          dangerouslySetInnerHTML={{ __html: serializeJsonLd(item) }}
        />
      ))}
    </>
  );
}

let mantineCss: Array<{ kind: string; css: string }> | undefined;

/**
 * The <style> elements Mantine's provider renders: they depend on the theme only, so they are
 * rendered once per build instead of once per page (about 1 ms a page when prerendering thousands).
 * The CSS is Mantine's own output for theme.ts, never page text.
 */
function mantineStyleElements() {
  if (!import.meta.env.PROD) mantineCss = undefined; // the dev server picks up theme.ts edits
  mantineCss ??= [
    ...renderToStaticMarkup(
      <MantineProvider theme={theme} forceColorScheme="light">
        {null}
      </MantineProvider>,
    ).matchAll(/<style data-mantine-styles="([^"]*)"[^>]*>([\s\S]*?)<\/style>/g),
  ].map((match) => ({ kind: match[1]!, css: match[2]! }));
  return mantineCss.map((style) => (
    <style
      key={style.kind}
      data-mantine-styles={style.kind}
      dangerouslySetInnerHTML={{ __html: style.css }}
    />
  ));
}
