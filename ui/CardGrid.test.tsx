// @vitest-environment jsdom
import { cleanup, render, screen, within } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import { CardGrid, CardGridItem, cardColumns } from './CardGrid.tsx';

afterEach(cleanup);

describe('cardColumns', () => {
  it('fits up to two columns on tablets and three on desktops', () => {
    expect([1, 2, 3, 5, 6].map((count) => cardColumns(count))).toEqual([
      { md: 1, lg: 1 },
      { md: 2, lg: 2 },
      { md: 2, lg: 3 },
      { md: 2, lg: 3 },
      { md: 2, lg: 3 },
    ]);
  });

  it('lays out four cards as asked, and three in a row on tablets with threeInARow', () => {
    expect(cardColumns(4)).toEqual({ md: 2, lg: 3 });
    expect(cardColumns(4, { four: 4 })).toEqual({ md: 2, lg: 4 });
    expect(cardColumns(4, { four: 2 })).toEqual({ md: 2, lg: 2 });
    expect(cardColumns(3, { threeInARow: true })).toEqual({ md: 3, lg: 3 });
    expect(cardColumns(4, { threeInARow: true })).toEqual({ md: 2, lg: 3 });
  });
});

describe('CardGrid', () => {
  it('renders a list with the column variables, its own attributes and staggered items', () => {
    render(
      <CardGrid columns={{ md: 2, lg: 4 }} className="mine" data-wide="" style={{ color: 'red' }}>
        {['a', 'b'].map((text, index) => (
          <CardGridItem key={text} index={index} className="card" data-link="">
            {text}
          </CardGridItem>
        ))}
      </CardGrid>,
    );
    const list = screen.getByRole('list');
    expect(list.tagName).toBe('UL');
    expect(list.className).toBe('grid mine');
    expect(list.hasAttribute('data-wide')).toBe(true);
    expect([
      list.style.getPropertyValue('--cols-md'),
      list.style.getPropertyValue('--cols-lg'),
      list.style.color,
    ]).toEqual(['2', '4', 'red']);
    const items = within(list).getAllByRole('listitem');
    expect(items.map((item) => item.className)).toEqual(['card fade-in', 'card fade-in']);
    expect(items.map((item) => item.style.getPropertyValue('--stagger-index'))).toEqual(['0', '1']);
    expect(items[0]!.hasAttribute('data-link')).toBe(true);
  });

  it('renders an ordered list when asked', () => {
    render(
      <CardGrid as="ol" columns={{ md: 1, lg: 1 }}>
        <CardGridItem index={0}>only</CardGridItem>
      </CardGrid>,
    );
    expect(screen.getByRole('list').tagName).toBe('OL');
    expect(screen.getByRole('listitem').className).toBe('fade-in');
  });
});
