import AxeBuilder from '@axe-core/playwright';
import { blockScheduler, desktop, expect, phone, test } from './support.ts';

/**
 * axe-core on the German and Arabic home pages and the German pricing page, at 390 and 1280 px,
 * with the switcher and the mobile menu open: no serious or critical violation (WCAG 2.x A and AA,
 * as tests/e2e/a11y.spec.ts).
 */
const tags = ['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa', 'wcag22aa'];

for (const viewport of [phone, desktop])
  for (const route of ['/de', '/ar', '/de/pricing', '/ar/pricing'])
    test(`${route} at ${viewport.width} px: no serious or critical axe violation`, async ({
      page,
    }) => {
      await page.setViewportSize(viewport);
      await blockScheduler(page);
      await page.goto(route);
      // Colours at rest: the cards' fade-in jumped to its end, as in tests/e2e/a11y.spec.ts.
      await page.evaluate(() => {
        for (const animation of document.getAnimations())
          if (
            animation.timeline instanceof DocumentTimeline &&
            animation.effect?.getTiming().iterations !== Infinity
          )
            animation.finish();
      });
      const open =
        viewport === phone
          ? page.locator('[data-mobile-menu] > summary')
          : page.locator('header [data-language-switcher] > summary');
      await open.click();
      const results = await new AxeBuilder({ page })
        .withTags(tags)
        .exclude('iframe[data-scheduler-frame]')
        .analyze();
      const problems = results.violations
        .filter((violation) => violation.impact === 'serious' || violation.impact === 'critical')
        .map(
          (violation) =>
            `${violation.id} (${violation.impact}): ${violation.nodes
              .map((node) => node.target.join(' '))
              .join(', ')}`,
        );
      expect(problems).toEqual([]);
    });
