// @vitest-environment jsdom
import { cleanup, screen, within } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import { loadExample, renderBlock } from '../../tests/helpers/render-block.tsx';

afterEach(cleanup);

describe('highlights block', () => {
  it('renders the heading, intro and one list item per highlight', () => {
    renderBlock('highlights');
    screen.getByRole('region', { name: 'Built for the way hotels really run' });
    screen.getByText('What your team gets on day one, without a single extra login.');
    expect(within(screen.getByRole('list')).getAllByRole('listitem')).toHaveLength(4);
  });

  it('gives each highlight an h3, its description and a decorative icon', () => {
    renderBlock('highlights');
    const items = within(screen.getByRole('list')).getAllByRole('listitem');
    loadExample('highlights').items.forEach((highlight, index) => {
      const item = items[index]!;
      within(item).getByRole('heading', { level: 3, name: highlight.title });
      within(item).getByText(highlight.description);
      const icon = item.querySelector('svg');
      expect(icon?.getAttribute('aria-hidden')).toBe('true');
    });
    expect(screen.getAllByRole('heading', { level: 3 })).toHaveLength(4);
  });

  it('leaves out the icon when none is given, and uses four columns for four items', () => {
    const block = loadExample('highlights');
    block.items = block.items.map(({ icon: _icon, ...rest }) => rest);
    const { container } = renderBlock('highlights', block);
    expect(container.querySelector('svg')).toBeNull();
    expect(screen.getByRole('list').style.getPropertyValue('--cols-lg')).toBe('4');
  });

  it('passes id and tone to the section', () => {
    const { container } = renderBlock('highlights', {
      ...loadExample('highlights'),
      id: 'use-cases',
      tone: 'dark',
    });
    expect(container.querySelector('section')!.id).toBe('use-cases');
    expect(container.querySelector('section')!.className).toContain('dark');
  });
});
