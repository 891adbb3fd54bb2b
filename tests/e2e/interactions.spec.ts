import { readFileSync } from 'node:fs';
import { test as base, expect, type BrowserContextOptions, type BrowserContext, type Locator, type Page } from '@playwright/test';
import { parse } from 'yaml';

/**
 * Interactions, motion and states from site-spec §4 and §9, in a real browser against the built site.
 * Timings run on Playwright's fake clock where they matter (menus, stats, scheduler timeout).
 */

const desktop = { width: 1280, height: 900 };
const phone = { width: 390, height: 844 };
const T0 = new Date('2025-03-03T09:00:00Z').getTime();

/** The scheduling provider is never reached from tests: by default its requests hang, like a slow network. */
type SchedulerMode = 'hang' | 'abort' | 'widget';
/** The booking page of site.config.yaml (a placeholder on an example domain until the company fills it in). */
const schedulerUrl = (parse(readFileSync('site.config.yaml', 'utf8')) as { scheduler: { url: string } }).scheduler.url;
const schedulerOrigin = new URL(schedulerUrl).origin;

async function blockScheduler(page: Page, how: SchedulerMode = 'hang') {
  await page.route((url) => url.origin === schedulerOrigin, async (route) => {
    if (how === 'abort') return route.abort('internetdisconnected');
    if (how === 'widget') {
      // A stand-in for the provider's page: it talks to the embedding page the way the real widget does.
      return route.fulfill({
        contentType: 'text/html',
        body: `<!doctype html><title>Booking</title><p>Pick a time</p><script>parent.postMessage({ event: 'calendly.event_type_viewed', payload: {} }, '*')</script>`,
      });
    }
    // hang: never answer
  });
}

/**
 * `pageWith(options, scheduler)`: a page in a browser context of its own (JavaScript off, reduced motion, another
 * viewport), with the scheduling provider blocked; its context is closed after the test.
 */
const test = base.extend<{ pageWith: (options: BrowserContextOptions, scheduler?: SchedulerMode) => Promise<Page> }>({
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

/** Fake clock, paused: time only moves when the test says so. */
async function pauseClock(page: Page) {
  await page.clock.install({ time: T0 });
  await page.clock.pauseAt(T0 + 1000);
}

/** Resolves once the page's enhancement script has run (the header is enhanced). */
const enhanced = (page: Page) => expect(page.locator('[data-menu][data-enhanced]').first()).toBeAttached();

/** Opens a route with the scheduling provider blocked (and the fake clock paused, if asked), once its script has run. */
async function openEnhanced(page: Page, route: string, { pausedClock = false } = {}) {
  await blockScheduler(page);
  if (pausedClock) await pauseClock(page);
  await page.goto(route);
  await enhanced(page);
}

const menu = (page: Page, name: string) => {
  const item = page.getByRole('navigation', { name: 'Main' }).locator('[data-menu]').filter({ has: page.getByRole('button', { name }) });
  return { trigger: item.getByRole('button', { name }), item, panel: item.locator('[data-menu-panel]') };
};

const expectOpen = async (entry: { trigger: Locator; item: Locator }, open: boolean) => {
  await expect(entry.trigger).toHaveAttribute('aria-expanded', String(open));
  if (open) await expect(entry.item).toHaveAttribute('data-open', '');
  else await expect(entry.item).not.toHaveAttribute('data-open');
};

test.describe('desktop header menus', () => {
  test.use({ viewport: desktop });

  test('open on hover after 200 ms, close 150 ms after the pointer leaves', async ({ page }) => {
    await openEnhanced(page, '/', { pausedClock: true });
    const solutions = menu(page, 'Solutions');
    await solutions.trigger.hover();
    await page.clock.runFor(199);
    await expectOpen(solutions, false);
    await page.clock.runFor(1);
    await expectOpen(solutions, true);
    await expect(solutions.panel).toBeVisible();
    await expect(solutions.panel.getByRole('link', { name: /Operations Hub/ })).toBeVisible();

    // Moving from the trigger into the panel keeps it open.
    await solutions.panel.getByRole('link', { name: /Hotels/ }).hover();
    await page.clock.runFor(500);
    await expectOpen(solutions, true);

    await page.mouse.move(640, 700);
    await page.clock.runFor(149);
    await expectOpen(solutions, true);
    await page.clock.runFor(1);
    await expectOpen(solutions, false);
    await expect(solutions.panel).toBeHidden();
  });

  test('a pointer that only passes over a trigger opens nothing', async ({ page }) => {
    await openEnhanced(page, '/', { pausedClock: true });
    const solutions = menu(page, 'Solutions');
    await solutions.trigger.hover();
    await page.clock.runFor(150);
    await page.mouse.move(640, 700);
    await page.clock.runFor(1000);
    await expectOpen(solutions, false);
  });

  test('skip delay: another menu opens at once while one is open and for 300 ms after it closed', async ({ page }) => {
    await openEnhanced(page, '/', { pausedClock: true });
    const solutions = menu(page, 'Solutions');
    const resources = menu(page, 'Resources');

    await solutions.trigger.hover();
    await page.clock.runFor(200);
    await expectOpen(solutions, true);
    // Straight across to the next trigger: it takes over immediately.
    await resources.trigger.hover();
    await page.clock.runFor(0);
    await expectOpen(resources, true);
    await expectOpen(solutions, false);

    // Leave; it closes after 150 ms. Within the next 300 ms another trigger opens without the 200 ms wait.
    await page.mouse.move(640, 700);
    await page.clock.runFor(150);
    await expectOpen(resources, false);
    await page.clock.runFor(250);
    await solutions.trigger.hover();
    await page.clock.runFor(0);
    await expectOpen(solutions, true);

    // Past the window, the open delay applies again.
    await page.mouse.move(640, 700);
    await page.clock.runFor(150 + 300);
    await expectOpen(solutions, false);
    await resources.trigger.hover();
    await page.clock.runFor(199);
    await expectOpen(resources, false);
    await page.clock.runFor(1);
    await expectOpen(resources, true);
  });

  test('click toggles; a click outside closes', async ({ page }) => {
    await openEnhanced(page, '/');
    const resources = menu(page, 'Resources');
    await resources.trigger.click();
    await expectOpen(resources, true);
    await resources.trigger.click();
    await expectOpen(resources, false);
    await resources.trigger.click();
    await expectOpen(resources, true);
    await page.mouse.click(640, 600);
    await expectOpen(resources, false);
  });

  test('keyboard: Enter opens, Tab walks the links, Escape closes and returns focus, ArrowDown opens to the first link', async ({ page }) => {
    await openEnhanced(page, '/');
    const solutions = menu(page, 'Solutions');
    await solutions.trigger.focus();
    await page.keyboard.press('Enter');
    await expectOpen(solutions, true);
    await page.keyboard.press('Tab');
    await expect(solutions.panel.getByRole('link').first()).toBeFocused();
    await page.keyboard.press('Escape');
    await expectOpen(solutions, false);
    await expect(solutions.trigger).toBeFocused();

    await page.keyboard.press('ArrowDown');
    await expectOpen(solutions, true);
    await expect(solutions.panel.getByRole('link').first()).toBeFocused();

    // Tabbing past the last link leaves the menu, which closes.
    const count = await solutions.panel.getByRole('link').count();
    for (let index = 0; index < count; index++) await page.keyboard.press('Tab');
    await expect(menu(page, 'Resources').trigger).toBeFocused();
    await expectOpen(solutions, false);
  });

  test('without JavaScript the menus still open on hover and keyboard focus (CSS), and close again', async ({ pageWith }) => {
    const page = await pageWith({ viewport: desktop, javaScriptEnabled: false }, 'abort');
    await page.goto('/');
    const solutions = menu(page, 'Solutions');
    await expect(solutions.panel).toBeHidden();
    await solutions.trigger.hover();
    await expect(solutions.panel).toBeVisible();
    expect(await solutions.panel.evaluate((element) => getComputedStyle(element).transitionDelay)).toContain('0.2s');
    await page.mouse.move(640, 700);
    await expect(solutions.panel).toBeHidden();
    await solutions.trigger.focus();
    await expect(solutions.panel).toBeVisible();
  });
});

test.describe('header scrolled state', () => {
  test.use({ viewport: desktop });

  /** The header's shadow, or 'none' when it has none (a fully transparent one included). */
  const shadowOf = (page: Page) =>
    page.locator('[data-header]').evaluate((element) => {
      const shadow = getComputedStyle(element).boxShadow;
      return shadow === 'none' || shadow.startsWith('rgba(0, 0, 0, 0)') ? 'none' : shadow;
    });

  test('changes once scrollY > 10 (page with a script)', async ({ page }) => {
    await openEnhanced(page, '/');
    const header = page.locator('[data-header]');
    await expect(header).not.toHaveAttribute('data-scrolled');
    expect(await shadowOf(page)).toBe('none');
    await page.evaluate(() => window.scrollTo(0, 10));
    await page.waitForTimeout(100);
    await expect(header).not.toHaveAttribute('data-scrolled');
    await page.evaluate(() => window.scrollTo(0, 11));
    await expect(header).toHaveAttribute('data-scrolled', 'true');
    await expect.poll(() => shadowOf(page)).not.toBe('none');
    await page.evaluate(() => window.scrollTo(0, 0));
    await expect(header).not.toHaveAttribute('data-scrolled');
    await expect.poll(() => shadowOf(page)).toBe('none');
  });

  test('changes once scrollY > 10 on a page without JavaScript (scroll-driven CSS)', async ({ pageWith }) => {
    const page = await pageWith({ viewport: desktop, javaScriptEnabled: false });
    await page.goto('/terms-conditions');
    expect(await shadowOf(page)).toBe('none');
    await page.evaluate(() => window.scrollTo(0, 11));
    await expect.poll(() => shadowOf(page)).not.toBe('none');
    await page.evaluate(() => window.scrollTo(0, 0));
    await expect.poll(() => shadowOf(page)).toBe('none');
  });
});

test.describe('mobile breakpoint (768 px)', () => {
  for (const [width, mobile] of [
    [767, true],
    [768, false],
    [1024, false],
  ] as const) {
    test(`${width} px shows the ${mobile ? 'mobile toggle' : 'desktop navigation'}, with no horizontal scrolling`, async ({ page }) => {
      await page.setViewportSize({ width, height: 800 });
      await page.goto('/pricing');
      await expect(page.locator('summary[aria-label="Menu"]')).toBeVisible({ visible: mobile });
      await expect(page.getByRole('navigation', { name: 'Main' })).toBeVisible({ visible: !mobile });
      expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBe(width);
      if (!mobile) {
        // Both menus fit on screen when open.
        for (const name of ['Solutions', 'Resources']) {
          await page.getByRole('navigation', { name: 'Main' }).getByRole('button', { name }).hover();
          const panel = page.locator('[data-menu]').filter({ has: page.getByRole('button', { name }) }).locator('[data-menu-panel]');
          await expect(panel).toBeVisible();
          await expect.poll(() => panel.evaluate((element) => getComputedStyle(element).opacity)).toBe('1');
          const box = (await panel.boundingBox())!;
          expect(box.x).toBeGreaterThanOrEqual(0);
          expect(box.x + box.width).toBeLessThanOrEqual(width);
          await page.mouse.move(width / 2, 700);
          await expect(panel).toBeHidden();
        }
      }
    });
  }
});

test.describe('mobile menu (390 px)', () => {
  test.use({ viewport: phone });

  for (const route of ['/', '/terms-conditions']) {
    test(`toggle with an accessible name opens it; one accordion section at a time, collapsible (${route})`, async ({ page }) => {
      await blockScheduler(page);
      await page.goto(route);
      await expect(page.getByRole('navigation', { name: 'Main' })).toBeHidden();
      const button = page.locator('summary[aria-label="Menu"]');
      await expect(button).toBeVisible();
      const box = await button.boundingBox();
      expect(box!.width).toBeGreaterThanOrEqual(44);
      const panel = page.getByRole('navigation', { name: 'Mobile' });
      await expect(panel).toBeHidden();
      await button.click();
      await expect(panel).toBeVisible();

      const section = (name: string) => panel.locator('details').filter({ has: page.locator('summary', { hasText: name }) });
      await section('Solutions').locator('summary').click();
      await expect(section('Solutions')).toHaveAttribute('open', '');
      await expect(panel.getByRole('link', { name: 'Hotels' })).toBeVisible();
      await section('Resources').locator('summary').click();
      await expect(section('Resources')).toHaveAttribute('open', '');
      await expect(section('Solutions')).not.toHaveAttribute('open');
      await section('Resources').locator('summary').click();
      await expect(section('Resources')).not.toHaveAttribute('open');

      // Keyboard works too: Enter on the focused section summary.
      await section('Solutions').locator('summary').focus();
      await page.keyboard.press('Enter');
      await expect(section('Solutions')).toHaveAttribute('open', '');

      await button.click();
      await expect(panel).toBeHidden();
    });
  }

  test('closes when a link in it is clicked (even one that does not load a new page)', async ({ page }) => {
    await openEnhanced(page, '/');
    const mobile = page.locator('[data-mobile-menu]');
    await mobile.locator('summary[aria-label="Menu"]').click();
    await expect(mobile).toHaveAttribute('open', '');
    // Keep the browser on this page, as a same-page #anchor link would.
    await page.evaluate(() => document.addEventListener('click', (event) => event.preventDefault(), { once: true }));
    await page.getByRole('navigation', { name: 'Mobile' }).getByRole('link', { name: 'Pricing' }).click();
    await expect(mobile).not.toHaveAttribute('open');
    await expect(page).toHaveURL(/\/$/);
  });

  test('Escape closes it and puts focus back on the toggle', async ({ page }) => {
    await openEnhanced(page, '/');
    const mobile = page.locator('[data-mobile-menu]');
    const button = mobile.locator('summary[aria-label="Menu"]');
    await button.click();
    await page.getByRole('navigation', { name: 'Mobile' }).getByRole('link', { name: 'Platform' }).focus();
    await page.keyboard.press('Escape');
    await expect(mobile).not.toHaveAttribute('open');
    await expect(button).toBeFocused();
  });

  test('a link click navigates and the next page starts with the menu closed', async ({ page }) => {
    await blockScheduler(page);
    await page.goto('/');
    await page.locator('summary[aria-label="Menu"]').click();
    await page.getByRole('navigation', { name: 'Mobile' }).getByRole('link', { name: 'Pricing' }).click();
    await expect(page).toHaveURL(/\/pricing$/);
    await expect(page.getByRole('navigation', { name: 'Mobile' })).toBeHidden();
  });
});

// Hero stats (CSS counters, 0 from the first frame): tests/e2e/site-wide.spec.ts.

test.describe('cards fade in', () => {
  test.use({ viewport: desktop });

  test('staggered by 0.05 s per item, and visible in the end', async ({ page }) => {
    await blockScheduler(page);
    await page.goto('/');
    const cards = page.locator('.fade-in');
    expect(await cards.count()).toBeGreaterThan(3);
    const timing = await cards.evaluateAll((elements) =>
      elements.slice(0, 3).map((element) => {
        const style = getComputedStyle(element);
        return { name: style.animationName, delay: style.animationDelay, index: (element as HTMLElement).style.getPropertyValue('--stagger-index') };
      }),
    );
    for (const item of timing) {
      expect(item.name).toBe('fade-in');
      expect(Number.parseFloat(item.delay)).toBeCloseTo(Number(item.index) * 0.05, 5);
    }
    expect(new Set(timing.map((item) => item.delay)).size).toBeGreaterThan(1);
    await expect.poll(() => cards.first().evaluate((element) => getComputedStyle(element).opacity)).toBe('1');
  });

  test('no motion and fully visible under prefers-reduced-motion, and without JavaScript', async ({ pageWith }) => {
    for (const options of [{ reducedMotion: 'reduce' as const }, { javaScriptEnabled: false }]) {
      const page = await pageWith({ viewport: desktop, ...options }, 'abort');
      await page.goto('/');
      const styles = await page.locator('.fade-in').evaluateAll((elements) => elements.map((element) => getComputedStyle(element)));
      expect(styles.length).toBeGreaterThan(3);
      if (options.reducedMotion) {
        const names = await page.locator('.fade-in').evaluateAll((elements) => elements.map((element) => [getComputedStyle(element).animationName, getComputedStyle(element).opacity]));
        expect(new Set(names.map(([name, opacity]) => `${name}/${opacity}`))).toEqual(new Set(['none/1']));
      } else {
        await expect.poll(() => page.locator('.fade-in').evaluateAll((elements) => elements.every((element) => getComputedStyle(element).opacity === '1'))).toBe(true);
      }
    }
  });
});

test.describe('logo marquee', () => {
  test.use({ viewport: desktop });

  test('11 logos of 140 px in a seamless 20 s loop, paused on hover and by its toggle', async ({ page }) => {
    await blockScheduler(page);
    await page.goto('/');
    const marquee = page.locator('[data-logo-marquee]');
    await marquee.scrollIntoViewIfNeeded();
    const rows = marquee.locator('[data-marquee-track] > ul');
    await expect(rows).toHaveCount(2);
    const logos = rows.first().getByRole('img');
    await expect(logos).toHaveCount(11);
    for (const box of await logos.evaluateAll((images) => images.map((image) => (image as HTMLElement).offsetWidth))) expect(box).toBe(140);
    await expect(rows.nth(1)).toHaveAttribute('aria-hidden', 'true');
    expect(await logos.evaluateAll((images) => images.every((image) => (image as HTMLImageElement).complete && (image as HTMLImageElement).naturalWidth > 0))).toBe(true);

    const track = marquee.locator('[data-marquee-track]');
    const animation = await track.evaluate((element) => {
      const style = getComputedStyle(element);
      const [running] = element.getAnimations();
      const keyframes = (running!.effect as KeyframeEffect).getKeyframes();
      const rows = element.querySelectorAll('ul');
      return {
        duration: style.animationDuration,
        iterations: style.animationIterationCount,
        timing: style.animationTimingFunction,
        state: style.animationPlayState,
        last: keyframes.at(-1)!.transform,
        trackWidth: (element as HTMLElement).offsetWidth,
        rowWidths: [...rows].map((row) => row.offsetWidth),
      };
    });
    expect(animation).toMatchObject({ duration: '20s', iterations: 'infinite', timing: 'linear', state: 'running' });
    expect(animation.last).toMatch(/^translateX?\(-50%\)$/);
    // Seamless: the track is exactly two identical rows, so -50% lands on the start of the copy.
    expect(animation.rowWidths[0]).toBe(animation.rowWidths[1]);
    expect(animation.trackWidth).toBe(animation.rowWidths[0]! * 2);

    const state = () => track.evaluate((element) => getComputedStyle(element).animationPlayState);
    const row = await marquee.locator('[data-marquee-track]').boundingBox();
    await page.mouse.move(640, row!.y + row!.height / 2);
    await expect.poll(state).toBe('paused');
    await page.mouse.move(5, 5);
    await expect.poll(state).toBe('running');
    await page.getByRole('checkbox', { name: 'Pause logos' }).check();
    await expect.poll(state).toBe('paused');
    await page.getByRole('checkbox', { name: 'Pause logos' }).uncheck();
    await expect.poll(state).toBe('running');
  });

  test('static, wrapped and without the copy under prefers-reduced-motion', async ({ pageWith }) => {
    const page = await pageWith({ viewport: phone, reducedMotion: 'reduce' }, 'abort');
    await page.goto('/');
    const track = page.locator('[data-marquee-track]');
    expect(await track.evaluate((element) => getComputedStyle(element).animationName)).toBe('none');
    await expect(track.locator('ul').nth(1)).toBeHidden();
    const images = track.locator('ul').first().getByRole('img');
    await expect(images).toHaveCount(11);
    const right = await images.evaluateAll((elements) => Math.max(...elements.map((element) => element.getBoundingClientRect().right)));
    expect(right).toBeLessThanOrEqual(390);
    await expect(page.getByRole('checkbox', { name: 'Pause logos' })).toBeHidden();
  });
});

test.describe('FAQ accordion', () => {
  test.use({ viewport: desktop });

  test('one item open at a time, collapsible, keyboard operable', async ({ page }) => {
    await blockScheduler(page);
    await page.goto('/');
    const items = page.locator('[data-faq-item]');
    expect(await items.count()).toBeGreaterThanOrEqual(3);
    const openCount = () => page.locator('[data-faq-item][open]').count();
    expect(await openCount()).toBe(0);

    await items.nth(0).locator('summary').click();
    await expect(items.nth(0)).toHaveAttribute('open', '');
    await expect(items.nth(0).locator('p')).toBeVisible();
    await items.nth(1).locator('summary').click();
    await expect(items.nth(1)).toHaveAttribute('open', '');
    await expect(items.nth(0)).not.toHaveAttribute('open');
    expect(await openCount()).toBe(1);
    await items.nth(1).locator('summary').click();
    await expect(items.nth(1)).not.toHaveAttribute('open');
    expect(await openCount()).toBe(0);

    await items.nth(2).locator('summary').focus();
    await page.keyboard.press('Enter');
    await expect(items.nth(2)).toHaveAttribute('open', '');
    await page.keyboard.press('Space');
    await expect(items.nth(2)).not.toHaveAttribute('open');
    await page.keyboard.press('Shift+Tab');
    await page.keyboard.press('Enter');
    await expect(items.nth(1)).toHaveAttribute('open', '');
    expect(await openCount()).toBe(1);
  });
});

test.describe('scheduling widget', () => {
  test.use({ viewport: desktop });

  const frameOf = (page: Page) => page.locator('iframe[data-scheduler-frame]');

  test('inline, lazy, 700 px high, at least 320 px wide, with the embed options of each page', async ({ page }) => {
    await blockScheduler(page);
    const expectations: Array<[string, Record<string, string | null>]> = [
      ['/', { hide_landing_page_details: '1', hide_event_type_details: null, hide_gdpr_banner: '1' }],
      ['/book-demo', { hide_landing_page_details: null, hide_event_type_details: null, hide_gdpr_banner: '1' }],
      ['/contact', { hide_landing_page_details: null, hide_event_type_details: '1', hide_gdpr_banner: '1' }],
    ];
    for (const [route, params] of expectations) {
      await page.goto(route, { waitUntil: 'domcontentloaded' });
      await enhanced(page);
      const frame = frameOf(page);
      await expect(frame).toHaveCount(1);
      await expect(frame).toHaveAttribute('loading', 'lazy');
      await expect(frame).toHaveAttribute('title', /scheduling calendar/);
      const src = new URL((await frame.getAttribute('src'))!);
      expect(`${src.origin}${src.pathname}`).toBe(schedulerUrl);
      for (const [name, value] of Object.entries(params)) expect(src.searchParams.get(name), `${route} ${name}`).toBe(value);
      await frame.scrollIntoViewIfNeeded();
      const size = await frame.evaluate((element) => ({ height: element.getBoundingClientRect().height, minWidth: getComputedStyle(element).minWidth }));
      expect(size).toEqual({ height: 700, minWidth: '320px' });
    }
    await page.goto('/book-demo');
    await expect(page.getByRole('heading', { level: 1 })).toHaveText('Book a Demo');
  });

  test('while it loads, the visitor sees a plain link to the booking page, never an empty box', async ({ page }) => {
    await blockScheduler(page, 'hang');
    await page.goto('/book-demo', { waitUntil: 'domcontentloaded' });
    await enhanced(page);
    const box = page.locator('[data-scheduler]');
    await expect(box).toHaveAttribute('data-status', 'loading');
    await expect(box.getByText('Loading the booking calendar…')).toBeVisible();
    const link = box.getByRole('link', { name: 'Open the booking page' });
    await expect(link).toBeVisible();
    await link.scrollIntoViewIfNeeded();
    expect(await link.getAttribute('href')).toBe(schedulerUrl);
    // Until the provider answers, the frame is invisible and lets clicks through: the link works, and a browser error
    // page for an unreachable provider is never shown.
    const hit = await link.evaluate((element) => {
      const rect = element.getBoundingClientRect();
      const top = document.elementFromPoint(rect.x + rect.width / 2, rect.y + rect.height / 2);
      return top?.closest('a') === element;
    });
    expect(hit).toBe(true);
    expect(await frameOf(page).evaluate((element) => getComputedStyle(element).opacity)).toBe('0');
  });

  test('when the provider cannot be reached, the frame gives way to the link and a message after 10 s', async ({ page }) => {
    await blockScheduler(page, 'hang');
    await pauseClock(page);
    await page.goto('/book-demo', { waitUntil: 'domcontentloaded' });
    await enhanced(page);
    await frameOf(page).scrollIntoViewIfNeeded();
    await page.clock.runFor(9_900);
    await expect(frameOf(page)).toHaveCount(1);
    await page.clock.runFor(200);
    await expect(frameOf(page)).toHaveCount(0);
    const box = page.locator('[data-scheduler]');
    await expect(box).toHaveAttribute('data-status', 'unavailable');
    await expect(box.getByRole('alert')).toContainText('could not be loaded');
    await expect(box.getByRole('link', { name: 'Open the booking page' })).toBeVisible();
    await box.getByRole('button', { name: 'Try again' }).click();
    await expect(frameOf(page)).toHaveCount(1);
  });

  test('a frame that loads an error page (provider unreachable) gives way soon after it loads', async ({ page }) => {
    await blockScheduler(page, 'abort');
    await page.goto('/book-demo');
    await enhanced(page);
    await frameOf(page).scrollIntoViewIfNeeded();
    await expect(page.locator('[data-scheduler]')).toHaveAttribute('data-status', 'unavailable', { timeout: 12_000 });
    await expect(page.locator('[data-scheduler]').getByRole('link', { name: 'Open the booking page' })).toBeVisible();
  });

  test('without JavaScript the frame is in the page, over the same fallback link', async ({ pageWith }) => {
    const page = await pageWith({ viewport: desktop, javaScriptEnabled: false }, 'widget');
    await page.goto('/book-demo');
    const frame = frameOf(page);
    await expect(frame).toBeVisible();
    await expect(frame).toHaveAttribute('loading', 'lazy');
    expect(await frame.evaluate((element) => element.getBoundingClientRect().height)).toBe(700);
    await expect(page.frameLocator('iframe[data-scheduler-frame]').getByText('Pick a time')).toBeVisible();
    await expect(page.getByRole('link', { name: 'Open the booking page' }).last()).toBeVisible();
  });

  test('a widget that talks back stays', async ({ page }) => {
    await blockScheduler(page, 'widget');
    await pauseClock(page);
    await page.goto('/book-demo');
    await enhanced(page);
    await frameOf(page).scrollIntoViewIfNeeded();
    await expect(page.locator('[data-scheduler]')).toHaveAttribute('data-status', 'ready');
    await expect.poll(() => frameOf(page).evaluate((element) => getComputedStyle(element).opacity)).toBe('1');
    await page.clock.runFor(20_000);
    await expect(frameOf(page)).toHaveCount(1);
    await expect(page.frameLocator('iframe[data-scheduler-frame]').getByText('Pick a time')).toBeVisible();
  });
});

test.describe('landing #hash', () => {
  test.use({ viewport: desktop });

  for (const reducedMotion of ['no-preference', 'reduce'] as const) {
    test(`on load, scrolls ${reducedMotion === 'reduce' ? 'instantly' : 'smoothly'} to the #hash target (${reducedMotion})`, async ({ pageWith }) => {
      const page = await pageWith({ viewport: desktop, reducedMotion }, 'hang');
      await page.addInitScript(() => {
        const calls: Array<{ id: string; behavior?: string }> = [];
        (window as unknown as { scrollCalls: typeof calls }).scrollCalls = calls;
        const original = Element.prototype.scrollIntoView;
        Element.prototype.scrollIntoView = function (this: Element, options?: boolean | ScrollIntoViewOptions) {
          calls.push({ id: this.id, behavior: typeof options === 'object' ? options.behavior : undefined });
          return original.call(this, options);
        };
      });
      await page.goto('/#faq', { waitUntil: 'domcontentloaded' });
      await expect.poll(() => page.evaluate(() => (window as unknown as { scrollCalls: unknown[] }).scrollCalls)).toEqual([
        { id: 'faq', behavior: reducedMotion === 'reduce' ? 'auto' : 'smooth' },
      ]);
      await expect.poll(() => page.locator('#faq').evaluate((element) => Math.round(element.getBoundingClientRect().top)), { timeout: 5000 }).toBeLessThan(100);
      expect(await page.locator('#faq').evaluate((element) => element.getBoundingClientRect().top)).toBeGreaterThanOrEqual(0);
    });
  }
});

test.describe('not found', () => {
  test.use({ viewport: desktop });

  test('an unknown path answers 404 with the not-found page and logs the path', async ({ page }) => {
    const messages: string[] = [];
    page.on('console', (message) => {
      if (message.type() === 'warning' || message.type() === 'log') messages.push(message.text());
    });
    const response = await page.goto('/no/such-page');
    expect(response?.status()).toBe(404);
    await expect(page.getByRole('heading', { level: 1 })).toHaveText('Oops! Page not found');
    await expect(page.getByRole('main').getByRole('link', { name: 'Return to Home' })).toHaveAttribute('href', '/');
    await expect.poll(() => messages).toContain('404: no page at /no/such-page');
  });
});

test.describe('footer and focus', () => {
  // With the script, Back to Top is a button that leaves the URL alone (site-wide.spec.ts); this is the plain link.
  test('Back to Top returns to the top of the page (without JavaScript: the #top link)', async ({ pageWith }) => {
    const page = await pageWith({ viewport: desktop, javaScriptEnabled: false });
    await page.goto('/pricing');
    await page.evaluate(() => window.scrollTo(0, document.documentElement.scrollHeight));
    await expect.poll(() => page.evaluate(() => window.scrollY)).toBeGreaterThan(500);
    await page.getByRole('link', { name: /Back to Top/ }).click();
    await expect.poll(() => page.evaluate(() => window.scrollY)).toBe(0);
    await expect(page).toHaveURL(/#top$/);
  });

  test('the first Tab shows a skip link that moves focus to the main content', async ({ page }) => {
    await page.setViewportSize(phone);
    await page.goto('/pricing');
    await page.keyboard.press('Tab');
    const skip = page.getByRole('link', { name: 'Skip to content' });
    await expect(skip).toBeFocused();
    await expect(skip).toBeInViewport();
    await page.keyboard.press('Enter');
    await expect(page).toHaveURL(/#main$/);
    await expect(page.locator('main')).toBeFocused();
  });

  test('focus is visible on links, buttons and summaries', async ({ page }) => {
    await page.setViewportSize(desktop);
    await openEnhanced(page, '/');
    const outlines: string[] = [];
    for (let index = 0; index < 16; index++) {
      await page.keyboard.press('Tab');
      outlines.push(
        await page.evaluate(() => {
          const element = document.activeElement as HTMLElement;
          // A card link may draw its focus ring around the whole card with an ::after overlay.
          const styles = [getComputedStyle(element), getComputedStyle(element, '::after')];
          const style = styles.find((candidate) => candidate.outlineStyle !== 'none') ?? styles[0]!;
          return `${element.tagName}.${element.className}:${style.outlineStyle}:${style.outlineWidth}`;
        }),
      );
    }
    for (const outline of outlines) {
      const [, style, width] = outline.split(':').slice(-3);
      expect(style, outline).not.toBe('none');
      expect(Number.parseFloat(width!), outline).toBeGreaterThanOrEqual(2);
    }
  });
});
