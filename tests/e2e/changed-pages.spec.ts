import { expect, test } from '@playwright/test';
import { routeFromFile } from '../../engine/routes.ts';
import { finishFadeIns, runAxe, seriousOf } from './support.ts';

/**
 * axe on the pages a content-only change touched (CI's fast path, .github/workflows/check.yml):
 * CHANGED_PAGES lists their files (`pages/…yaml`, space-separated), each page is checked at 390 and
 * 1280 px for serious and critical WCAG 2.x A/AA violations. A page that was removed is skipped
 * (nothing is built for it). With no CHANGED_PAGES, the home page is checked, so the spec always
 * runs something.
 */

const files = (process.env.CHANGED_PAGES ?? '').split(/\s+/).filter(Boolean);
const routes = files.length
  ? files.flatMap((file) => {
      const route = routeFromFile(file);
      return route ? [route] : [];
    })
  : ['/'];

for (const route of routes)
  for (const width of [390, 1280])
    test(`${route} at ${width} px has no serious accessibility violation`, async ({ page }) => {
      await page.setViewportSize({ width, height: 900 });
      const response = await page.goto(route);
      test.skip(response?.status() === 404, `${route} is not built (a removed or draft page)`);
      await finishFadeIns(page);
      const serious = seriousOf(await runAxe(page));
      expect(serious).toEqual([]);
    });
