// @vitest-environment jsdom
import { cleanup, screen } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import { loadExample, renderBlock } from '../../tests/helpers/render-block.tsx';

afterEach(cleanup);

describe('ctaBand block', () => {
  it('renders a labelled band with an h2, the body and the action link', () => {
    const { container } = renderBlock('ctaBand');
    const section = screen.getByRole('region', { name: 'See Staylix running in your hotel' });
    screen.getByRole('heading', { level: 2, name: 'See Staylix running in your hotel' });
    screen.getByText(
      'A 30-minute walkthrough with a hospitality expert, tailored to your property. No credit card required.',
    );
    const links = screen.getAllByRole('link');
    expect(links).toHaveLength(1);
    expect(links[0]!.textContent).toBe('Book a Demo');
    expect(links[0]!.getAttribute('href')).toBe('/book-demo');
    // The arrow is decorative.
    expect(links[0]!.querySelector('svg')?.getAttribute('aria-hidden')).toBe('true');
    // No tone: the brand-blue band.
    expect(section.className).toContain('default');
    expect(container.querySelectorAll('h1, h3')).toHaveLength(0);
  });

  it('defaults the button to Book a Demo → /book-demo when action is absent', () => {
    renderBlock('ctaBand', { type: 'ctaBand', heading: 'Ready to modernise your front desk?' });
    const link = screen.getByRole('link', { name: 'Book a Demo' });
    expect(link.getAttribute('href')).toBe('/book-demo');
    expect(link.getAttribute('data-variant')).toBe('white');
  });

  it('uses the given action, its variant, and the tone and id', () => {
    const { container } = renderBlock('ctaBand', {
      ...loadExample('ctaBand'),
      id: 'book-a-demo',
      tone: 'muted',
      action: { label: 'Talk to Sales', href: '/contact', variant: 'secondary' },
    });
    const link = screen.getByRole('link', { name: 'Talk to Sales' });
    expect(link.getAttribute('href')).toBe('/contact');
    expect(link.getAttribute('data-variant')).toBe('outline');
    expect(screen.queryByRole('link', { name: 'Book a Demo' })).toBeNull();
    const section = container.querySelector('section')!;
    expect(section.id).toBe('book-a-demo');
    expect(section.className).toContain('muted');
  });

  it('uses a filled button on the muted band and a white one on the dark band', () => {
    renderBlock('ctaBand', { ...loadExample('ctaBand'), tone: 'muted' });
    expect(screen.getByRole('link').getAttribute('data-variant')).toBe('filled');
    cleanup();
    renderBlock('ctaBand', { ...loadExample('ctaBand'), tone: 'dark' });
    expect(screen.getByRole('link').getAttribute('data-variant')).toBe('white');
  });
});
