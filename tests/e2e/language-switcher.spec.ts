import type { Page } from '@playwright/test';
import { blockScheduler, desktop, expect, phone, test } from './support.ts';

/**
 * The language switcher (plain links, no JavaScript): in the header's bar at 1280 px, in the mobile
 * menu at 390 px. It leads to the same page in the other language, or, where that page is not
 * translated, to that language's home, and says so in that language.
 */
const html = (page: Page) => page.locator('html');

/**
 * Opens the switcher of the width in use and follows the link to `language` (its label in its own
 * language).
 */
async function switchTo(page: Page, width: 'desktop' | 'phone', language: string) {
  if (width === 'desktop') {
    const switcher = page.locator('header [data-language-switcher]');
    await switcher.locator('summary').click();
    await switcher.getByRole('link', { name: language }).click();
  } else {
    const menu = page.locator('[data-mobile-menu]');
    await menu.locator(':scope > summary').click();
    const link = menu.locator('a[hreflang]').filter({ hasText: language });
    await link.scrollIntoViewIfNeeded();
    await link.click();
  }
}

for (const [width, viewport] of [
  ['desktop', desktop],
  ['phone', phone],
] as const) {
  test.describe(`language switcher (${viewport.width} px)`, () => {
    test.use({ viewport });
    test.beforeEach(async ({ page }) => blockScheduler(page));

    test('English → German → English, on the same page', async ({ page }) => {
      await page.goto('/pricing');
      await switchTo(page, width, 'Deutsch');
      await expect(page).toHaveURL(/\/de\/pricing$/);
      await expect(html(page)).toHaveAttribute('lang', 'de');
      await expect(page.locator('h1')).toHaveText(
        'Ergebnisorientierte Preise, die mit Ihnen wachsen',
      );
      await switchTo(page, width, 'English');
      await expect(page).toHaveURL(/\/pricing$/);
      await expect(html(page)).toHaveAttribute('lang', 'en');
    });

    test('English → Arabic (right to left) → English, on the same page', async ({ page }) => {
      await page.goto('/pricing');
      await switchTo(page, width, 'العربية');
      await expect(page).toHaveURL(/\/ar\/pricing$/);
      await expect(html(page)).toHaveAttribute('dir', 'rtl');
      await expect(html(page)).toHaveAttribute('lang', 'ar');
      await switchTo(page, width, 'English');
      await expect(page).toHaveURL(/\/pricing$/);
      await expect(html(page)).toHaveAttribute('dir', 'ltr');
    });

    test('a page without a translation leads to that language’s home, and says so', async ({
      page,
    }) => {
      await page.goto('/solutions/operations-hub');
      const scope =
        width === 'desktop'
          ? page.locator('header [data-language-switcher]')
          : page.locator('[data-mobile-menu]');
      await expect(scope.locator('a[hreflang="de"]')).toContainText(
        'diese Seite ist noch nicht übersetzt: zur Startseite',
      );
      await switchTo(page, width, 'Deutsch');
      await expect(page).toHaveURL(/\/de$/);
      await expect(html(page)).toHaveAttribute('lang', 'de');
      // From a German page not translated into Arabic: the Arabic home page.
      await page.goto('/de/solutions/hotels');
      await switchTo(page, width, 'العربية');
      await expect(page).toHaveURL(/\/ar$/);
      await expect(html(page)).toHaveAttribute('dir', 'rtl');
    });
  });
}
