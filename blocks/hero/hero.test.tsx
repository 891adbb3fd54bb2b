// @vitest-environment jsdom
import { cleanup, screen, within } from '@testing-library/react';
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { clearDocument, loadExample, renderBlock } from '../../tests/helpers/render-block.tsx';
import { definition } from './index.tsx';

afterEach(() => {
  cleanup();
  clearDocument();
});

describe('hero block', () => {
  it('renders the badge, the h1 title, subtitle, chips, buttons and notes', () => {
    renderBlock('hero');
    expect(screen.getByRole('heading', { level: 1 }).textContent).toBe(
      'The AI-Powered PMS That Talks to Your Guests',
    );
    expect(screen.getByText('Your All-in-One Hotel OS')).toBeTruthy();
    expect(screen.getByText(/Built for fast-growing independent hotels/)).toBeTruthy();
    const chips = within(screen.getByRole('list', { name: 'Highlights' })).getAllByRole('listitem');
    expect(chips.map((chip) => chip.textContent)).toEqual(['Bookings', 'AI Upsells', 'Guest Chat']);
    const links = screen.getAllByRole('link');
    expect(
      links.map((link) => [
        link.textContent,
        link.getAttribute('href'),
        link.getAttribute('data-variant'),
      ]),
    ).toEqual([
      ['Book a Demo', '#book-a-demo', 'filled'],
      ['Explore Features', '#features', 'default'],
    ]);
    expect(
      screen
        .getByText('No credit card required')
        .closest('li')
        ?.querySelector('svg[aria-hidden="true"]'),
    ).toBeTruthy();
  });

  it('labels the section with its title', () => {
    const { container } = renderBlock('hero');
    const section = container.querySelector('section')!;
    expect(section.getAttribute('aria-labelledby')).toBe(
      screen.getByRole('heading', { level: 1 }).id,
    );
  });

  it('needs no script, stats or not: the figures count in CSS', () => {
    expect(definition.isInteractive).toBeUndefined();
  });

  it('omits what the YAML leaves out', () => {
    const { container } = renderBlock('hero', { type: 'hero', title: 'Hotels' });
    expect(container.querySelectorAll('ul, dl, a')).toHaveLength(0);
    expect(screen.getByRole('heading', { level: 1 }).textContent).toBe('Hotels');
  });
});

describe('hero stats', () => {
  it('server-renders the final figures, with labels, for crawlers and visitors without JavaScript', async () => {
    const { renderToString } = await import('react-dom/server');
    const { MantineProvider } = await import('@mantine/core');
    const { Hero } = await import('./Hero.tsx');
    const { loadTestConfig } = await import('../../tests/helpers/render-block.tsx');
    const html = renderToString(
      <MantineProvider>
        <Hero block={loadExample('hero')} context={{ config: loadTestConfig() }} />
      </MantineProvider>,
    );
    for (const figure of ['+35%', '94%', '&lt;55s', '30s']) expect(html).toContain(figure);
    for (const label of [
      'Revenue Uplift',
      'Guest Queries Automated',
      'Booking Completion',
      'AI Check-In',
    ])
      expect(html).toContain(label);
  });

  it('gives screen readers the final figure once and hides the counting one', () => {
    const { container } = renderBlock('hero');
    const figure = container.querySelector('dd')!;
    expect(figure.querySelector('[aria-hidden="true"] [data-stat-value]')).toBeTruthy();
    expect(figure.querySelector('.visually-hidden')?.textContent).toBe('+35%');
    expect([...container.querySelectorAll('dt')].map((term) => term.textContent)).toEqual([
      'Revenue Uplift',
      'Guest Queries Automated',
      'Booking Completion',
      'AI Check-In',
    ]);
  });

  it('each counting number carries its target for the CSS counter, and its text is the final figure', () => {
    const { container } = renderBlock('hero');
    const numbers = [...container.querySelectorAll<HTMLElement>('[data-stat-value]')];
    expect(
      numbers.map((element) => [
        element.textContent,
        element.style.getPropertyValue('--stat-target'),
      ]),
    ).toEqual([
      ['35', '35'],
      ['94', '94'],
      ['55', '55'],
      ['30', '30'],
    ]);
  });

  it('counts in CSS: 0 from the first frame, a 500 ms hold, final at once without JavaScript or with reduced motion', () => {
    const css = readFileSync(path.join(import.meta.dirname, 'Hero.module.css'), 'utf8');
    expect(css).toMatch(
      /@property --stat-count \{ syntax: '<integer>'; inherits: false; initial-value: 0; \}/,
    );
    expect(css).toMatch(/animation: hero-stat-count [\d.]+s [^;]+ 0\.5s both;/);
    expect(css).toMatch(
      /from \{ --stat-count: 0; \}\s*to \{ --stat-count: var\(--stat-target\); \}/,
    );
    expect(css).toMatch(
      /@media \(scripting: none\), \(prefers-reduced-motion: reduce\) \{\s*\.statValue \{ animation: none; \}/,
    );
  });
});
