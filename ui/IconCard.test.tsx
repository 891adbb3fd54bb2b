// @vitest-environment jsdom
import { cleanup, render, screen } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import { IconCard, IconCardBody } from './IconCard.tsx';

afterEach(cleanup);

describe('IconCard', () => {
  it('is a link card with href: the link is labelled "Learn more" plus the title, after the children', () => {
    render(
      <ul>
        <IconCard
          index={2}
          icon="bed"
          title="Rooms"
          description="Clean, in order."
          href="/rooms"
          linkLabel="Learn more"
        >
          <p>extra</p>
        </IconCard>
      </ul>,
    );
    const item = screen.getByRole('listitem');
    expect(item.hasAttribute('data-link')).toBe(true);
    expect(item.style.getPropertyValue('--stagger-index')).toBe('2');
    const link = screen.getByRole('link', { name: 'Learn more: Rooms' });
    expect(link.getAttribute('href')).toBe('/rooms');
    expect([...item.children].map((child) => child.tagName)).toEqual(['SPAN', 'H3', 'P', 'P', 'A']);
    expect(link.querySelector('svg')?.getAttribute('aria-hidden')).toBe('true');
  });

  it('takes another link label, and has no link or data-link without href', () => {
    const { rerender } = render(
      <ul>
        <IconCard
          index={0}
          title="Chat"
          description="One inbox."
          href="/chat"
          linkLabel="See chat"
        />
      </ul>,
    );
    screen.getByRole('link', { name: 'See chat: Chat' });
    rerender(
      <ul>
        <IconCard index={0} title="Chat" description="One inbox." />
      </ul>,
    );
    expect(screen.queryByRole('link')).toBeNull();
    expect(screen.getByRole('listitem').hasAttribute('data-link')).toBe(false);
  });

  it('leaves out the icon tile when no icon is given', () => {
    const { container } = render(<IconCardBody title="Fast" description="Very." />);
    expect(container.querySelector('svg')).toBeNull();
    screen.getByRole('heading', { level: 3, name: 'Fast' });
  });
});
