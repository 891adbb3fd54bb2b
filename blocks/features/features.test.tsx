// @vitest-environment jsdom
import { cleanup, screen, within } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import { loadExample, renderBlock } from '../../tests/helpers/render-block.tsx';

afterEach(cleanup);

/** The cards: the items of the outer list (each card holds its own bullet list). */
const cards = () => {
  const outer = screen.getAllByRole('list')[0]!;
  return within(outer)
    .getAllByRole('listitem')
    .filter((item) => item.parentElement === outer);
};

describe('features block', () => {
  it('renders eyebrow, h2, intro and the anchor id', () => {
    const { container } = renderBlock('features');
    screen.getByRole('heading', { level: 2, name: 'Everything you need to run your property' });
    expect(screen.getByText('Features').tagName).toBe('P');
    screen.getByText(
      'Six connected modules, one login, and a guest journey that flows from first message to final checkout.',
    );
    expect(container.querySelector('section')!.id).toBe('features');
  });

  it('renders six cards, each with an icon, an h3, a description and three bullets', () => {
    renderBlock('features');
    const items = cards();
    expect(items).toHaveLength(6);
    loadExample('features').items.forEach((feature, index) => {
      const card = items[index]!;
      within(card).getByRole('heading', { level: 3, name: feature.title });
      within(card).getByText(feature.description);
      const bullets = within(within(card).getByRole('list')).getAllByRole('listitem');
      expect(bullets.map((bullet) => bullet.textContent)).toEqual(feature.bullets);
      expect(card.querySelector('svg')?.getAttribute('aria-hidden')).toBe('true');
    });
    expect(within(items[0]!).getByRole('list').textContent).toContain('Multi-channel sync');
  });

  it('links each card with a Learn more link that names the feature', () => {
    renderBlock('features');
    const link = screen.getByRole('link', { name: 'Learn more: Guest Chat' });
    expect(link.getAttribute('href')).toBe('/solutions/guest-experience/unified-chat');
    expect(screen.getAllByRole('link')).toHaveLength(6);
  });

  it('omits bullets and link when absent', () => {
    const block = loadExample('features');
    block.items = [
      { icon: 'bed', title: 'Housekeeping', description: 'Rooms cleaned in the right order.' },
    ];
    renderBlock('features', block);
    expect(screen.queryByRole('link')).toBeNull();
    expect(within(screen.getByRole('list')).getAllByRole('listitem')).toHaveLength(1);
  });
});
