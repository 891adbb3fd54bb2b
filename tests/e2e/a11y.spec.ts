import { existsSync, readFileSync } from 'node:fs';
import { expect, test, type Page } from '@playwright/test';
import { siteLocales, translationOf } from '../../engine/locales.ts';
import { builtRoutes, htmlPath, isAlias } from '../helpers/built-site.ts';
import {
  blockLayout,
  catalogueNotCovered,
  coveringPages,
  pageBlocks,
  site,
} from './covering-pages.ts';
import { finishFadeIns, runAxe, seriousOf } from './support.ts';

/**
 * axe-core on the fewest pages of the built site that show every block variant (type, tone,
 * fields), half of them at 390 px and half at 1280 px (the header, footer and menus are on every
 * page, so both widths see them many times over), on the block catalogue at 1280 px, plus the UI
 * states that only exist after interaction (open menus, open accordions, the scheduler's fallback,
 * the scrolled header): no serious or critical violation anywhere (WCAG 2.x A and AA rules, colour
 * contrast included). Every route's own markup is checked too, by html-validate's a11y rules in
 * tests/budgets/html.test.ts.
 */

const widths = [390, 1280] as const;

interface ContrastCheck {
  selector: string;
  expected: number;
}

interface Probe extends ContrastCheck {
  color: string;
  /** Document coordinates. */
  x: number;
  y: number;
  width: number;
  height: number;
}

/**
 * axe leaves text over gradients, behind decorative layers or next to pseudo-elements as
 * "incomplete" (it cannot compute the background). Measure those from pixels instead, band by band
 * below the sticky header: one screenshot of the band's probes (their bounding box, not the whole
 * viewport) with their text hidden, one with it shown. The pixels that differ are the glyphs; the
 * hidden shot gives the background right under them. The text colour must reach the ratio against
 * the darkest and the lightest of those backgrounds (5th/95th percentile, so anti-aliasing does not
 * count).
 */
async function measuredContrastProblems(page: Page, checks: ContrastCheck[]): Promise<string[]> {
  if (!checks.length) return [];
  const probes: Probe[] = await page.evaluate((list) => {
    const style = document.createElement('style');
    style.setAttribute('data-contrast-probe', '');
    style.textContent =
      'html[data-contrast-hide] [data-contrast-probe], html[data-contrast-hide] [data-contrast-probe] * { color: transparent !important; text-shadow: none !important; text-decoration-color: transparent !important; }';
    document.head.append(style);
    return list.flatMap(({ selector, expected }) => {
      const element = document.querySelector(selector);
      if (!element) return [];
      const rect = element.getBoundingClientRect();
      if (rect.width < 1 || rect.height < 1 || getComputedStyle(element).visibility === 'hidden')
        return [];
      const color = getComputedStyle(element).color;
      element.setAttribute('data-contrast-probe', '');
      return [
        {
          selector,
          expected,
          color,
          x: rect.x + window.scrollX,
          y: rect.y + window.scrollY,
          width: rect.width,
          height: rect.height,
        },
      ];
    });
  }, checks);
  const viewport = page.viewportSize()!;
  const headerHeight = await page.evaluate(
    () => document.querySelector('[data-header]')?.getBoundingClientRect().height ?? 0,
  );
  const results: Array<{ selector: string; expected: number; worst: number }> = [];
  let pending = [...probes].sort((a, b) => a.y - b.y);
  while (pending.length) {
    const wanted = pending[0]!.y < viewport.height - 40 ? 0 : pending[0]!.y - headerHeight - 16;
    const top = await page.evaluate((y) => {
      window.scrollTo({ top: y, behavior: 'instant' });
      return window.scrollY;
    }, wanted);
    const bandStart = top === 0 ? 0 : top + headerHeight;
    const bandEnd = top + viewport.height;
    const inBand = pending.filter(
      (probe, index) => index === 0 || (probe.y >= bandStart && probe.y < bandEnd),
    );
    pending = pending.filter((probe) => !inBand.includes(probe));
    // The probes' rectangles in the viewport, as whole pixels: only their region is shot and
    // compared (a full-viewport PNG, sent to the page and decoded twice a band, cost several times
    // more).
    const rects = inBand.map((probe) => {
      const x = Math.max(0, Math.round(probe.x));
      const y = Math.max(0, Math.round(probe.y - top));
      const width = Math.max(1, Math.min(viewport.width - x, Math.round(probe.width)));
      const height = Math.max(
        1,
        Math.min(
          viewport.height - y,
          Math.round(Math.min(probe.y + probe.height, bandEnd) - probe.y),
        ),
      );
      return { x, y, width, height };
    });
    // Their bounding box, within the viewport (a probe outside it reads no pixels, as before).
    const left = Math.min(...rects.map((rect) => rect.x));
    const upper = Math.min(...rects.map((rect) => rect.y));
    const right = Math.min(viewport.width, Math.max(...rects.map((rect) => rect.x + rect.width)));
    const lower = Math.min(viewport.height, Math.max(...rects.map((rect) => rect.y + rect.height)));
    const clip =
      right > left && lower > upper
        ? { x: left, y: upper, width: right - left, height: lower - upper }
        : { x: 0, y: 0, width: 1, height: 1 };
    await page.evaluate(() => document.documentElement.setAttribute('data-contrast-hide', ''));
    const hidden = await page.screenshot({ animations: 'disabled', clip });
    await page.evaluate(() => document.documentElement.removeAttribute('data-contrast-hide'));
    const shown = await page.screenshot({ animations: 'disabled', clip });
    results.push(
      ...(await page.evaluate(
        async ({ hiddenData, shownData, probes, rects, clip }) => {
          const decode = async (data: string) => {
            const image = new Image();
            image.src = `data:image/png;base64,${data}`;
            await image.decode();
            const canvas = document.createElement('canvas');
            canvas.width = image.width;
            canvas.height = image.height;
            const context = canvas.getContext('2d', { willReadFrequently: true })!;
            context.drawImage(image, 0, 0);
            return context;
          };
          const background = await decode(hiddenData);
          const withText = await decode(shownData);
          const channel = (value: number) => {
            const c = value / 255;
            return c <= 0.03928 ? c / 12.92 : ((c + 0.055) / 1.055) ** 2.4;
          };
          const luminance = (r: number, g: number, b: number) =>
            0.2126 * channel(r) + 0.7152 * channel(g) + 0.0722 * channel(b);
          return probes.map((probe, index) => {
            const { x, y, width, height } = rects[index]!;
            const under = background.getImageData(x - clip.x, y - clip.y, width, height).data;
            const over = withText.getImageData(x - clip.x, y - clip.y, width, height).data;
            const values: number[] = [];
            for (let index = 0; index < under.length; index += 4) {
              const difference =
                Math.abs(under[index]! - over[index]!) +
                Math.abs(under[index + 1]! - over[index + 1]!) +
                Math.abs(under[index + 2]! - over[index + 2]!);
              if (difference > 60)
                values.push(luminance(under[index]!, under[index + 1]!, under[index + 2]!));
            }
            // Text covered by something opaque (or not painted at all) has no glyph pixels: nothing
            // to measure.
            if (values.length < 8)
              return {
                selector: probe.selector,
                expected: probe.expected,
                worst: Number.POSITIVE_INFINITY,
              };
            values.sort((a, b) => a - b);
            const [r, g, b] = probe.color.match(/\d+(\.\d+)?/g)!.map(Number) as [
              number,
              number,
              number,
            ];
            const text = luminance(r, g, b);
            const ratio = (background: number) =>
              (Math.max(text, background) + 0.05) / (Math.min(text, background) + 0.05);
            const low = values[Math.floor(values.length * 0.05)]!;
            const high = values[Math.min(values.length - 1, Math.floor(values.length * 0.95))]!;
            return {
              selector: probe.selector,
              expected: probe.expected,
              worst: Math.min(ratio(low), ratio(high)),
            };
          });
        },
        {
          hiddenData: hidden.toString('base64'),
          shownData: shown.toString('base64'),
          probes: inBand,
          rects,
          clip,
        },
      )),
    );
  }
  await page.evaluate(() => {
    document
      .querySelectorAll('[data-contrast-probe]')
      .forEach((element) =>
        element.tagName === 'STYLE'
          ? element.remove()
          : element.removeAttribute('data-contrast-probe'),
      );
    document.documentElement.removeAttribute('data-contrast-hide');
    window.scrollTo({ top: 0, behavior: 'instant' });
  });
  return results
    .filter((result) => result.worst < result.expected)
    .map(
      (result) =>
        `color-contrast (measured): ${result.selector} is ${result.worst.toFixed(2)}:1, needs ${result.expected}:1`,
    );
}

/**
 * axe's serious and critical violations, plus the contrast of text axe could not judge, measured
 * from pixels.
 */
async function seriousViolations(page: Page): Promise<string[]> {
  const results = await runAxe(page);
  const problems = seriousOf(results);
  const unmeasured = results.incomplete
    .filter((result) => result.id === 'color-contrast')
    .flatMap((result) => result.nodes)
    .filter((node) =>
      ['bgOverlap', 'bgGradient', 'bgImage', 'pseudoContent'].includes(
        (node.any[0]?.data as { messageKey?: string } | undefined)?.messageKey ?? '',
      ),
    )
    .map((node) => ({
      selector: String(node.target[0]),
      expected: Number.parseFloat(
        String((node.any[0]!.data as { expectedContrastRatio: string }).expectedContrastRatio),
      ),
    }))
    .filter(
      (check, index, all) => all.findIndex((other) => other.selector === check.selector) === index,
    );
  return [...problems, ...(await measuredContrastProblems(page, unmeasured))];
}

/** The scheduling provider is not reached from tests: its frame stays in its loading state. */
const holdScheduler = (page: Page) =>
  page.route(
    (url) => url.origin === new URL(site.config!.scheduler.url).origin,
    () => {},
  );

/**
 * Whether the built page of `route` embeds the scheduling provider (its frame, in a <noscript>
 * until the script mounts it).
 */
const loadsScheduler = (route: string) => {
  const file = existsSync(htmlPath(route)) ? htmlPath(route) : htmlPath('/404'); // an unknown path gets the 404 page
  return readFileSync(file, 'utf8').includes(new URL(site.config!.scheduler.url).origin);
};

async function open(page: Page, route: string) {
  await page.goto(route, { waitUntil: 'domcontentloaded' });
  await finishFadeIns(page);
}

// Every prerendered route plus an unknown path (the 404 page).
const routes = [...builtRoutes(), '/this-page-does-not-exist'].filter((route) => !isAlias(route));
// Pages of the default language first: a translation has its source's layout, so it is chosen only
// for a layout of its own (its language's pages are swept in tests/e2e/a11y-languages.spec.ts).
const locales = siteLocales(site.config?.locales);
const sitePages = coveringPages(
  routes
    .filter((route) => !route.startsWith('/_blocks'))
    .sort((a, b) => Number(!!translationOf(a, locales)) - Number(!!translationOf(b, locales))),
);
// The block catalogue at desktop width.
const cataloguePages = catalogueNotCovered(routes, sitePages);
/**
 * Each layout once, alternating widths; '/' and '/pricing' (the spec's two model pages) at both.
 */
const atBothWidths = ['/', '/pricing'];
const sweeps = {
  390: sitePages.filter((route, index) => index % 2 === 0 || atBothWidths.includes(route)),
  1280: [
    ...sitePages.filter((route, index) => index % 2 === 1 || atBothWidths.includes(route)),
    ...cataloguePages,
  ],
} as const;
const perTest = 6;

test.describe('axe: every route', () => {
  test.describe.configure({ timeout: 180_000 });
  test('the routes come from the built site; every block variant of the site is checked, at both widths in all', () => {
    expect(routes.length).toBeGreaterThan(20);
    expect(routes).toContain('/');
    expect(cataloguePages.length).toBeGreaterThan(1);
    expect(sitePages).toContain('/pricing');
    expect(sitePages.some((route) => route.startsWith('/solutions/'))).toBe(true);
    const swept = new Set(
      widths.flatMap((width) =>
        sweeps[width].flatMap((route) => pageBlocks(route).map(blockLayout)),
      ),
    );
    expect(
      routes
        .flatMap((route) => pageBlocks(route).map(blockLayout))
        .filter((variant) => !swept.has(variant)),
    ).toEqual([]);
    expect(sitePages).toContain('/this-page-does-not-exist');
    for (const width of widths)
      expect(sweeps[width].filter((route) => !route.startsWith('/_blocks')).length).toBeGreaterThan(
        atBothWidths.length,
      );
  });

  for (const width of widths) {
    const sweep = sweeps[width];
    for (let start = 0; start < sweep.length; start += perTest) {
      const chunk = sweep.slice(start, start + perTest);
      test(`${width}px: ${chunk.join(', ')}`, async ({ page }) => {
        await page.setViewportSize({ width, height: 900 });
        // Holding the provider's requests makes Playwright intercept every request of the page:
        // only where it is used.
        if (chunk.some(loadsScheduler)) await holdScheduler(page);
        const problems: string[] = [];
        for (const route of chunk) {
          await open(page, route);
          for (const problem of await seriousViolations(page))
            problems.push(`${route} @${width}: ${problem}`);
        }
        expect(problems).toEqual([]);
      });
    }
  }
});

test.describe('axe: interactive states', () => {
  test.describe.configure({ timeout: 120_000 });

  test('desktop: open menus, scrolled header, open FAQ answer, paused marquee', async ({
    page,
  }) => {
    await page.setViewportSize({ width: 1280, height: 900 });
    await holdScheduler(page);
    await open(page, '/');
    await expect(page.locator('[data-menu][data-enhanced]').first()).toBeAttached();
    const problems: string[] = [];
    for (const name of ['Solutions', 'Resources']) {
      await page.getByRole('navigation', { name: 'Main' }).getByRole('button', { name }).click();
      await expect(
        page.getByRole('navigation', { name: 'Main' }).getByRole('button', { name }),
      ).toHaveAttribute('aria-expanded', 'true');
      await page.waitForTimeout(200);
      problems.push(
        ...(await seriousViolations(page)).map((problem) => `${name} menu open: ${problem}`),
      );
    }
    await page.keyboard.press('Escape');
    await page.evaluate(() => window.scrollTo(0, 400));
    await expect(page.locator('[data-header]')).toHaveAttribute('data-scrolled', 'true');
    await page.locator('[data-faq-item] summary').first().click();
    await page.getByRole('checkbox', { name: 'Pause logos' }).check();
    await page.waitForTimeout(300);
    problems.push(
      ...(await seriousViolations(page)).map(
        (problem) => `scrolled, FAQ open, marquee paused: ${problem}`,
      ),
    );
    expect(problems).toEqual([]);
  });

  test('phone: open mobile menu with an accordion section open', async ({ page }) => {
    await page.setViewportSize({ width: 390, height: 844 });
    await holdScheduler(page);
    await open(page, '/pricing');
    await page.locator('summary[aria-label="Menu"]').click();
    await page
      .getByRole('navigation', { name: 'Mobile' })
      .locator('summary', { hasText: 'Solutions' })
      .click();
    await page.waitForTimeout(200);
    expect(await seriousViolations(page)).toEqual([]);
  });

  test('scheduler fallback when the provider cannot be reached, and reduced motion', async ({
    browser,
  }) => {
    const context = await browser.newContext({
      viewport: { width: 390, height: 844 },
      reducedMotion: 'reduce',
    });
    const page = await context.newPage();
    await page.clock.install();
    await holdScheduler(page);
    await page.goto('/book-demo', { waitUntil: 'domcontentloaded' });
    await expect(page.locator('[data-menu][data-enhanced]').first()).toBeAttached();
    await page.locator('[data-scheduler]').scrollIntoViewIfNeeded();
    await page.clock.runFor(11_000);
    await expect(page.locator('[data-scheduler]')).toHaveAttribute('data-status', 'unavailable');
    expect(await seriousViolations(page)).toEqual([]);
    await page.goto('/', { waitUntil: 'domcontentloaded' });
    expect(await seriousViolations(page)).toEqual([]);
    await context.close();
  });
});
