import { createElement as h, useId } from 'react';
import { renderToString } from 'react-dom/server';
import { describe, expect, it } from 'vitest';
import { renderedOnceCache } from '../../pipeline/rendered-once.ts';
import { once } from '../../renderer/rendered-once.ts';

const scope = {};
const Header = ({ current }: { current: string }) =>
  h(
    'header',
    null,
    h('img', { src: '/logo.svg', alt: '', width: 32, height: 32 }),
    h('a', { href: '/a', 'aria-current': current === '/a' ? 'page' : undefined }, 'A'),
    'text',
  );
/** A block whose ids React derives from its place in the tree (as a section's heading is named). */
const Section = ({ text }: { text: string }) => {
  const id = useId();
  return h('section', { 'aria-labelledby': id }, h('h2', { id }, text));
};
const Page = ({ route, images }: { route: string; images: string[] }) =>
  h(
    'div',
    null,
    'before',
    once(scope, `header:${route === '/a' ? 'a' : '-'}`, h(Header, { current: route })),
    // In an element of their own: the children of this <div> are as many on every page, so what
    // comes after them is at the same place in the tree (the sections' keys need not say more).
    h(
      'figure',
      null,
      images.map((src) => h('img', { key: src, src })),
    ),
    h('p', null, route),
    once(scope, 'picture', h('picture', null, h('img', { src: '/p.png' }))),
    h(
      'main',
      null,
      ['one', 'two', 'three'].map((text, index) =>
        h('div', { key: text }, once(scope, `section ${index} ${text}`, h(Section, { text }))),
      ),
    ),
    // Next to a text: React would separate it from a text it renders, so it is never kept.
    h(
      'p',
      null,
      'text',
      once(
        scope,
        'text',
        h(() => 'more text'),
      ),
    ),
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
      expect(whole).toMatch(/<h2 id="_R_[^"]+_">two<\/h2>/);
      expect(cache.around(() => renderToString(h(Page, props)), 'page')).toBe(whole);
    }
    // The header without a current link: seen on /x, kept on /y, reused on /z and /w; with one:
    // kept on its second page, reused on the third; each section kept on the second page, reused
    // on the five after it (with the ids React gives it there). A subtree with a <picture>, or next
    // to a text, is never kept.
    expect(cache.counts).toEqual({ reused: 3 + 3 * 5, rendered: 4 + 3 * 2 + 2 * pages.length });
  });

  it('reuses a subtree only in the tree it was kept in', () => {
    const cache = renderedOnceCache();
    const props = { route: '/x', images: [] };
    for (const tree of ['static', 'static', 'interactive', 'static', 'interactive'])
      cache.around(() => renderToString(h(Page, props)), tree);
    // The header and the three sections: seen and kept in each tree, reused in its third page.
    expect(cache.counts.reused).toBe(4);
  });

  it('renders the subtree itself where no cache is installed', () => {
    const props = { route: '/x', images: [] };
    const whole = renderToString(h(Page, props));
    renderedOnceCache().around(() => renderToString(h(Page, props)), 'page');
    expect(renderToString(h(Page, props))).toBe(whole);
  });
});
