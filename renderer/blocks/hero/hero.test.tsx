// @vitest-environment jsdom
import { cleanup, screen, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { clearDocument, loadExample, mountBlockHtml, renderBlock } from '../../../tests/helpers/render-block.tsx';
import { countUp, STATS_COUNT_UP_MS, STATS_DELAY_MS } from './count-up.ts';
import { definition } from './index.tsx';
import { enhanceHeroStats } from './stats-enhance.ts';

afterEach(() => {
  cleanup();
  clearDocument();
});

describe('hero block', () => {
  it('renders the badge, the h1 title, subtitle, chips, buttons and notes', () => {
    renderBlock('hero');
    expect(screen.getByRole('heading', { level: 1 }).textContent).toBe('The AI-Powered PMS That Talks to Your Guests');
    expect(screen.getByText('Your All-in-One Hotel OS')).toBeTruthy();
    expect(screen.getByText(/Built for fast-growing independent hotels/)).toBeTruthy();
    const chips = within(screen.getByRole('list', { name: 'Highlights' })).getAllByRole('listitem');
    expect(chips.map((chip) => chip.textContent)).toEqual(['Bookings', 'AI Upsells', 'Guest Chat']);
    const links = screen.getAllByRole('link');
    expect(links.map((link) => [link.textContent, link.getAttribute('href'), link.getAttribute('data-variant')])).toEqual([
      ['Book a Demo', '#book-a-demo', 'filled'],
      ['Explore Features', '#features', 'default'],
    ]);
    expect(screen.getByText('No credit card required').closest('li')?.querySelector('svg[aria-hidden="true"]')).toBeTruthy();
  });

  it('labels the section with its title', () => {
    const { container } = renderBlock('hero');
    const section = container.querySelector('section')!;
    expect(section.getAttribute('aria-labelledby')).toBe(screen.getByRole('heading', { level: 1 }).id);
  });

  it('is interactive only when it has stats', () => {
    const block = loadExample('hero');
    expect(definition.isInteractive?.(block)).toBe(true);
    expect(definition.isInteractive?.({ ...block, stats: undefined })).toBe(false);
  });

  it('omits what the YAML leaves out', () => {
    const { container } = renderBlock('hero', { type: 'hero', title: 'Hotels' });
    expect(container.querySelectorAll('ul, dl, a')).toHaveLength(0);
    expect(screen.getByRole('heading', { level: 1 }).textContent).toBe('Hotels');
  });
});

describe('hero stats', () => {
  beforeEach(() => {
    vi.useFakeTimers({ toFake: ['requestAnimationFrame', 'cancelAnimationFrame', 'performance', 'Date', 'setTimeout'] });
  });
  afterEach(() => vi.useRealTimers());

  const figures = (container: HTMLElement) => [...container.querySelectorAll<HTMLElement>('[data-stat-value]')].map((element) => element.dataset.value);

  it('server-renders the final figures, with labels, for crawlers and visitors without JavaScript', async () => {
    const { renderToString } = await import('react-dom/server');
    const { MantineProvider } = await import('@mantine/core');
    const { Hero } = await import('./Hero.tsx');
    const { loadTestConfig } = await import('../../../tests/helpers/render-block.tsx');
    const html = renderToString(
      <MantineProvider>
        <Hero block={loadExample('hero')} context={{ config: loadTestConfig(), route: '/' }} />
      </MantineProvider>,
    );
    for (const figure of ['+35%', '94%', '&lt;55s', '30s']) expect(html).toContain(figure);
    for (const label of ['Revenue Uplift', 'Guest Queries Automated', 'Booking Completion', 'AI Check-In']) expect(html).toContain(label);
  });

  /** The prerendered hero with its enhancement script run on it, as in the browser. */
  const enhancedHero = () => {
    const container = mountBlockHtml('hero');
    enhanceHeroStats(document);
    return container;
  };

  it('shows 0 once the script runs, then counts up to 35, 94, 55 and 30 from 500 ms on', () => {
    const container = enhancedHero();
    expect(figures(container)).toEqual(['0', '0', '0', '0']);
    vi.advanceTimersByTime(STATS_DELAY_MS - 20);
    expect(figures(container)).toEqual(['0', '0', '0', '0']);
    vi.advanceTimersByTime(STATS_COUNT_UP_MS / 4);
    const midway = figures(container).map(Number);
    expect(midway[0]).toBeGreaterThan(0);
    expect(midway[0]).toBeLessThan(35);
    vi.advanceTimersByTime(STATS_COUNT_UP_MS);
    expect(figures(container)).toEqual(['35', '94', '55', '30']);
    expect(container.querySelector('dl')?.textContent).toContain('+35%');
  });

  it('gives screen readers the final figure once and hides the counting one', () => {
    const { container } = renderBlock('hero');
    const figure = container.querySelector('dd')!;
    expect(figure.querySelector('[aria-hidden="true"] [data-stat-value]')).toBeTruthy();
    expect(figure.querySelector('.visually-hidden')?.textContent).toBe('+35%');
    expect([...container.querySelectorAll('dt')].map((term) => term.textContent)).toEqual(['Revenue Uplift', 'Guest Queries Automated', 'Booking Completion', 'AI Check-In']);
  });

  it('keeps the final figures under prefers-reduced-motion', () => {
    const original = window.matchMedia;
    window.matchMedia = ((query: string) => ({ ...original(query), matches: query.includes('reduce') })) as typeof window.matchMedia;
    try {
      const container = enhancedHero();
      vi.advanceTimersByTime(STATS_DELAY_MS);
      expect(figures(container)).toEqual(['35', '94', '55', '30']);
    } finally {
      window.matchMedia = original;
    }
  });

  it('countUp holds 0 for the delay and lands exactly on the targets', () => {
    const frames: number[][] = [];
    const stop = countUp([35, 94], (values) => frames.push(values));
    vi.advanceTimersByTime(STATS_DELAY_MS - 1);
    expect(frames.every((values) => values.every((value) => value === 0))).toBe(true);
    vi.advanceTimersByTime(STATS_COUNT_UP_MS + 50);
    expect(frames.at(-1)).toEqual([35, 94]);
    const count = frames.length;
    vi.advanceTimersByTime(1000);
    expect(frames.length).toBe(count);
    stop();
  });
});
