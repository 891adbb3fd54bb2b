import { expect, test, type Page, type Route } from '@playwright/test';
import { readFileSync } from 'node:fs';
import { siteLocales, translationOf } from '../../engine/locales.ts';
import { builtRoutes, htmlPath, isAlias } from '../helpers/built-site.ts';
import {
  blockLayout,
  catalogueNotCovered,
  coveringPages,
  pageBlocks,
  site,
} from './covering-pages.ts';

/**
 * A page of every layout of the built site in each language, served with the _headers file (CSP
 * included) like a static host, opens in Chromium without a single console error, uncaught
 * exception, CSP violation, failed same-origin request or layout shift. Pages with a script are given time to run it, so errors in
 * the enhancement scripts count. Requests to other origins (the scheduling provider's frame, the
 * only thing of another origin a built page loads) are answered locally with an empty page, so the
 * check needs no network and only tests this site.
 */

/** A path no page has: the host answers it with the 404 page. */
const UNKNOWN_PATH = '/this-page-does-not-exist';

/**
 * Watches `page`, for every route it opens (`current` says which): each problem goes to `report`;
 * layout shifts are gathered in each document, for check() to read.
 */
async function watch(page: Page, report: (problem: string) => void, current: () => string) {
  page.on('console', (message) => {
    if (message.type() !== 'error') return;
    // The browser itself reports the 404 status of an unknown path's document; that one is
    // expected.
    if (
      message.text().startsWith('Failed to load resource') &&
      current() === UNKNOWN_PATH &&
      new URL(message.location().url).pathname === UNKNOWN_PATH
    )
      return;
    report(`console.error: ${message.text()}`);
  });
  page.on('pageerror', (error) => report(`uncaught: ${error.message}`));
  const origin = new URL(test.info().project.use.baseURL!).origin;
  page.on('response', (response) => {
    const request = response.request();
    if (request.isNavigationRequest() && request.frame() === page.mainFrame()) return;
    if (new URL(response.url()).origin === origin && response.status() >= 400)
      report(`HTTP ${response.status()}: ${response.url()}`);
  });
  await page.addInitScript(() => {
    document.addEventListener('securitypolicyviolation', (event) =>
      console.error(`CSP violation: ${event.violatedDirective} ${event.blockedURI}`),
    );
    // Layout shifts as the browser reports them (not those right after user input), with the
    // elements that moved.
    const win = window as unknown as {
      __shifts: Array<{ at: number; value: number; nodes: string[] }>;
      __settled: number;
    };
    win.__shifts = [];
    win.__settled = Infinity;
    // The first frames after `load`: parsing and the first full render are done from here on.
    addEventListener('load', () =>
      requestAnimationFrame(() => requestAnimationFrame(() => (win.__settled = performance.now()))),
    );
    type Shift = {
      startTime: number;
      value: number;
      hadRecentInput: boolean;
      sources?: Array<{ node?: Node | null }>;
    };
    new PerformanceObserver((list) => {
      for (const entry of list.getEntries() as unknown as Shift[]) {
        if (entry.hadRecentInput) continue;
        const nodes = (entry.sources ?? [])
          .map((source) => source.node)
          .filter((node): node is Element => node instanceof Element);
        win.__shifts.push({
          at: entry.startTime,
          value: entry.value,
          nodes: nodes.map(
            (node) => `${node.tagName.toLowerCase()}.${[...node.classList].join('.')}`,
          ),
        });
      }
    }).observe({ type: 'layout-shift', buffered: true });
  });
}

/** Opens `route` in `page` (watched) and reports what can only be seen once it has run. */
async function check(page: Page, route: string, report: (problem: string) => void) {
  const unknownPath = route === UNKNOWN_PATH;
  // Only pages whose HTML loads something from another origin get the stub: a route makes
  // Playwright intercept every request of the page, which cost each of the other pages a round trip
  // per image, font and script.
  const stubbed = /\ssrc="https?:\/\//.test(
    readFileSync(htmlPath(unknownPath ? '/404' : route), 'utf8'),
  );
  if (stubbed) await page.route(OTHER_ORIGINS, stub);
  const response = await page.goto(route, { waitUntil: 'load' });
  if (response?.status() !== (unknownPath ? 404 : 200)) report(`status ${response?.status()}`);
  // The page's script is an async module, which delays `load`: it has run by now, and the header's
  // menus say so (data-enhanced). Then its effects get time to show. The hero's figures count in
  // CSS from the first frame on (0.5 s hold, 1.2 s count): pages with them are watched until the
  // count has ended.
  if ((await page.locator('script[src]').count()) && (await page.locator('[data-menu]').count()))
    await page.locator('[data-menu][data-enhanced]').first().waitFor({ state: 'attached' });
  await page.waitForTimeout((await page.locator('[data-hero-stats]').count()) ? 2000 : 300);
  // Shifts before the page has loaded and rendered in full are left out: on a busy machine Chromium
  // paints a half-parsed document (a button without its label, half a row of centred buttons),
  // which says nothing about the page; Lighthouse's CLS in `npm run bench` covers the first render.
  // From then on (enhancement script, count-up, scheduler, late images, animations) the budget is
  // 0.
  const { cls, shifted } = await page.evaluate(() => {
    const win = window as unknown as {
      __shifts: Array<{ at: number; value: number; nodes: string[] }>;
      __settled: number;
    };
    const shifts = win.__shifts.filter((shift) => shift.at >= win.__settled);
    return {
      cls: shifts.reduce((sum, shift) => sum + shift.value, 0),
      shifted: [...new Set(shifts.flatMap((shift) => shift.nodes))],
    };
  });
  if (cls > 0)
    report(
      `layout shift ${cls.toFixed(5)} after the first full render (the budget is 0): ${shifted.join(', ')}`,
    );
  if (stubbed) await page.unroute(OTHER_ORIGINS, stub);
}

const OTHER_ORIGINS = /^https?:\/\/(?!127\.0\.0\.1|localhost)/;
const stub = (route: Route) =>
  route.fulfill({
    status: 200,
    contentType: 'text/html',
    body: '<!DOCTYPE html><title>stub</title>',
  });

/**
 * Routes per test, opened one after the other in one page: a new page for each route cost this
 * machine's Chromium about three times the CPU of a navigation.
 */
const perTest = 6;

test.describe('no console errors, no layout shift', () => {
  // Six pages a test, two seconds each at least where the hero's figures count, beside the unit
  // tests in npm test.
  test.describe.configure({ timeout: 90_000 });
  // Lighthouse's mobile viewport: the CLS budget is a mobile one, and on a phone more of each page
  // is above the fold.
  test.use({ viewport: { width: 412, height: 823 } });

  // One page per layout in each language (covering-pages.ts: the same blocks run the same scripts
  // and lay out alike), the block catalogue's pages whose example no such page has, and an unknown
  // path. Aliases are byte for byte their original page.
  const candidates = [...builtRoutes(), UNKNOWN_PATH].filter((route) => !isAlias(route));
  const locales = siteLocales(site.config?.locales);
  const languageOf = (route: string) => translationOf(route, locales)?.locale.code ?? '';
  const sitePages = coveringPages(
    candidates.filter((route) => !route.startsWith('/_blocks')),
    (route) => pageBlocks(route).map((block) => `${languageOf(route)}:${blockLayout(block)}`),
  );
  const routes = [...sitePages, ...catalogueNotCovered(candidates, sitePages)];

  test('the routes cover every block variant in every language, and the block catalogue', () => {
    expect(routes).toContain(UNKNOWN_PATH);
    expect(routes).toContain('/_blocks');
    for (const language of ['', ...(locales?.others.keys() ?? [])]) {
      const all = candidates.filter(
        (route) => site.routes.has(route) && languageOf(route) === language,
      );
      const variants = (list: string[]) =>
        new Set(list.flatMap((route) => pageBlocks(route).map(blockLayout)));
      expect([...variants(all)].sort(), language).toEqual(
        [...variants(routes.filter((route) => all.includes(route)))].sort(),
      );
    }
  });
  for (let start = 0; start < routes.length; start += perTest) {
    const chunk = routes.slice(start, start + perTest);
    test(chunk.join(', '), async ({ page }) => {
      const problems: string[] = [];
      let route = '';
      const report = (problem: string) => problems.push(`${route}: ${problem}`);
      await watch(page, report, () => route);
      for (route of chunk) await check(page, route, report);
      expect(problems).toEqual([]);
    });
  }

  // The 404 page's console warning, with its status and content: navigation.spec.ts.
});
