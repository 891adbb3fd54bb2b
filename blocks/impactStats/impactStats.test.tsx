// @vitest-environment jsdom
import { cleanup, screen, within } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import { loadExample, renderBlock } from '../../tests/helpers/render-block.tsx';

afterEach(cleanup);

describe('impactStats block', () => {
  it('renders the section heading and intro', () => {
    renderBlock('impactStats');
    screen.getByRole('region', { name: 'Impact in numbers' });
    screen.getByText('What hotels see after moving their operations to Staylix.');
  });

  it('renders one card per stat whose h3 reads the figure with its label', () => {
    renderBlock('impactStats');
    const items = within(screen.getByRole('list')).getAllByRole('listitem');
    expect(items).toHaveLength(4);
    within(items[0]!).getByRole('heading', { level: 3, name: '+35% Revenue uplift' });
    within(items[2]!).getByRole('heading', { level: 3, name: 'under 55s Booking completion' });
    loadExample('impactStats').items.forEach((stat, index) => {
      expect(within(items[index]!).getByText(stat.value).textContent).toBe(stat.value);
      within(items[index]!).getByText(stat.description);
    });
  });

  it('keeps the dark tone of the example and passes the id', () => {
    const { container } = renderBlock('impactStats', {
      ...loadExample('impactStats'),
      id: 'numbers',
    });
    const section = container.querySelector('section')!;
    expect(section.id).toBe('numbers');
    expect(section.className).toContain('dark');
    expect(section.className).toContain('onDark');
  });

  it('uses three columns for three stats', () => {
    const block = loadExample('impactStats');
    block.items = block.items.slice(0, 3);
    block.tone = undefined;
    const { container } = renderBlock('impactStats', block);
    const list = screen.getByRole('list');
    expect(list.style.getPropertyValue('--cols-lg')).toBe('3');
    expect(container.querySelector('section')!.className).not.toContain('onDark');
  });
});
