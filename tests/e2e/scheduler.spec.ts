import {
  blockScheduler,
  desktop,
  enhanced,
  expect,
  pauseClock,
  schedulerUrl,
  test,
} from './support.ts';
import type { Page } from '@playwright/test';

/**
 * The inline scheduling widget (site-spec §4): lazy frame with each page's embed options, the
 * fallback link while it loads, the timeout when the provider cannot be reached, the no-JS frame.
 * The provider is never reached: its requests hang, fail or get a stand-in page (support.ts).
 */

test.describe('scheduling widget', () => {
  test.use({ viewport: desktop });

  const frameOf = (page: Page) => page.locator('iframe[data-scheduler-frame]');

  test('inline, lazy, 700 px high, at least 320 px wide, with the embed options of each page', async ({
    page,
  }) => {
    await blockScheduler(page);
    const expectations: Array<[string, Record<string, string | null>]> = [
      [
        '/',
        { hide_landing_page_details: '1', hide_event_type_details: null, hide_gdpr_banner: '1' },
      ],
      [
        '/book-demo',
        { hide_landing_page_details: null, hide_event_type_details: null, hide_gdpr_banner: '1' },
      ],
      [
        '/contact',
        { hide_landing_page_details: null, hide_event_type_details: '1', hide_gdpr_banner: '1' },
      ],
    ];
    for (const [route, params] of expectations) {
      await page.goto(route, { waitUntil: 'domcontentloaded' });
      await enhanced(page);
      const frame = frameOf(page);
      await expect(frame).toHaveCount(1);
      await expect(frame).toHaveAttribute('loading', 'lazy');
      await expect(frame).toHaveAttribute('title', /scheduling calendar/);
      const src = new URL((await frame.getAttribute('src'))!);
      expect(`${src.origin}${src.pathname}`).toBe(schedulerUrl);
      for (const [name, value] of Object.entries(params))
        expect(src.searchParams.get(name), `${route} ${name}`).toBe(value);
      await frame.scrollIntoViewIfNeeded();
      const size = await frame.evaluate((element) => ({
        height: element.getBoundingClientRect().height,
        minWidth: getComputedStyle(element).minWidth,
      }));
      expect(size).toEqual({ height: 700, minWidth: '320px' });
    }
    // (Not `load`: the frame's request hangs, and a page waits for its frames.)
    await page.goto('/book-demo', { waitUntil: 'domcontentloaded' });
    await expect(page.getByRole('heading', { level: 1 })).toHaveText('Book a Demo');
  });

  test('while it loads, the visitor sees a plain link to the booking page, never an empty box', async ({
    page,
  }) => {
    await blockScheduler(page, 'hang');
    await page.goto('/book-demo', { waitUntil: 'domcontentloaded' });
    await enhanced(page);
    const box = page.locator('[data-scheduler]');
    await expect(box).toHaveAttribute('data-status', 'loading');
    await expect(box.getByText('Loading the booking calendar…')).toBeVisible();
    const link = box.getByRole('link', { name: 'Open the booking page' });
    await expect(link).toBeVisible();
    await link.scrollIntoViewIfNeeded();
    expect(await link.getAttribute('href')).toBe(schedulerUrl);
    // Until the provider answers, the frame is invisible and lets clicks through: the link works,
    // and a browser error page for an unreachable provider is never shown.
    const hit = await link.evaluate((element) => {
      const rect = element.getBoundingClientRect();
      const top = document.elementFromPoint(rect.x + rect.width / 2, rect.y + rect.height / 2);
      return top?.closest('a') === element;
    });
    expect(hit).toBe(true);
    expect(await frameOf(page).evaluate((element) => getComputedStyle(element).opacity)).toBe('0');
  });

  test('when the provider cannot be reached, the frame gives way to the link and a message after 10 s', async ({
    page,
  }) => {
    await blockScheduler(page, 'hang');
    await pauseClock(page);
    await page.goto('/book-demo', { waitUntil: 'domcontentloaded' });
    await enhanced(page);
    await frameOf(page).scrollIntoViewIfNeeded();
    await page.clock.runFor(9_900);
    await expect(frameOf(page)).toHaveCount(1);
    await page.clock.runFor(200);
    await expect(frameOf(page)).toHaveCount(0);
    const box = page.locator('[data-scheduler]');
    await expect(box).toHaveAttribute('data-status', 'unavailable');
    await expect(box.getByRole('alert')).toContainText('could not be loaded');
    await expect(box.getByRole('link', { name: 'Open the booking page' })).toBeVisible();
    await box.getByRole('button', { name: 'Try again' }).click();
    await expect(frameOf(page)).toHaveCount(1);
  });

  test('a frame that loads an error page (provider unreachable) gives way soon after it loads', async ({
    page,
  }) => {
    await blockScheduler(page, 'abort');
    await page.goto('/book-demo');
    await enhanced(page);
    await frameOf(page).scrollIntoViewIfNeeded();
    await expect(page.locator('[data-scheduler]')).toHaveAttribute('data-status', 'unavailable', {
      timeout: 12_000,
    });
    await expect(
      page.locator('[data-scheduler]').getByRole('link', { name: 'Open the booking page' }),
    ).toBeVisible();
  });

  test('without JavaScript the frame is in the page, over the same fallback link', async ({
    pageWith,
  }) => {
    const page = await pageWith({ viewport: desktop, javaScriptEnabled: false }, 'widget');
    await page.goto('/book-demo');
    const frame = frameOf(page);
    await expect(frame).toBeVisible();
    await expect(frame).toHaveAttribute('loading', 'lazy');
    expect(await frame.evaluate((element) => element.getBoundingClientRect().height)).toBe(700);
    await expect(
      page.frameLocator('iframe[data-scheduler-frame]').getByText('Pick a time'),
    ).toBeVisible();
    await expect(page.getByRole('link', { name: 'Open the booking page' }).last()).toBeVisible();
  });

  test('a widget that talks back stays', async ({ page }) => {
    await blockScheduler(page, 'widget');
    await pauseClock(page);
    await page.goto('/book-demo');
    await enhanced(page);
    await frameOf(page).scrollIntoViewIfNeeded();
    await expect(page.locator('[data-scheduler]')).toHaveAttribute('data-status', 'ready');
    await expect
      .poll(() => frameOf(page).evaluate((element) => getComputedStyle(element).opacity))
      .toBe('1');
    await page.clock.runFor(20_000);
    await expect(frameOf(page)).toHaveCount(1);
    await expect(
      page.frameLocator('iframe[data-scheduler-frame]').getByText('Pick a time'),
    ).toBeVisible();
  });
});
