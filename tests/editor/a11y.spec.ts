import { seriousViolations } from './axe.ts';
import { expect, test } from './fixture.ts';

// The two sweeps are the longest tests of the suite: they may run on different workers (they only
// read).
test.describe.configure({ mode: 'parallel' });

for (const width of [1280, 1024]) {
  test(`axe: the editor's screens at ${width} px have no serious or critical violation`, async ({
    page,
    editor,
  }) => {
    // A dozen axe runs: minutes on a busy 2-core machine.
    test.setTimeout(360_000);
    // The screens no other spec sweeps, at 1280 px; at 1024 px only those whose layout changes
    // (the page's toolbar, the Site settings tabs), with screenshots at both. The page list, the new
    // page dialog, the block catalogue, Media and the publishing screens with a remote are swept
    // where the marketer's day reaches them (marketers-day.spec.ts, images.spec.ts,
    // publish.spec.ts).
    const wide = width === 1280;
    await page.setViewportSize({ width, height: 800 });
    await editor.open(page, '#/edit/pages/solutions/hotels.yaml');
    await page.getByTestId('block-0-toggle').click();
    await page.getByTestId('page-settings-toggle').click();
    await expect(page.getByTestId('field-title')).toBeVisible();
    expect.soft(await seriousViolations(page), 'page editor').toEqual([]);

    await editor.open(page, '#/site');
    await expect(page.getByTestId('field-name')).toBeVisible();
    expect.soft(await seriousViolations(page), 'site settings').toEqual([]);
    // Every tab of Site settings, on one row.
    const tabs = page.getByRole('tab');
    const names = await tabs.allInnerTexts();
    expect(names.length).toBeGreaterThan(5);
    const rows = new Set(
      await tabs.evaluateAll((all) => all.map((tab) => tab.getBoundingClientRect().top)),
    );
    expect.soft(rows.size, `the tabs on one row at ${width} px`).toBe(1);
    await page.screenshot({ path: `test-results/a11y/site-settings-${width}.png` });
    if (!wide) return;
    // Each tab once (the same fields at either width).
    for (let i = 1; i < names.length; i++) {
      await tabs.nth(i).click();
      await expect(tabs.nth(i)).toHaveAttribute('aria-selected', 'true');
      expect.soft(await seriousViolations(page), `site settings, ${names[i]}`).toEqual([]);
    }

    // The publishing screens as they are in a copy with no remote (with one, the marketer's day
    // sweeps them: tests/editor/marketers-day.spec.ts, publish.spec.ts).
    for (const [screen, name] of [
      ['#/changes', 'Changes'],
      ['#/versions/pages/solutions/hotels.yaml', 'History'],
      ['#/conflicts', 'Conflicts'],
    ] as const) {
      await editor.open(page, screen);
      await expect(page.getByRole('heading', { level: 1, name })).toBeVisible();
      await expect(page.getByRole('status', { name: /^Loading/ })).toHaveCount(0);
      expect.soft(await seriousViolations(page), name).toEqual([]);
    }
  });
}

test('the page screen works from the keyboard alone, with a visible focus', async ({
  page,
  editor,
}) => {
  await editor.open(page, '#/edit/pages/solutions/hotels.yaml');
  const toggle = page.getByTestId('block-2-toggle');
  await toggle.focus();
  await page.keyboard.press('Enter');
  await expect(page.getByTestId('block-2')).toHaveAttribute('data-selected', 'true');
  const outline = await toggle.evaluate((el) => getComputedStyle(el).outlineStyle);
  expect(outline).not.toBe('none');
  // Tab reaches the block's fields, then its list items' buttons.
  await page.keyboard.press('Tab');
  await page.keyboard.press('Tab');
  await expect(page.getByRole('button', { name: 'Move down: block 3 (Rich text)' })).toBeFocused();
  await page.keyboard.press('Enter');
  await expect(page.getByTestId('block-3')).toHaveAttribute('data-block-type', 'richText');
  // The focus follows the moved block, so Enter again keeps moving it.
  await expect(page.getByRole('button', { name: 'Move down: block 4 (Rich text)' })).toBeFocused();
});
