import { blockScheduler, desktop, expect, test } from './support.ts';

/**
 * The FAQ block's accordion (site-spec §4): one answer open at a time, collapsible, keyboard
 * operable.
 */

test.describe('FAQ accordion', () => {
  test.use({ viewport: desktop });

  test('one item open at a time, collapsible, keyboard operable', async ({ page }) => {
    await blockScheduler(page);
    await page.goto('/');
    const items = page.locator('[data-faq-item]');
    expect(await items.count()).toBeGreaterThanOrEqual(3);
    const openCount = () => page.locator('[data-faq-item][open]').count();
    expect(await openCount()).toBe(0);

    await items.nth(0).locator('summary').click();
    await expect(items.nth(0)).toHaveAttribute('open', '');
    await expect(items.nth(0).locator('p')).toBeVisible();
    await items.nth(1).locator('summary').click();
    await expect(items.nth(1)).toHaveAttribute('open', '');
    await expect(items.nth(0)).not.toHaveAttribute('open');
    expect(await openCount()).toBe(1);
    await items.nth(1).locator('summary').click();
    await expect(items.nth(1)).not.toHaveAttribute('open');
    expect(await openCount()).toBe(0);

    await items.nth(2).locator('summary').focus();
    await page.keyboard.press('Enter');
    await expect(items.nth(2)).toHaveAttribute('open', '');
    await page.keyboard.press('Space');
    await expect(items.nth(2)).not.toHaveAttribute('open');
    await page.keyboard.press('Shift+Tab');
    await page.keyboard.press('Enter');
    await expect(items.nth(1)).toHaveAttribute('open', '');
    expect(await openCount()).toBe(1);
  });
});
