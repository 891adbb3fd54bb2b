import { createElement as h, type ReactElement, type ReactNode } from 'react';
import { renderToString } from 'react-dom/server';
import { describe, expect, it } from 'vitest';
import { renderedOnceCache } from '../../pipeline/rendered-once.ts';

/** As renderer/layout/Layout.tsx asks for a subtree. */
type RenderedOnce = (scope: object, key: string, element: ReactElement) => ReactNode;
const once = (scope: object, key: string, element: ReactElement): ReactNode => {
  const provided = (globalThis as { [key: symbol]: RenderedOnce | undefined })[
    Symbol.for('staylix.renderedOnce')
  ];
  return provided ? provided(scope, key, element) : element;
};

const scope = {};
const Header = ({ current }: { current: string }) =>
  h(
    'header',
    null,
    h('img', { src: '/logo.svg', alt: '', width: 32, height: 32 }),
    h('a', { href: '/a', 'aria-current': current === '/a' ? 'page' : undefined }, 'A'),
    'text',
  );
const Page = ({ route, images }: { route: string; images: string[] }) =>
  h(
    'div',
    null,
    'before',
    once(scope, `header:${route === '/a' ? 'a' : '-'}`, h(Header, { current: route })),
    ...images.map((src) => h('img', { key: src, src })),
    h('p', null, route),
    once(scope, 'picture', h('picture', null, h('img', { src: '/p.png' }))),
  );

describe('renderedOnceCache', () => {
  it('gives every page the HTML React renders for it whole, image preloads included, reusing subtrees seen before', () => {
    const cache = renderedOnceCache();
    // Enough images before and after the header for React's limit of ten high-priority preloads to
    // matter.
    const pages = ['/x', '/y', '/a', '/z', '/a', '/a', '/w'].map((route, index) => ({
      route,
      images: Array.from({ length: index * 3 }, (_, image) => `/i${index}-${image}.png`),
    }));
    for (const props of pages) {
      const whole = renderToString(h(Page, props));
      expect(whole).toContain('<link rel="preload" as="image" href="/logo.svg"/>');
      expect(cache.around(() => renderToString(h(Page, props)))).toBe(whole);
    }
    // The header without a current link: seen on /x, kept on /y, reused on /z and /w; with one:
    // kept on its second page, reused on the third. A subtree with a <picture> is never kept.
    expect(cache.counts).toEqual({ reused: 3, rendered: 4 + pages.length });
  });

  it('renders the subtree itself where no cache is installed', () => {
    const props = { route: '/x', images: [] };
    const whole = renderToString(h(Page, props));
    renderedOnceCache().around(() => renderToString(h(Page, props)));
    expect(renderToString(h(Page, props))).toBe(whole);
  });
});
