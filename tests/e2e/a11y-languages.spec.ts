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
 * axe-core on the German and Arabic home pages and pricing pages, at 390 and 1280 px, with the
 * switcher and the mobile menu open: no serious or critical violation (WCAG 2.x A and AA, as
 * tests/e2e/a11y.spec.ts). One page per width opens the four routes in turn (a new page for each
 * cost more than the navigation); each problem names its route.
 */
const routes = ['/de', '/ar', '/de/pricing', '/ar/pricing'];

for (const viewport of [phone, desktop])
  test(`at ${viewport.width} px, ${viewport === phone ? 'mobile menu' : 'language switcher'} open: ${routes.join(', ')} have no serious or critical axe violation`, async ({
    page,
  }) => {
    await page.setViewportSize(viewport);
    await blockScheduler(page);
    const problems: string[] = [];
    for (const route of routes) {
      await page.goto(route);
      // Colours at rest, as in tests/e2e/a11y.spec.ts.
      await finishFadeIns(page);
      const open =
        viewport === phone
          ? page.locator('[data-mobile-menu] > summary')
          : page.locator('header [data-language-switcher] > summary');
      await open.click();
      for (const problem of seriousOf(await runAxe(page)))
        problems.push(`${route} @${viewport.width}: ${problem}`);
    }
    expect(problems).toEqual([]);
  });
