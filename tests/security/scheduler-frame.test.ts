// @vitest-environment jsdom
import { afterEach, describe, expect, it, vi } from 'vitest';
import { enhanceSchedulers } from '../../blocks/scheduler/scheduler-enhance.ts';

/**
 * The scheduler's enhancement script takes the frame's attributes from data-frame: an address that
 * the validator would refuse never becomes a frame, and no attribute beyond the known ones is
 * copied (no onload, no srcdoc). The real-browser version of this test is
 * tests/e2e/security.spec.ts.
 */
function mount(frame: Record<string, string>) {
  document.body.innerHTML = `<div data-scheduler data-status="loading" data-frame="${JSON.stringify(frame).replace(/&/g, '&amp;').replace(/"/g, '&quot;')}">
      <p data-scheduler-message data-loading-text="Loading" data-unavailable-text="The booking calendar could not be loaded here.">Loading</p>
      <a href="https://cal.com/acme" data-scheduler-link>Open the booking page</a>
      <button type="button" hidden data-scheduler-retry>Try again</button>
      <noscript data-scheduler-noscript></noscript>
    </div>`;
  enhanceSchedulers(document);
  return {
    box: document.querySelector<HTMLElement>('[data-scheduler]')!,
    frame: document.querySelector('iframe'),
  };
}

afterEach(() => {
  document.body.innerHTML = '';
  vi.useRealTimers();
});

describe('scheduler frame address', () => {
  it.each([
    'javascript:alert(1)',
    'JAVASCRIPT:alert(1)',
    'java\tscript:alert(1)',
    'data:text/html,<script>alert(1)</script>',
    'http://cal.com/acme',
    '//cal.com/acme',
    '/book-demo',
  ])('never mounts %j, and says the calendar could not be loaded', (src) => {
    const { box, frame } = mount({ src, title: 'Booking calendar' });
    expect(frame).toBeNull();
    expect(box.dataset.status).toBe('unavailable');
    expect(box.querySelector('[data-scheduler-message]')!.textContent).toContain(
      'could not be loaded',
    );
    expect(box.querySelector<HTMLButtonElement>('[data-scheduler-retry]')!.hidden).toBe(true);
  });

  it('copies only the known attributes of an https frame', () => {
    vi.useFakeTimers();
    const { frame } = mount({
      src: 'https://cal.com/acme',
      title: 'Booking calendar',
      onload: 'alert(1)',
      srcdoc: '<script>alert(1)</script>',
      className: 'frame',
    });
    expect(frame).not.toBeNull();
    expect(
      Object.fromEntries(
        [...frame!.attributes].map((attribute) => [attribute.name, attribute.value]),
      ),
    ).toEqual({ src: 'https://cal.com/acme', title: 'Booking calendar', class: 'frame' });
  });

  it('ignores a data-frame that is not JSON', () => {
    document.body.innerHTML =
      '<div data-scheduler data-frame="{not json"><p data-scheduler-message data-unavailable-text="x"></p><button data-scheduler-retry hidden></button><noscript data-scheduler-noscript></noscript></div>';
    expect(() => enhanceSchedulers(document)).not.toThrow();
    expect(document.querySelector('iframe')).toBeNull();
  });
});
