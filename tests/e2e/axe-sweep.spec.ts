import { createRequire } from 'node:module';
import { desktop, expect, phone, runAxe, test } from './support.ts';

/**
 * The sweeps (tests/e2e/a11y*.spec.ts, tests/editor/a11y.spec.ts) run the project's own axe-core,
 * not the older copy @axe-core/playwright brings with it: in that copy (4.13) Label in Name
 * (`label-content-name-mismatch`, WCAG 2.5.3) was an experimental rule, off by default, and a
 * control named other than what it shows passed every sweep.
 */
test("the sweep runs the project's axe-core, Label in Name included", async ({ page }) => {
  const project = (createRequire(import.meta.url)('axe-core') as { version: string }).version;
  await page.setContent(
    `<!doctype html><html lang="en"><title>t</title><main><details>` +
      `<summary aria-label="Language: English">EN</summary><p>x</p></details></main></html>`,
  );
  const results = await runAxe(page);
  expect(results.testEngine.version).toBe(project);
  expect(results.violations.map((violation) => violation.id)).toContain(
    'label-content-name-mismatch',
  );
});

test('the language switcher is named by what it shows first (WCAG 2.5.3 Label in Name)', async ({
  page,
}) => {
  for (const [route, shown, name] of [
    ['/', 'EN', 'EN, Language: English'],
    ['/de', 'DE', 'DE, Sprache: Deutsch'],
  ] as const) {
    await page.setViewportSize(desktop);
    await page.goto(route);
    const summary = page.locator('header [data-language-switcher] > summary');
    await expect(summary).toHaveText(new RegExp(`^${shown}`));
    await expect(summary).toHaveAccessibleName(name);
    await page
      .locator('header')
      .first()
      .screenshot({ path: `test-results/switcher${route.replace('/', '-')}-1280.png` });
  }
  await page.setViewportSize(phone);
  await page.goto('/');
  await page.locator('[data-mobile-menu] > summary').click();
  await page.screenshot({ path: 'test-results/switcher-menu-390.png' });
});
