import { analyzeInPage } from '../helpers/axe.ts';
import type { Page } from '@playwright/test';

/**
 * Serious and critical axe violations of the editor's own UI (the preview iframe is the site,
 * tested elsewhere).
 */
export async function seriousViolations(page: Page) {
  // A dialog fading in has text of a lower contrast than it ends with: axe looks once every
  // transition has ended.
  await page.evaluate(() =>
    Promise.all(
      document
        .getAnimations()
        .filter((animation) => animation.effect?.getTiming().iterations !== Infinity)
        // A cancelled one (the dialog closed meanwhile) rejects: it has ended too.
        .map((animation) => animation.finished.catch(() => undefined)),
    ),
  );
  const results = await analyzeInPage(page, {
    exclude: '[data-testid="preview-frame"]',
    keep: ['violations'],
  });
  return results.violations
    .filter((v) => v.impact === 'serious' || v.impact === 'critical')
    .map((v) => `${v.id}: ${v.nodes.map((n) => n.target.join(' ')).join(', ')}`);
}
