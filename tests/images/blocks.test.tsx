// @vitest-environment jsdom
import { MantineProvider } from '@mantine/core';
import { renderToStaticMarkup } from 'react-dom/server';
import { describe, expect, it } from 'vitest';
import { BlockList } from '../../renderer/BlockList.tsx';
import { theme } from '../../renderer/theme.ts';
import type { Block } from '../../blocks/schemas.ts';
import { imageSlots } from '../../schema/image-slots.ts';
import { loadExample, loadTestConfig } from '../helpers/render-block.tsx';

/**
 * Blocks with images, rendered on the server as outside a build (`npm run dev`, tests): the
 * original file, with the width and height read from it, lazy unless it is the page's first large
 * image.
 */
function renderPage(blocks: Block[]): Document {
  const html = renderToStaticMarkup(
    <MantineProvider theme={theme} forceColorScheme="light">
      <BlockList blocks={blocks} context={{ config: loadTestConfig() }} />
    </MantineProvider>,
  );
  return new DOMParser().parseFromString(html, 'text/html');
}
const imgs = (document: Document) =>
  [...document.querySelectorAll('img')].map((img) =>
    Object.fromEntries(
      ['src', 'alt', 'width', 'height', 'loading', 'decoding', 'fetchpriority', 'class'].map(
        (name) => [name, img.getAttribute(name)],
      ),
    ),
  );

describe('images in blocks', () => {
  it('hero: the screenshot under the headline, its measured size, eager with high priority as the first large image', () => {
    const [hero] = imgs(renderPage([loadExample('hero')]));
    expect(hero).toMatchObject({
      src: '/images/examples/dashboard.png',
      width: '1600',
      height: '1000',
      loading: null,
      decoding: null,
      fetchpriority: 'high',
    });
    expect(hero!.alt).toMatch(/^The Staylix dashboard/);
  });

  it('a second large image on the page loads lazily: only the first one is a priority', () => {
    const hero = loadExample('hero');
    const list = imgs(
      renderPage([hero, { ...hero, media: { ...hero.media!, position: 'beside' } }]),
    );
    expect(list.map((img) => [img.loading, img.fetchpriority])).toEqual([
      [null, 'high'],
      ['lazy', null],
    ]);
  });

  it('linkList covers, testimonial photos and case study logos are lazy, async and sized', () => {
    const document = renderPage([
      loadExample('linkList'),
      loadExample('testimonials'),
      loadExample('caseStudies'),
    ]);
    const list = imgs(document);
    expect(list).toHaveLength(4 + 2 + 4);
    for (const img of list)
      expect([img.loading, img.decoding, img.fetchpriority]).toEqual(['lazy', 'async', null]);
    expect(list.slice(0, 4).map((img) => [img.src, img.width, img.height, img.alt])).toEqual(
      ['operations', 'sales', 'guests', 'payments'].map((name) => [
        `/images/examples/cover-${name}.jpg`,
        '1120',
        '630',
        '',
      ]),
    );
    expect(list.slice(4, 6).map((img) => [img.width, img.height, img.alt])).toEqual([
      ['224', '224', ''],
      ['224', '224', ''],
    ]);
    // SVG logos pass through, sized from their own width and height.
    expect(list.slice(6).map((img) => [img.src, img.width, img.height])).toEqual([
      ['/logos/harbor-hotels.svg', '140', '48'],
      ['/logos/azure-bay-resort.svg', '140', '48'],
      ['/logos/linden-house.svg', '140', '48'],
      ['/logos/nomad-nest.svg', '140', '48'],
    ]);
    expect(list[6]!.alt).toBe('Harbor Hotels logo');
  });

  it('every slot makes at least its minimum width and lists widths in order', () => {
    for (const slot of Object.values(imageSlots)) {
      expect([...slot.widths].sort((a, b) => a - b)).toEqual([...slot.widths]);
      expect(slot.widths.some((width) => width >= slot.minWidth)).toBe(true);
    }
  });
});
