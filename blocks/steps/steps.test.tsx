// @vitest-environment jsdom
import { cleanup, screen, within } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import { loadExample, renderBlock } from '../../tests/helpers/render-block.tsx';

afterEach(cleanup);

describe('steps block', () => {
  it('renders the heading, the intro and an ordered list of steps', () => {
    renderBlock('steps');
    screen.getByRole('heading', { level: 2, name: 'Go live in under a week' });
    screen.getByText(
      'A hospitality specialist sets everything up with you. No credit card required.',
    );
    const list = screen.getByRole('list');
    expect(list.tagName).toBe('OL');
    expect(within(list).getAllByRole('listitem')).toHaveLength(4);
  });

  it('shows a visible number and an h3 for every step, in order', () => {
    renderBlock('steps');
    const example = loadExample('steps');
    const items = within(screen.getByRole('list')).getAllByRole('listitem');
    items.forEach((item, index) => {
      const step = example.items[index]!;
      const number = item.firstElementChild!;
      expect(number.textContent).toBe(`Step ${index + 1}`);
      expect(number.querySelector('.visually-hidden')?.textContent).toBe('Step ');
      within(item).getByRole('heading', { level: 3, name: step.title });
      within(item).getByText(step.description);
    });
  });

  it('lays out as many columns as fit and passes id and tone', () => {
    const block = { ...loadExample('steps'), id: 'how-it-works', tone: 'muted' as const };
    block.items = block.items.slice(0, 3);
    const { container } = renderBlock('steps', block);
    const list = screen.getByRole('list');
    expect(list.getAttribute('data-lg')).toBe('3');
    expect(list.getAttribute('data-md')).toBe('3');
    const section = container.querySelector('section')!;
    expect(section.id).toBe('how-it-works');
    expect(section.className).toContain('muted');
  });
});
