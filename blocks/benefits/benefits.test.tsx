// @vitest-environment jsdom
import { cleanup, screen, within } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import { loadExample, renderBlock } from '../../tests/helpers/render-block.tsx';

afterEach(cleanup);

describe('benefits block', () => {
  it('renders the heading, intro and one card per benefit with an h3', () => {
    renderBlock('benefits');
    screen.getByRole('region', { name: 'Why independent hotels switch to Staylix' });
    screen.getByText('Less admin at the front desk, more time for the guests in front of you.');
    const items = within(screen.getByRole('list')).getAllByRole('listitem');
    expect(items).toHaveLength(4);
    loadExample('benefits').items.forEach((benefit, index) => {
      within(items[index]!).getByRole('heading', { level: 3, name: benefit.title });
      within(items[index]!).getByText(benefit.description);
    });
  });

  it('turns cards with href into link cards named by label and card title', () => {
    renderBlock('benefits');
    const links = screen.getAllByRole('link');
    expect(links.map((link) => [link.textContent, link.getAttribute('href')])).toEqual([
      [
        'See guest chat: Every guest answered in seconds',
        '/solutions/guest-experience/unified-chat',
      ],
      ['Learn more: More revenue from every stay', '/solutions/sales-partner/ai-upsells'],
      ['Learn more: Operations that run themselves', '/solutions/operations/workflows'],
    ]);
    // The title part is only for screen readers; the visible text is the label.
    const hidden = links[1]!.querySelector('.visually-hidden');
    expect(hidden?.textContent).toBe(': More revenue from every stay');
    expect(links[1]!.querySelector('svg')?.getAttribute('aria-hidden')).toBe('true');
  });

  it('renders a card without href as plain content', () => {
    renderBlock('benefits');
    const last = within(screen.getByRole('list')).getAllByRole('listitem')[3]!;
    expect(within(last).queryByRole('link')).toBeNull();
    expect(last.hasAttribute('data-link')).toBe(false);
  });

  it('passes id and tone to the section', () => {
    const { container } = renderBlock('benefits', {
      ...loadExample('benefits'),
      id: 'why',
      tone: 'muted',
    });
    expect(container.querySelector('section')!.id).toBe('why');
    expect(container.querySelector('section')!.className).toContain('muted');
  });
});
