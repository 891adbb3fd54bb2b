/**
 * The preview's page, rendered by the site's own components: PageBody (layout + block registry,
 * what Vike's +Page renders), the site's +Head, +title and +description. This module is loaded
 * through Vite's SSR loader by editor/server/preview.ts so that CSS modules resolve exactly as in
 * the build. Nothing imports it from renderer/, so it never reaches a production build.
 */
import { renderToString } from 'react-dom/server';
import type { PageContext } from 'vike/types';
import { VikeReactProviderPageContext } from 'vike-react/usePageContext';
import Head from '../../../renderer/+Head.tsx';
import description from '../../../renderer/+description.ts';
import title from '../../../renderer/+title.ts';
import type { PageData } from '../../../renderer/page-data.ts';
import { PageBody } from '../../../renderer/PageView.tsx';

const escapeHtml = (text: string) =>
  text.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;').replace(/"/g, '&quot;');

/**
 * The page's body only, and its title: what a refresh while typing needs (the head's tags do not
 * show).
 */
export function renderPreviewBody(data: PageData): { title: string; body: string } {
  const pageContext = { data } as unknown as PageContext;
  const body = renderToString(
    <VikeReactProviderPageContext pageContext={pageContext}>
      <PageBody data={data} />
    </VikeReactProviderPageContext>,
  );
  return { title: title(pageContext), body };
}

export function renderPreviewParts(data: PageData): { head: string; body: string } {
  const pageContext = { data } as unknown as PageContext;
  const head = renderToString(
    <VikeReactProviderPageContext pageContext={pageContext}>
      <Head />
    </VikeReactProviderPageContext>,
  );
  const body = renderToString(
    <VikeReactProviderPageContext pageContext={pageContext}>
      <PageBody data={data} />
    </VikeReactProviderPageContext>,
  );
  return {
    head: `<title>${escapeHtml(title(pageContext))}</title><meta name="description" content="${escapeHtml(description(pageContext))}">${head}`,
    body,
  };
}
