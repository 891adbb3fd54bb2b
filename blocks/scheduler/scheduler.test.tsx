// @vitest-environment jsdom
import { cleanup, fireEvent, screen } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import {
  clearDocument,
  loadExample,
  loadTestConfig,
  mountBlockHtml,
  renderBlock,
} from '../../tests/helpers/render-block.tsx';
import { definition } from './index.tsx';
import {
  enhanceSchedulers,
  SCHEDULER_AFTER_LOAD_MS,
  SCHEDULER_TIMEOUT_MS,
} from './scheduler-enhance.ts';
import { schedulerSrc } from './scheduler-url.ts';

afterEach(() => {
  cleanup();
  clearDocument();
});

/**
 * jsdom has no layout: an IntersectionObserver that reports the frame on screen as soon as it
 * observes it.
 */
class VisibleObserver {
  constructor(private readonly callback: IntersectionObserverCallback) {}
  observe(target: Element) {
    this.callback(
      [{ isIntersecting: true, target } as IntersectionObserverEntry],
      this as unknown as IntersectionObserver,
    );
  }
  disconnect() {}
  unobserve() {}
  takeRecords() {
    return [];
  }
}

describe('scheduler block', () => {
  const config = loadTestConfig();

  it('builds the provider URL with the embed options the block asks for', () => {
    const home = new URL(schedulerSrc(config, { type: 'scheduler', hideDetails: true }));
    expect(home.origin + home.pathname).toBe(config.scheduler.url);
    expect(home.searchParams.get('hide_landing_page_details')).toBe('1');
    expect(home.searchParams.get('hide_event_type_details')).toBeNull();
    expect(home.searchParams.get('hide_gdpr_banner')).toBe('1');
    const contact = new URL(
      schedulerSrc(config, { type: 'scheduler', hideEventTypeDetails: true }),
    );
    expect(contact.searchParams.get('hide_event_type_details')).toBe('1');
    expect(contact.searchParams.get('hide_landing_page_details')).toBeNull();
  });

  it('renders a lazy, titled inline frame 700 px high with a 320 px minimum width', () => {
    const container = mountBlockHtml('scheduler');
    const noscript = document.createElement('template');
    noscript.innerHTML = container.querySelector('noscript')!.innerHTML;
    const frame = noscript.content.querySelector('iframe')!;
    expect(frame.getAttribute('src')).toBe(schedulerSrc(config, loadExample('scheduler')));
    expect(frame.getAttribute('loading')).toBe('lazy');
    expect(frame.getAttribute('height')).toBe('700');
    expect(frame.getAttribute('title')).toBe('Book a demo with Staylix: scheduling calendar');
    const box = container.querySelector<HTMLElement>('[data-scheduler]')!;
    expect(box.style.getPropertyValue('--scheduler-height')).toBe('700px');
    expect(box.style.getPropertyValue('--scheduler-min-width')).toBe('320px');
  });

  it('puts the frame in the server HTML for visitors without JavaScript, next to the fallback link', async () => {
    const { renderToString } = await import('react-dom/server');
    const { MantineProvider } = await import('@mantine/core');
    const { Scheduler } = await import('./Scheduler.tsx');
    const html = renderToString(
      <MantineProvider>
        <Scheduler block={loadExample('scheduler')} context={{ config }} />
      </MantineProvider>,
    );
    expect(html).toMatch(/<noscript[^>]*><iframe [^>]*loading="lazy"[^>]*><\/iframe><\/noscript>/);
    expect(html).toContain('>Open the booking page</a>');
  });

  it('always carries a plain link to the booking page', () => {
    renderBlock('scheduler');
    const links = screen.getAllByRole('link', { name: 'Open the booking page' });
    expect(links.length).toBeGreaterThanOrEqual(1);
    expect(links.every((link) => link.getAttribute('href') === config.scheduler.url)).toBe(true);
    expect(screen.getByText('Loading the booking calendar…')).toBeTruthy();
  });

  it('uses an h1 when headingLevel is 1, an h2 otherwise', () => {
    renderBlock('scheduler', { type: 'scheduler', heading: 'Book a Demo', headingLevel: 1 });
    expect(screen.getByRole('heading', { level: 1 }).textContent).toBe('Book a Demo');
    cleanup();
    renderBlock('scheduler');
    expect(screen.getByRole('heading', { level: 2 }).textContent).toBe('Book a demo');
  });

  it('is interactive', () => {
    expect(definition.isInteractive?.(loadExample('scheduler'))).toBe(true);
  });

  describe('in the browser (scheduler-enhance.ts)', () => {
    beforeEach(() => {
      vi.useFakeTimers();
      vi.stubGlobal('IntersectionObserver', VisibleObserver);
    });
    afterEach(() => {
      vi.useRealTimers();
      vi.unstubAllGlobals();
    });

    /** The prerendered block with its enhancement script run on it. */
    const enhancedScheduler = () => {
      const container = mountBlockHtml('scheduler');
      enhanceSchedulers(document);
      return {
        container,
        box: container.querySelector<HTMLElement>('[data-scheduler]')!,
        frame: () => container.querySelector<HTMLIFrameElement>('iframe[data-scheduler-frame]'),
      };
    };

    it('mounts the frame of the <noscript>, with the same attributes', () => {
      const { frame, box, container } = enhancedScheduler();
      const noscript = document.createElement('template');
      noscript.innerHTML = container.querySelector('noscript')!.innerHTML;
      const original = noscript.content.querySelector('iframe')!;
      const attributes = (element: Element) =>
        Object.fromEntries(
          [...element.attributes].map((attribute) => [attribute.name, attribute.value]),
        );
      expect(attributes(frame()!)).toEqual(attributes(original));
      expect(frame()?.getAttribute('src')).toBe(schedulerSrc(config, loadExample('scheduler')));
      expect(frame()?.getAttribute('loading')).toBe('lazy');
      expect(frame()?.getAttribute('title')).toBe('Book a demo with Staylix: scheduling calendar');
      expect(box.dataset.status).toBe('loading');
      expect(screen.getByText('Loading the booking calendar…')).toBeTruthy();
      expect(screen.queryByRole('button', { name: 'Try again' })).toBeNull(); // hidden until the provider fails
    });

    it('replaces the frame with the link, a message and Try again after 10 s on screen without a word from the provider', () => {
      const { frame, box } = enhancedScheduler();
      vi.advanceTimersByTime(SCHEDULER_TIMEOUT_MS - 1);
      expect(frame()).toBeTruthy();
      vi.advanceTimersByTime(1);
      expect(frame()).toBeNull();
      expect(box.dataset.status).toBe('unavailable');
      expect(screen.getByRole('alert').textContent).toMatch(/could not be loaded/);
      expect(screen.getByRole('link', { name: 'Open the booking page' })).toBeTruthy();
      expect(document.querySelector<HTMLElement>('[data-scheduler-note]')?.hidden).toBe(true);
      fireEvent.click(screen.getByRole('button', { name: 'Try again' }));
      expect(frame()).toBeTruthy();
      expect(box.dataset.status).toBe('loading');
      expect(screen.queryByRole('alert')).toBeNull();
      vi.advanceTimersByTime(SCHEDULER_TIMEOUT_MS);
      expect(box.dataset.status).toBe('unavailable');
    });

    it('gives up sooner once the frame has loaded something that never talks (a browser error page)', () => {
      const { frame, box } = enhancedScheduler();
      fireEvent.load(frame()!);
      vi.advanceTimersByTime(SCHEDULER_AFTER_LOAD_MS);
      expect(box.dataset.status).toBe('unavailable');
    });

    it('keeps the frame once the provider posts a message from it', () => {
      const { frame, box } = enhancedScheduler();
      window.dispatchEvent(
        new MessageEvent('message', {
          origin: new URL(config.scheduler.url).origin,
          source: frame()!.contentWindow,
          data: { event: 'calendly.event_type_viewed' },
        }),
      );
      expect(box.dataset.status).toBe('ready');
      vi.advanceTimersByTime(SCHEDULER_TIMEOUT_MS * 2);
      expect(frame()).toBeTruthy();
    });

    it('ignores messages from other origins', () => {
      const { frame, box } = enhancedScheduler();
      window.dispatchEvent(
        new MessageEvent('message', {
          origin: 'https://example.com',
          source: frame()!.contentWindow,
          data: {},
        }),
      );
      vi.advanceTimersByTime(SCHEDULER_TIMEOUT_MS);
      expect(box.dataset.status).toBe('unavailable');
    });
  });
});
