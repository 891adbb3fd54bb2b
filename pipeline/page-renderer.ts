/**
 * How a render worker turns a URL into HTML: Vike's renderPage(), or, once it has proved equal, the
 * same document without Vike's per-request work.
 *
 * renderPage() costs about 6.5 ms of CPU per page, of which React rendering the page is about 1.9
 * ms: the rest is routing (every Vike page's route function), hooks, copies of pageContext and the
 * injection of the page's assets by regular expressions over the whole HTML. For a given Vike page
 * (static, interactive) everything around the page's own parts is the same on every URL: the
 * assets, vike-react's document, the whitespace. So the worker learns that template from a page
 * Vike rendered, by cutting out that page's own parts (title, the +Head elements, description, the
 * page's HTML), checks it on the next page of the same Vike page (Vike's HTML and the template's
 * must be equal, byte for byte), and only then fills it in for the pages that follow: React renders
 * the page and its +Head exactly as vike-react does, with the data from the page's own +data hook.
 * Anything it is not sure of goes through Vike: the error page, the catalogue, a URL no route
 * function or more than one claims, a page without a title or description, a Vike page whose
 * template did not prove equal. `tests/pipeline/page-renderer.test.ts` compares both ways on every
 * page of the site.
 */
import { createElement, StrictMode, type ComponentType, type ReactNode } from 'react';
import { renderToStaticMarkup, renderToString } from 'react-dom/server';
import { VikeReactProviderPageContext } from 'vike-react/usePageContext';
import type { PageContext } from 'vike/types';
import { renderedOnceCache, type RenderedOnceCache } from './rendered-once.ts';

type RenderPage = (context: { urlOriginal: string }) => Promise<
  {
    httpResponse?: { statusCode: number; body: string } | null;
    errorWhileRendering?: unknown;
  } & Record<string, unknown>
>;

/** The parts of a page's document that are its own; everything else comes from the template. */
interface OwnParts {
  title: string;
  head: string;
  description: string;
  body: string;
}

/**
 * Where the own parts go, in document order (vike-react writes title and description twice: as such
 * and for Open Graph).
 */
const SLOTS = [
  'title',
  'title',
  'head',
  'description',
  'description',
  'body',
] as const satisfies ReadonlyArray<keyof OwnParts>;

/**
 * The document of a Vike page: SLOTS.length + 1 literal chunks, the own parts going between them.
 */
type Template = string[];

/** Vike's escaping of values written into its HTML templates (vike/dist/utils/escapeHtml.js). */
const escapeHtml = (text: string) =>
  text
    .replace(/&/g, '&amp;')
    .replace(/</g, '&lt;')
    .replace(/>/g, '&gt;')
    .replace(/"/g, '&quot;')
    .replace(/'/g, '&#039;');

interface VikePage {
  route?: unknown;
}

interface RenderedContext extends Record<string, unknown> {
  pageId: string;
  Page: ComponentType;
  pages: Record<string, VikePage>;
  config: {
    data?: (context: unknown) => unknown;
    title?: unknown;
    description?: unknown;
    Head?: Array<ComponentType | null | undefined>;
    reactStrictMode?: boolean;
  };
}

/** What vike-react's head settings resolve to: a value, or a function of pageContext. */
const setting = (value: unknown, context: unknown) =>
  typeof value === 'function' ? (value as (context: unknown) => unknown)(context) : value;

/** vike-react's outermost wrapper, unless the config turns React's strict mode off. */
const strictly = (element: ReactNode, strict: boolean): ReactNode =>
  strict ? createElement(StrictMode, null, element) : element;
/**
 * Stands for vike-react's render-promise provider, which renders only its children on the server.
 */
const Passthrough = ({ children }: { children?: ReactNode }) => children;

/**
 * The page's own parts, rendered as vike-react renders them; undefined when vike-react would leave
 * a tag out.
 */
function ownParts(
  base: RenderedContext,
  context: PageContext,
  once: RenderedOnceCache,
): OwnParts | undefined {
  const title = setting(base.config.title, context);
  const description = setting(base.config.description, context);
  if (typeof title !== 'string' || !title || typeof description !== 'string' || !description)
    return undefined;
  const strict = base.config.reactStrictMode !== false;
  const head = (base.config.Head ?? [])
    .filter((Head): Head is ComponentType => Head !== null && Head !== undefined)
    .map((Head) =>
      renderToStaticMarkup(
        strictly(
          createElement(VikeReactProviderPageContext, {
            pageContext: context,
            children: createElement(Head),
          }),
          strict,
        ),
      ),
    )
    .join('\n');
  const page = createElement(
    Passthrough,
    null,
    createElement(VikeReactProviderPageContext, {
      pageContext: context,
      children: createElement(base.Page),
    }),
  );
  const body = once.around(() => renderToString(strictly(page, strict)), base.pageId);
  return { title: escapeHtml(title), head, description: escapeHtml(description), body };
}

/**
 * Cuts a page's own parts out of the HTML Vike rendered for it; undefined when one cannot be found
 * where expected.
 */
function templateOf(html: string, parts: OwnParts): Template | undefined {
  const chunks: string[] = [];
  let from = 0;
  // Each part is looked for with what surrounds it in vike-react's document, so that a title that
  // also appears in an asset's file name (Pricing, PricingTiers.css) is not taken from there.
  const finders: Record<(typeof SLOTS)[number], (at: number) => number> = {
    title: (at) => {
      const tag = chunks.length === 0 ? `<title>${parts.title}</title>` : `"${parts.title}"`;
      const index = html.indexOf(tag, at);
      return index < 0 ? -1 : index + tag.indexOf(parts.title);
    },
    head: (at) => html.indexOf(parts.head, at),
    description: (at) => {
      const index = html.indexOf(`"${parts.description}"`, at);
      return index < 0 ? -1 : index + 1;
    },
    body: (at) => {
      const tag = `<div id="root">${parts.body}</div>`;
      const index = html.indexOf(tag, at);
      return index < 0 ? -1 : index + '<div id="root">'.length;
    },
  };
  for (const slot of SLOTS) {
    const index = finders[slot](from);
    if (index < 0) return undefined;
    chunks.push(html.slice(from, index));
    from = index + parts[slot].length;
  }
  chunks.push(html.slice(from));
  return chunks;
}

function fill(template: Template, parts: OwnParts): string {
  let html = template[0]!;
  SLOTS.forEach((slot, index) => (html += parts[slot] + template[index + 1]!));
  return html;
}

/**
 * Templates are per Vike page and language: `<html lang dir>` (renderer/+lang.ts,
 * +htmlAttributes.ts) is part of the template, not one of the page's own parts.
 */
function templateKey(pageId: string, data: unknown): string {
  const language = (data as { language?: { code: string; dir: string } } | undefined)?.language;
  return language ? `${pageId}\u0000${language.code}\u0000${language.dir}` : pageId;
}

/**
 * Per Vike page: a template waiting for its check or proved, with the context of the page Vike
 * rendered it from (what a direct render starts from); or rendered by Vike for good.
 */
type TemplateState =
  { state: 'candidate' | 'proved'; template: Template; base: RenderedContext } | { state: 'vike' };

interface PageRenderer {
  /**
   * The page's HTML, as Vike renders it (an error when Vike fails or answers with another status
   * than 200, 404 for /404).
   */
  render(url: string): Promise<string>;
  /** How many pages were rendered without Vike, and with. */
  readonly counts: { direct: number; vike: number };
  /** Subtrees (headers, footers, blocks) of direct renders reused as HTML, and rendered. */
  readonly subtrees: { reused: number; rendered: number };
}

export function pageRenderer(renderPage: RenderPage): PageRenderer {
  const templates = new Map<string, TemplateState>();
  const counts = { direct: 0, vike: 0 };
  // The header and footer of direct renders (Vike's own renders, which prove a template, render
  // every page whole).
  const once = renderedOnceCache();
  let pages: Record<string, VikePage> | undefined;

  async function viaVike(url: string): Promise<{ html: string; context: RenderedContext }> {
    const result = await renderPage({ urlOriginal: url });
    if (result.errorWhileRendering) throw result.errorWhileRendering;
    if (!result.httpResponse) throw new Error(`Vike rendered nothing for ${url}`);
    const expected = url === '/404' ? 404 : 200;
    if (result.httpResponse.statusCode !== expected)
      throw new Error(
        `${url} rendered with status ${result.httpResponse.statusCode} (expected ${expected})`,
      );
    counts.vike++;
    return { html: result.httpResponse.body, context: result as unknown as RenderedContext };
  }

  /**
   * The Vike page whose route function claims `url`, if exactly one does and every route is a
   * function.
   */
  function routeOf(url: string): string | undefined {
    if (!pages || url === '/404') return undefined;
    let match: string | undefined;
    for (const [pageId, page] of Object.entries(pages)) {
      if (page.route === undefined) continue; // the error page
      if (typeof page.route !== 'function') return undefined;
      let claims: unknown;
      try {
        claims = (page.route as (context: { urlPathname: string; urlOriginal: string }) => unknown)(
          { urlPathname: url, urlOriginal: url },
        );
      } catch {
        return undefined;
      }
      if (claims !== true && claims !== false) return undefined;
      if (claims && match) return undefined;
      if (claims) match = pageId;
    }
    return match;
  }

  /**
   * pageContext for a direct render: the base page's, with this URL and the data of the page's
   * +data hook.
   */
  async function contextFor(base: RenderedContext, url: string): Promise<PageContext | undefined> {
    if (typeof base.config.data !== 'function') return undefined;
    const context = { ...base, urlOriginal: url, urlPathname: url, data: undefined as unknown };
    context.data = await base.config.data(context);
    return context as unknown as PageContext;
  }

  /**
   * A context Vike rendered per Vike page: what a page's data is computed from before its template
   * is chosen.
   */
  const bases = new Map<string, RenderedContext>();

  async function render(url: string): Promise<string> {
    const pageId = routeOf(url);
    const base = pageId === undefined ? undefined : bases.get(pageId);
    const early = base && (await contextFor(base, url));
    const known =
      pageId === undefined || !early ? undefined : templates.get(templateKey(pageId, early.data));
    if (known?.state === 'proved') {
      const context = { ...known.base, urlOriginal: url, urlPathname: url, data: early!.data };
      const parts = ownParts(known.base, context as unknown as PageContext, once);
      if (parts) {
        counts.direct++;
        return fill(known.template, parts);
      }
    }
    const { html, context } = await viaVike(url);
    pages ??= context.pages;
    // Only pages that routed on their own (not the error page, not a URL claimed twice) teach a
    // template.
    if (pageId === undefined || pageId !== context.pageId) return html;
    bases.set(pageId, context);
    const own = await contextFor(context, url);
    if (!own) return html;
    const key = templateKey(pageId, own.data);
    const state = templates.get(key);
    if (state?.state === 'vike' || state?.state === 'proved') return html;
    const parts = ownParts(context, own, once);
    if (!parts) return html;
    if (state?.state === 'candidate') {
      templates.set(
        key,
        fill(state.template, parts) === html ? { ...state, state: 'proved' } : { state: 'vike' },
      );
      return html;
    }
    const template = templateOf(html, parts);
    templates.set(
      key,
      template ? { state: 'candidate', template, base: context } : { state: 'vike' },
    );
    return html;
  }

  return { render, counts, subtrees: once.counts };
}
