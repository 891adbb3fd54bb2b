import {
  blockScheduler,
  desktop,
  expect,
  finishFadeIns,
  phone,
  runAxe,
  seriousOf,
  test,
} from './support.ts';

/**
 * axe-core on the German and Arabic home pages and the German pricing page, at 390 and 1280 px,
 * with the switcher and the mobile menu open: no serious or critical violation (WCAG 2.x A and AA,
 * as tests/e2e/a11y.spec.ts).
 */
for (const viewport of [phone, desktop])
  for (const route of ['/de', '/ar', '/de/pricing', '/ar/pricing'])
    test(`${route} at ${viewport.width} px: no serious or critical axe violation`, async ({
      page,
    }) => {
      await page.setViewportSize(viewport);
      await blockScheduler(page);
      await page.goto(route);
      // Colours at rest, as in tests/e2e/a11y.spec.ts.
      await finishFadeIns(page);
      const open =
        viewport === phone
          ? page.locator('[data-mobile-menu] > summary')
          : page.locator('header [data-language-switcher] > summary');
      await open.click();
      const problems = seriousOf(await runAxe(page));
      expect(problems).toEqual([]);
    });
