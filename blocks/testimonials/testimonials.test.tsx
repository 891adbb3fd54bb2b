// @vitest-environment jsdom
import { cleanup, screen, within } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import { loadExample, renderBlock } from '../../tests/helpers/render-block.tsx';

afterEach(cleanup);

describe('testimonials block', () => {
  it('renders the heading, the intro and one figure per quote', () => {
    renderBlock('testimonials');
    screen.getByRole('region', { name: 'What hoteliers say' });
    screen.getByText('Teams that moved their front desk, channels and guest chat to Staylix.');
    expect(within(screen.getByRole('list')).getAllByRole('listitem')).toHaveLength(3);
    expect(screen.getAllByRole('figure')).toHaveLength(3);
  });

  it('puts the quote in a blockquote paragraph and credits role and business in the figcaption', () => {
    renderBlock('testimonials');
    const figures = screen.getAllByRole('figure');
    loadExample('testimonials').items.forEach((testimonial, index) => {
      const figure = figures[index]!;
      const quote = figure.querySelector('blockquote > p');
      expect(quote?.textContent).toBe(testimonial.quote);
      const caption = figure.querySelector('figcaption')!;
      expect(within(caption).getByText(testimonial.role)).toBeTruthy();
      expect(within(caption).getByText(testimonial.business)).toBeTruthy();
      expect(figure.querySelector('svg')?.getAttribute('aria-hidden')).toBe('true');
    });
  });

  it('marks a single quote for the large layout and passes id and tone', () => {
    const block = { ...loadExample('testimonials'), id: 'reviews', tone: 'dark' as const };
    block.items = block.items.slice(0, 1);
    const { container } = renderBlock('testimonials', block);
    expect(screen.getByRole('list').hasAttribute('data-single')).toBe(true);
    const section = container.querySelector('section')!;
    expect(section.id).toBe('reviews');
    expect(section.className).toContain('dark');
  });
});
