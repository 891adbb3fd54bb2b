import { readFileSync } from 'node:fs';
import {
  test as base,
  expect,
  type BrowserContext,
  type BrowserContextOptions,
  type Locator,
  type Page,
} from '@playwright/test';
import { parse } from 'yaml';
import { analyzeInPage } from '../helpers/axe.ts';

/**
 * What the browser specs share: viewports, the fake clock, the blocked scheduling provider and the
 * header's menus.
 */

export const desktop = { width: 1280, height: 900 };
export const phone = { width: 390, height: 844 };
const T0 = new Date('2025-03-03T09:00:00Z').getTime();

/**
 * The scheduling provider is never reached from tests: by default its requests hang, like a slow
 * network.
 */
export type SchedulerMode = 'hang' | 'abort' | 'widget';
/**
 * The booking page of site.config.yaml (a placeholder on an example domain until the company fills
 * it in).
 */
export const schedulerUrl = (
  parse(readFileSync('site.config.yaml', 'utf8')) as { scheduler: { url: string } }
).scheduler.url;
const schedulerOrigin = new URL(schedulerUrl).origin;

export async function blockScheduler(page: Page, how: SchedulerMode = 'hang') {
  await page.route(
    (url) => url.origin === schedulerOrigin,
    async (route) => {
      if (how === 'abort') return route.abort('internetdisconnected');
      if (how === 'widget') {
        // A stand-in for the provider's page: it talks to the embedding page the way the real
        // widget does.
        return route.fulfill({
          contentType: 'text/html',
          body: `<!doctype html><title>Booking</title><p>Pick a time</p><script>parent.postMessage({ event: 'calendly.event_type_viewed', payload: {} }, '*')</script>`,
        });
      }
      // hang: never answer
    },
  );
}

/**
 * `pageWith(options, scheduler)`: a page in a browser context of its own (JavaScript off, reduced
 * motion, another viewport), with the scheduling provider blocked; its context is closed after the
 * test.
 */
export const test = base.extend<{
  pageWith: (options: BrowserContextOptions, scheduler?: SchedulerMode) => Promise<Page>;
}>({
  pageWith: async ({ browser }, use) => {
    const contexts: BrowserContext[] = [];
    await use(async (options, scheduler = 'hang') => {
      const context = await browser.newContext(options);
      contexts.push(context);
      const page = await context.newPage();
      await blockScheduler(page, scheduler);
      return page;
    });
    await Promise.all(contexts.map((context) => context.close()));
  },
});

export { expect };

/** Fake clock, paused: time only moves when the test says so. */
export async function pauseClock(page: Page) {
  await page.clock.install({ time: T0 });
  await page.clock.pauseAt(T0 + 1000);
}

/** Resolves once the page's enhancement script has run (the header is enhanced). */
export const enhanced = (page: Page) =>
  expect(page.locator('[data-menu][data-enhanced]').first()).toBeAttached();

/**
 * Opens a route with the scheduling provider blocked (and the fake clock paused, if asked), once
 * its script has run.
 */
export async function openEnhanced(page: Page, route: string, { pausedClock = false } = {}) {
  await blockScheduler(page);
  if (pausedClock) await pauseClock(page);
  await page.goto(route);
  await enhanced(page);
}

/** A menu of the desktop header's main navigation. */
export const menu = (page: Page, name: string) => {
  const item = page
    .getByRole('navigation', { name: 'Main' })
    .locator('[data-menu]')
    .filter({ has: page.getByRole('button', { name }) });
  return {
    trigger: item.getByRole('button', { name }),
    item,
    panel: item.locator('[data-menu-panel]'),
  };
};

export const expectOpen = async (entry: { trigger: Locator; item: Locator }, open: boolean) => {
  await expect(entry.trigger).toHaveAttribute('aria-expanded', String(open));
  if (open) await expect(entry.item).toHaveAttribute('data-open', '');
  else await expect(entry.item).not.toHaveAttribute('data-open');
};

/**
 * Jumps the cards' fade-in to its end, so colours are measured at rest (waiting for it costs a
 * second a page).
 */
export const finishFadeIns = (page: Page) =>
  page.evaluate(() => {
    for (const animation of document.getAnimations()) {
      if (
        animation.timeline instanceof DocumentTimeline &&
        animation.effect?.getTiming().iterations !== Infinity
      )
        animation.finish();
    }
  });

/**
 * axe-core on the page for WCAG 2.x A and AA; the scheduling provider's booking page inside its frame is
 * third-party content, outside this site's control, and is left out.
 */
export const runAxe = (page: Page) =>
  analyzeInPage(page, {
    exclude: 'iframe[data-scheduler-frame]',
    tags: ['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa', 'wcag22aa'],
    // a11y.spec.ts measures from pixels the contrast axe leaves incomplete.
    keep: ['violations', 'incomplete'],
  });

/** The serious and critical violations of an axe run, one line each (rule, impact, first elements, help). */
export const seriousOf = (results: Awaited<ReturnType<typeof runAxe>>): string[] =>
  results.violations
    .filter((violation) => violation.impact === 'serious' || violation.impact === 'critical')
    .map(
      (violation) =>
        `${violation.id} (${violation.impact}): ${violation.nodes
          .slice(0, 3)
          .map((node) => node.target.join(' '))
          .join(' | ')} — ${violation.help}`,
    );
