import { desktop, expect, openEnhanced, phone, test } from './support.ts';

/**
 * Getting around: landing on a #hash (smooth or instant), the 404 page, the skip link and a visible
 * focus ring on every control the keyboard reaches. Back to Top, with and without the script, is in
 * site-wide.spec.ts.
 */

test.describe('landing #hash', () => {
  test.use({ viewport: desktop });

  for (const reducedMotion of ['no-preference', 'reduce'] as const) {
    test(`on load, scrolls ${reducedMotion === 'reduce' ? 'instantly' : 'smoothly'} to the #hash target (${reducedMotion})`, async ({
      pageWith,
    }) => {
      const page = await pageWith({ viewport: desktop, reducedMotion }, 'hang');
      await page.addInitScript(() => {
        const calls: Array<{ id: string; behavior?: string }> = [];
        (window as unknown as { scrollCalls: typeof calls }).scrollCalls = calls;
        const original = Element.prototype.scrollIntoView;
        Element.prototype.scrollIntoView = function (
          this: Element,
          options?: boolean | ScrollIntoViewOptions,
        ) {
          calls.push({
            id: this.id,
            behavior: typeof options === 'object' ? options.behavior : undefined,
          });
          return original.call(this, options);
        };
      });
      await page.goto('/#faq', { waitUntil: 'domcontentloaded' });
      await expect
        .poll(() =>
          page.evaluate(() => (window as unknown as { scrollCalls: unknown[] }).scrollCalls),
        )
        .toEqual([{ id: 'faq', behavior: reducedMotion === 'reduce' ? 'auto' : 'smooth' }]);
      await expect
        .poll(
          () =>
            page
              .locator('#faq')
              .evaluate((element) => Math.round(element.getBoundingClientRect().top)),
          { timeout: 5000 },
        )
        .toBeLessThan(100);
      expect(
        await page.locator('#faq').evaluate((element) => element.getBoundingClientRect().top),
      ).toBeGreaterThanOrEqual(0);
    });
  }
});

test.describe('not found', () => {
  test.use({ viewport: desktop });

  test('an unknown path answers 404 with the not-found page and tells the console the path, as a warning', async ({
    page,
  }) => {
    const warnings: string[] = [];
    page.on('console', (message) => {
      if (message.type() === 'warning') warnings.push(message.text());
    });
    const response = await page.goto('/no/such-page');
    expect(response?.status()).toBe(404);
    await expect(page.getByRole('heading', { level: 1 })).toHaveText('Oops! Page not found');
    await expect(
      page.getByRole('main').getByRole('link', { name: 'Return to Home' }),
    ).toHaveAttribute('href', '/');
    await expect.poll(() => warnings).toContain('404: no page at /no/such-page');
  });
});

test.describe('skip link and focus', () => {
  test('the first Tab shows a skip link that moves focus to the main content', async ({ page }) => {
    await page.setViewportSize(phone);
    await page.goto('/pricing');
    await page.keyboard.press('Tab');
    const skip = page.getByRole('link', { name: 'Skip to content' });
    await expect(skip).toBeFocused();
    await expect(skip).toBeInViewport();
    await page.keyboard.press('Enter');
    await expect(page).toHaveURL(/#main$/);
    await expect(page.locator('main')).toBeFocused();
  });

  test('focus is visible on links, buttons and summaries', async ({ page }) => {
    await page.setViewportSize(desktop);
    await openEnhanced(page, '/');
    const outlines: string[] = [];
    for (let index = 0; index < 16; index++) {
      await page.keyboard.press('Tab');
      outlines.push(
        await page.evaluate(() => {
          const element = document.activeElement as HTMLElement;
          // A card link may draw its focus ring around the whole card with an ::after overlay.
          const styles = [getComputedStyle(element), getComputedStyle(element, '::after')];
          const style = styles.find((candidate) => candidate.outlineStyle !== 'none') ?? styles[0]!;
          return `${element.tagName}.${element.className}:${style.outlineStyle}:${style.outlineWidth}`;
        }),
      );
    }
    for (const outline of outlines) {
      const [, style, width] = outline.split(':').slice(-3);
      expect(style, outline).not.toBe('none');
      expect(Number.parseFloat(width!), outline).toBeGreaterThanOrEqual(2);
    }
  });
});
