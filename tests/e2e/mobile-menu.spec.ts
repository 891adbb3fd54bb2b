import { blockScheduler, expect, openEnhanced, phone, test } from './support.ts';

/**
 * The phone header's menu (390 px): a <details> toggle with one accordion section open at a time.
 */

test.describe('mobile menu (390 px)', () => {
  test.use({ viewport: phone });

  for (const route of ['/', '/terms-conditions']) {
    test(`toggle with an accessible name opens it; one accordion section at a time, collapsible (${route})`, async ({
      page,
    }) => {
      await blockScheduler(page);
      await page.goto(route);
      await expect(page.getByRole('navigation', { name: 'Main' })).toBeHidden();
      const button = page.locator('summary[aria-label="Menu"]');
      await expect(button).toBeVisible();
      const box = await button.boundingBox();
      expect(box!.width).toBeGreaterThanOrEqual(44);
      const panel = page.getByRole('navigation', { name: 'Mobile' });
      await expect(panel).toBeHidden();
      await button.click();
      await expect(panel).toBeVisible();

      const section = (name: string) =>
        panel.locator('details').filter({ has: page.locator('summary', { hasText: name }) });
      await section('Solutions').locator('summary').click();
      await expect(section('Solutions')).toHaveAttribute('open', '');
      await expect(panel.getByRole('link', { name: 'Hotels' })).toBeVisible();
      await section('Resources').locator('summary').click();
      await expect(section('Resources')).toHaveAttribute('open', '');
      await expect(section('Solutions')).not.toHaveAttribute('open');
      await section('Resources').locator('summary').click();
      await expect(section('Resources')).not.toHaveAttribute('open');

      // Keyboard works too: Enter on the focused section summary.
      await section('Solutions').locator('summary').focus();
      await page.keyboard.press('Enter');
      await expect(section('Solutions')).toHaveAttribute('open', '');

      await button.click();
      await expect(panel).toBeHidden();
    });
  }

  test('closes when a link in it is clicked (even one that does not load a new page)', async ({
    page,
  }) => {
    await openEnhanced(page, '/');
    const mobile = page.locator('[data-mobile-menu]');
    await mobile.locator('summary[aria-label="Menu"]').click();
    await expect(mobile).toHaveAttribute('open', '');
    // Keep the browser on this page, as a same-page #anchor link would.
    await page.evaluate(() =>
      document.addEventListener('click', (event) => event.preventDefault(), { once: true }),
    );
    await page
      .getByRole('navigation', { name: 'Mobile' })
      .getByRole('link', { name: 'Pricing' })
      .click();
    await expect(mobile).not.toHaveAttribute('open');
    await expect(page).toHaveURL(/\/$/);
  });

  test('Escape closes it and puts focus back on the toggle', async ({ page }) => {
    await openEnhanced(page, '/');
    const mobile = page.locator('[data-mobile-menu]');
    const button = mobile.locator('summary[aria-label="Menu"]');
    await button.click();
    await page
      .getByRole('navigation', { name: 'Mobile' })
      .getByRole('link', { name: 'Platform' })
      .focus();
    await page.keyboard.press('Escape');
    await expect(mobile).not.toHaveAttribute('open');
    await expect(button).toBeFocused();
  });

  test('a link click navigates and the next page starts with the menu closed', async ({ page }) => {
    await blockScheduler(page);
    await page.goto('/');
    await page.locator('summary[aria-label="Menu"]').click();
    await page
      .getByRole('navigation', { name: 'Mobile' })
      .getByRole('link', { name: 'Pricing' })
      .click();
    await expect(page).toHaveURL(/\/pricing$/);
    await expect(page.getByRole('navigation', { name: 'Mobile' })).toBeHidden();
  });
});
