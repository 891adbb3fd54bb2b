// @vitest-environment jsdom
import { cleanup, screen, within } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import { loadExample, renderBlock } from '../../tests/helpers/render-block.tsx';
import { definition } from './index.tsx';
import { jsonLdPage } from '../json-ld.ts';

afterEach(cleanup);

describe('breadcrumbs block', () => {
  it('renders a labelled breadcrumb nav with an ordered trail', () => {
    renderBlock('breadcrumbs');
    const nav = screen.getByRole('navigation', { name: 'Breadcrumb' });
    const list = within(nav).getByRole('list');
    expect(list.tagName).toBe('OL');
    const items = within(list).getAllByRole('listitem');
    expect(items.map((item) => item.textContent)).toEqual([
      'Home',
      'Solutions',
      'Operations Hub',
      'PMS',
    ]);
  });

  it('links every ancestor and marks the last item as the current page without a link', () => {
    renderBlock('breadcrumbs');
    const nav = screen.getByRole('navigation', { name: 'Breadcrumb' });
    const links = within(nav).getAllByRole('link');
    expect(links.map((link) => [link.textContent, link.getAttribute('href')])).toEqual([
      ['Home', '/'],
      ['Solutions', '/solutions'],
      ['Operations Hub', '/solutions/operations-hub'],
    ]);
    const current = within(nav).getByText('PMS');
    expect(current.getAttribute('aria-current')).toBe('page');
    expect(current.closest('a')).toBeNull();
    expect(nav.querySelectorAll('[aria-current]')).toHaveLength(1);
  });

  it('ignores an href on the last item and hides separators from screen readers', () => {
    const block = loadExample('breadcrumbs');
    block.items = [
      { label: 'Home', href: '/' },
      { label: 'Pricing', href: '/pricing' },
    ];
    renderBlock('breadcrumbs', block);
    const nav = screen.getByRole('navigation', { name: 'Breadcrumb' });
    expect(within(nav).getAllByRole('link')).toHaveLength(1);
    expect(within(nav).getByText('Pricing').getAttribute('aria-current')).toBe('page');
    const separators = nav.querySelectorAll('svg');
    expect(separators).toHaveLength(1);
    expect(separators[0]!.getAttribute('aria-hidden')).toBe('true');
  });

  it('passes id and tone to the section', () => {
    const block = { ...loadExample('breadcrumbs'), id: 'trail', tone: 'muted' as const };
    const { container } = renderBlock('breadcrumbs', block);
    const section = container.querySelector('section');
    expect(section?.id).toBe('trail');
    expect(section?.className).toContain('muted');
  });

  it('gives a BreadcrumbList with absolute URLs, the last item being the page itself', () => {
    const base = 'https://www.example.com';
    const block = {
      type: 'breadcrumbs' as const,
      items: [
        { label: 'Home', href: '/' },
        { label: 'Solutions', href: '/solutions' },
        { label: 'Hotels' },
      ],
    };
    expect(definition.jsonLd!([block], jsonLdPage(base, `${base}/solutions/hotels`))).toEqual([
      {
        '@context': 'https://schema.org',
        '@type': 'BreadcrumbList',
        itemListElement: [
          { '@type': 'ListItem', position: 1, name: 'Home', item: `${base}/` },
          { '@type': 'ListItem', position: 2, name: 'Solutions', item: `${base}/solutions` },
          { '@type': 'ListItem', position: 3, name: 'Hotels', item: `${base}/solutions/hotels` },
        ],
      },
    ]);
  });
});
