import { analyzeInPage } from '../helpers/axe.ts';
import type { Page } from '@playwright/test';

/**
 * Serious and critical axe violations of the editor's own UI (the preview iframe is the site,
 * tested elsewhere), and each Mantine class on the screen that no stylesheet has a rule for: the
 * editor imports Mantine's styles component by component (editor/app/mantine.css), and a
 * component whose file is missing there shows unstyled.
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
  const violations = results.violations
    .filter((v) => v.impact === 'serious' || v.impact === 'critical')
    .map((v) => `${v.id}: ${v.nodes.map((n) => n.target.join(' ')).join(', ')}`);
  return [...violations, ...(await unstyledMantineClasses(page))];
}

/** Mantine's classes (`m_` and eight hex digits) in the page that no stylesheet rule names. */
async function unstyledMantineClasses(page: Page): Promise<string[]> {
  return page.evaluate(() => {
    const named = new Set<string>();
    const collect = (rules: CSSRuleList) => {
      for (const rule of rules) {
        if (rule instanceof CSSStyleRule)
          for (const found of rule.selectorText.matchAll(/m_[0-9a-f]{8}/g)) named.add(found[0]);
        if ('cssRules' in rule) collect((rule as CSSGroupingRule).cssRules);
      }
    };
    for (const sheet of document.styleSheets) collect(sheet.cssRules);
    const shown = new Set<string>();
    for (const element of document.querySelectorAll('[class*="m_"]'))
      for (const name of element.classList) if (/^m_[0-9a-f]{8}$/.test(name)) shown.add(name);
    return [...shown]
      .filter((name) => !named.has(name))
      .map((name) => `unstyled: .${name} has no rule (its Mantine file is not imported)`);
  });
}
