// @vitest-environment jsdom
import { cleanup, screen, within } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import { loadExample, renderBlock } from '../../tests/helpers/render-block.tsx';

describe('linkList', () => {
  afterEach(cleanup);

  it('renders one card per item with the title as an h3 link', () => {
    renderBlock('linkList');
    expect(screen.getByRole('heading', { level: 2, name: 'Four hubs, one hotel OS' })).toBeTruthy();
    const titles = screen.getAllByRole('heading', { level: 3 });
    expect(titles.map((h) => h.textContent)).toEqual([
      'Operations Hub',
      'Sales Hub',
      'Guest Hub',
      'Payments Hub',
    ]);
    const link = within(titles[1]!).getByRole('link', { name: 'Sales Hub' });
    expect(link.getAttribute('href')).toBe('/solutions/sales-hub');
    expect(link.hasAttribute('target')).toBe(false);
  });

  it('shows description and meta when given, and leaves them out otherwise', () => {
    renderBlock('linkList');
    const cards = screen.getAllByRole('listitem');
    expect(cards).toHaveLength(4);
    expect(cards[0]!.textContent).toContain('4 modules');
    expect(cards[0]!.textContent).toContain('POS orders, stock and expenses');
    expect(cards[3]!.textContent).not.toMatch(/modules/);
    expect(cards.map((card) => card.style.getPropertyValue('--stagger-index'))).toEqual([
      '0',
      '1',
      '2',
      '3',
    ]);
    // Four cards lay out as two by two rather than three plus an orphan.
    expect(cards[0]!.parentElement!.dataset.columns).toBe('2');
  });

  it('opens external links in a new tab and says so', () => {
    const block = loadExample('linkList');
    renderBlock('linkList', {
      ...block,
      items: [
        {
          title: 'Channel partners',
          href: 'https://partners.staylix.com',
          description: 'Our partner directory.',
        },
      ],
    });
    const link = screen.getByRole('link', { name: 'Channel partners (opens in a new tab)' });
    expect(link.getAttribute('target')).toBe('_blank');
    expect(link.getAttribute('rel')).toBe('noopener noreferrer');
  });

  it('respects id and tone', () => {
    const { container } = renderBlock('linkList', { ...loadExample('linkList'), tone: 'muted' });
    const section = container.querySelector('section')!;
    expect(section.id).toBe('hubs');
    expect(section.className).toContain('muted');
  });
});
