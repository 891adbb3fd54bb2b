// @vitest-environment jsdom
import { cleanup, screen } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import { loadExample, renderBlock } from '../../tests/helpers/render-block.tsx';

describe('notFound', () => {
  afterEach(cleanup);

  it('renders the page headline as the only h1, the sentence and the way home', () => {
    const { container } = renderBlock('notFound');
    const h1s = container.querySelectorAll('h1');
    expect(h1s).toHaveLength(1);
    expect(screen.getByRole('heading', { level: 1, name: 'Oops! Page not found' })).toBeTruthy();
    expect(screen.getByText(/does not exist or has moved/)).toBeTruthy();
    const link = screen.getByRole('link', { name: 'Return to Home' });
    expect(link.getAttribute('href')).toBe('/');
    // The big "404" is decoration: hidden from assistive technology.
    expect(screen.getByText('404').getAttribute('aria-hidden')).toBe('true');
  });

  it('uses the action from the block and respects id and tone', () => {
    const block = loadExample('notFound');
    const { container } = renderBlock('notFound', {
      ...block,
      id: 'missing',
      tone: 'muted',
      action: { label: 'See pricing', href: '/pricing' },
    });
    expect(screen.getByRole('link', { name: 'See pricing' }).getAttribute('href')).toBe('/pricing');
    const section = container.querySelector('section')!;
    expect(section.id).toBe('missing');
    expect(section.className).toContain('muted');
  });
});
