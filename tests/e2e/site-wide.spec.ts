import type { Page } from '@playwright/test';
import { blockScheduler, desktop, expect, test } from './support.ts';

/**
 * Spec points that hold on every page, not only on the pages with an interactive block (issue 13):
 * the hero's counting figures from the very first frame (CSS, with every script held back by the
 * network), Back to Top, the header buttons' order, and the landing and video pages' promises. The
 * header's menu timings on a static and an interactive page are in header-menu.spec.ts.
 */

/** The scheduling provider is never reached from tests: its requests hang. */
const holdScheduler = (page: Page) => blockScheduler(page, 'hang');

test.describe('hero stats: 0 from the first frame, the targets from 500 ms on, in CSS', () => {
  test.use({ viewport: desktop });

  /** The counter each figure paints (CSS `counter-reset: stat-count N`), as numbers. */
  const painted = (page: Page) =>
    page
      .locator('[data-hero-stats] [data-stat-value]')
      .evaluateAll((elements) =>
        elements.map((element) =>
          Number(/stat-count (-?\d+)/.exec(getComputedStyle(element).counterReset)?.[1]),
        ),
      );

  test('the first frame that shows the figures shows 0, even while every script is held by the network', async ({
    page,
  }) => {
    await holdScheduler(page);
    // Every script request hangs: whatever the figures show comes from HTML and CSS alone.
    await page.route(/\/assets\/.*\.js$/, () => {});
    // Each figure as it looks in the first frame it is in: on a slow machine the parser can
    // hand over the hero in pieces, so one figure may be painted frames before the next.
    await page.addInitScript(() => {
      const firstSeen = new Map<Element, { counter: string; textFill: string }>();
      const record = () => {
        for (const element of document.querySelectorAll('[data-hero-stats] [data-stat-value]'))
          if (!firstSeen.has(element))
            firstSeen.set(element, {
              counter: getComputedStyle(element).counterReset,
              textFill: getComputedStyle(element).webkitTextFillColor,
            });
        if (firstSeen.size < 4) requestAnimationFrame(record);
      };
      (window as unknown as { firstSeen: typeof firstSeen }).firstSeen = firstSeen;
      requestAnimationFrame(record);
    });
    await page.goto('/', { waitUntil: 'commit' });
    const seen = () =>
      page.evaluate(() => [
        ...(
          window as unknown as { firstSeen: Map<Element, { counter: string; textFill: string }> }
        ).firstSeen.values(),
      ]);
    // The page's arrival is not what is measured: a loaded machine took over 5 s to paint it.
    await expect.poll(async () => (await seen()).length, { timeout: 20_000 }).toBe(4);
    const figures = await seen();
    expect(figures.map((figure) => figure.counter)).toEqual([
      'stat-count 0',
      'stat-count 0',
      'stat-count 0',
      'stat-count 0',
    ]);
    // The final figure in the text is there (crawlers, copy) but not painted.
    for (const figure of figures) expect(figure.textFill).toBe('rgba(0, 0, 0, 0)');
    expect(await page.locator('[data-hero-stats] [data-stat-value]').allTextContents()).toEqual([
      '35',
      '94',
      '55',
      '30',
    ]);
  });

  test('holds 0 for 500 ms, then counts to 35, 94, 55 and 30', async ({ page }) => {
    await holdScheduler(page);
    await page.goto('/', { waitUntil: 'domcontentloaded' });
    // The count's own timeline, paused and moved by hand: no waiting on a real clock.
    const seek = (ms: number) =>
      page.locator('[data-hero-stats] [data-stat-value]').evaluateAll((elements, time) => {
        for (const element of elements)
          for (const animation of element.getAnimations()) {
            animation.pause();
            animation.currentTime = time;
          }
      }, ms);
    const timing = await page
      .locator('[data-hero-stats] [data-stat-value]')
      .first()
      .evaluate((element) => {
        const [animation] = element.getAnimations();
        return animation?.effect?.getComputedTiming();
      });
    expect(timing?.delay).toBe(500);
    await seek(0);
    expect(await painted(page)).toEqual([0, 0, 0, 0]);
    await seek(499);
    expect(await painted(page)).toEqual([0, 0, 0, 0]);
    await seek(700);
    const midway = await painted(page);
    expect(midway[1]).toBeGreaterThan(0);
    expect(midway[1]).toBeLessThan(94);
    await seek(500 + Number(timing!.duration));
    expect(await painted(page)).toEqual([35, 94, 55, 30]);
  });

  test('counts in real time and ends on the targets; screen readers get the final figures only', async ({
    page,
  }) => {
    await holdScheduler(page);
    await page.goto('/');
    await expect.poll(() => painted(page), { timeout: 5000 }).toEqual([35, 94, 55, 30]);
    const snapshot = await page.locator('[data-hero-stats]').ariaSnapshot();
    for (const figure of ['+35%', '94%', '<55s', '30s']) expect(snapshot).toContain(figure);
    expect(snapshot).not.toMatch(/: 0\b|"0"/);
  });

  for (const [name, options] of [
    ['without JavaScript', { javaScriptEnabled: false }],
    ['under prefers-reduced-motion', { reducedMotion: 'reduce' as const }],
  ] as const) {
    test(`${name} the final figures show at once`, async ({ browser }) => {
      const context = await browser.newContext({ viewport: desktop, ...options });
      try {
        const page = await context.newPage();
        await holdScheduler(page);
        await page.goto('/', { waitUntil: 'domcontentloaded' });
        expect(await painted(page)).toEqual([35, 94, 55, 30]);
        expect(
          await page
            .locator('[data-hero-stats] [data-stat-value]')
            .first()
            .evaluate((element) => element.getAnimations().length),
        ).toBe(0);
      } finally {
        await context.close();
      }
    });
  }
});

test.describe('footer: Back to Top', () => {
  test.use({ viewport: desktop });

  test('with the script: a button that scrolls to the top and moves focus there, without #top in the URL', async ({
    page,
  }) => {
    await page.goto('/pricing');
    const button = page.getByRole('button', { name: /Back to Top/ });
    await expect(button).toBeVisible();
    await expect(page.getByRole('link', { name: /Back to Top/ })).toHaveCount(0);
    await button.scrollIntoViewIfNeeded();
    await expect.poll(() => page.evaluate(() => window.scrollY)).toBeGreaterThan(500);
    await button.click();
    await expect.poll(() => page.evaluate(() => window.scrollY)).toBe(0);
    expect(new URL(page.url()).hash).toBe('');
    await expect(page.locator('#top')).toBeFocused();
    // The next Tab starts again at the top of the page.
    await page.keyboard.press('Tab');
    await expect(page.getByRole('link', { name: 'Skip to content' })).toBeFocused();
  });

  test('without JavaScript: the #top link returns to the top of the page', async ({ pageWith }) => {
    const page = await pageWith({ viewport: desktop, javaScriptEnabled: false });
    await page.goto('/pricing');
    await page.evaluate(() => window.scrollTo(0, document.documentElement.scrollHeight));
    await expect.poll(() => page.evaluate(() => window.scrollY)).toBeGreaterThan(500);
    await page.getByRole('link', { name: /Back to Top/ }).click();
    await expect.poll(() => page.evaluate(() => window.scrollY)).toBe(0);
    await expect(page).toHaveURL(/#top$/);
  });
});

test.describe('what the pages say and link to', () => {
  test.use({ viewport: desktop });

  test("the header buttons come in the spec's order: Book a Demo, then Contact", async ({
    page,
  }) => {
    await page.goto('/pricing');
    const buttons = page
      .locator('[data-header] a')
      .filter({ hasText: /^(Book a Demo|Contact)$/, visible: true });
    await expect(buttons).toHaveText(['Book a Demo', 'Contact']);
    expect(
      await buttons.evaluateAll((links) => links.map((link) => link.getAttribute('href'))),
    ).toEqual(['/book-demo', '/contact']);
  });

  test("the landing page's pricing section links to the pricing page", async ({ page }) => {
    await holdScheduler(page);
    await page.goto('/');
    const link = page
      .locator('#pricing')
      .getByRole('link', { name: /Compare every feature on the pricing page/ });
    await expect(link).toHaveAttribute('href', '/pricing');
    await link.click();
    await expect(page).toHaveURL(/\/pricing$/);
    await expect(page.getByRole('table')).toBeVisible();
  });

  test('the videos index says the videos are coming, with no durations and no "Watch" promises', async ({
    page,
  }) => {
    await page.goto('/resources/videos');
    const main = page.getByRole('main');
    await expect(main).toContainText(/coming soon/i);
    const text = (await main.textContent()) ?? '';
    expect(text).not.toMatch(/\b\d+\s*min\b/i);
    expect(text).not.toMatch(/\bwatch\b/i);
    const description =
      (await page.locator('meta[name="description"]').getAttribute('content')) ?? '';
    expect(description).not.toMatch(/\bwatch\b/i);
  });
});
