import { readFileSync, rmSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { expect, test } from '@playwright/test';
import { startDevServer } from '../helpers/dev-server.ts';
import { copyProject } from '../helpers/project-copy.ts';

/**
 * `npm run dev` in Chromium, on a copy of the project: an edit of a page's YAML shows in the open
 * page without a reload (renderer/client/live-update.ts), its enhancers working on the new body; an
 * edit that needs other scripts reloads the page.
 */
test.describe.configure({ mode: 'serial' });

let dir: string;
let stop = () => {};
let origin: string;

test.beforeAll(async () => {
  test.setTimeout(120_000);
  dir = copyProject('staylix-dev-');
  ({ origin, stop } = await startDevServer(dir));
});

test.afterAll(() => {
  stop();
  if (dir) rmSync(dir, { recursive: true, force: true });
});

const edit = (file: string, change: (text: string) => string) => {
  const full = path.join(dir, 'pages', file);
  const before = readFileSync(full, 'utf8');
  const after = change(before);
  expect(after).not.toBe(before);
  writeFileSync(full, after);
};

test('an edit shows in the open page without a reload; the enhancers work on the new body', async ({
  page,
}) => {
  test.setTimeout(90_000);
  await page.goto(`${origin}/pricing`);
  await expect(page.locator('button[data-back-to-top]')).toHaveCount(1);
  await page.waitForFunction(() =>
    performance.getEntriesByType('resource').some((entry) => entry.name.includes('/@vite/client')),
  );
  await page.waitForTimeout(500);
  let navigations = 0;
  page.on('framenavigated', (frame) => frame === page.mainFrame() && navigations++);
  await page.evaluate(() => ((window as { beforeEdit?: boolean }).beforeEdit = true));

  edit('pricing.yaml', (text) =>
    text
      .replace(
        'title: Outcome-based pricing that grows with you',
        'title: Pricing edited in the dev server',
      )
      .replace(/^title: .*$/m, 'title: Plans edited live'),
  );
  await expect(page.getByRole('heading', { level: 1 })).toHaveText(
    'Pricing edited in the dev server',
  );
  await expect(page).toHaveTitle(/^Plans edited live/);
  expect(navigations).toBe(0);
  expect(await page.evaluate(() => (window as { beforeEdit?: boolean }).beforeEdit)).toBe(true);
  // Back to Top became a button again on the new body: the page's enhancers ran on it.
  await expect(page.locator('button[data-back-to-top]')).toHaveCount(1);
  await expect(page.locator('a[data-back-to-top]')).toHaveCount(0);
});

test('an edit that needs other scripts (an interactive block added) reloads the page', async ({
  page,
}) => {
  test.setTimeout(90_000);
  await page.goto(`${origin}/pricing`);
  await page.waitForFunction(() =>
    performance.getEntriesByType('resource').some((entry) => entry.name.includes('/@vite/client')),
  );
  await page.waitForTimeout(500);
  await page.evaluate(() => ((window as { beforeEdit?: boolean }).beforeEdit = true));
  const scheduler = readFileSync(path.join(dir, 'pages/contact.yaml'), 'utf8').match(
    /^ {2}- type: scheduler\n(?: {4}.*\n)+/m,
  )![0];
  // The translations of the page keep its structure: the new block is left untranslated there
  // (allowed for both).
  for (const translation of ['de/pricing.yaml', 'ar/pricing.yaml'])
    edit(translation, (text) =>
      text.replace(/^blocks:\n/m, 'blocks:\n  - type: scheduler\n    untranslated: true\n'),
    );
  edit('pricing.yaml', (text) =>
    text.replace(/^blocks:\n/m, `blocks:\n${scheduler.replace('id: book-a-call', 'id: book-now')}`),
  );
  await expect(page.locator('#book-now')).toBeVisible({ timeout: 30_000 });
  expect(
    await page.evaluate(() => (window as { beforeEdit?: boolean }).beforeEdit),
  ).toBeUndefined();
});

test('one invalid page: the overlay names it at its file:line:col, every other page renders', async ({
  page,
}) => {
  test.setTimeout(90_000);
  edit('resources/news.yaml', (text) =>
    text.replace(/^title: .*$/m, 'title: "<b>News</b>"\nnoSuchKey: <img src=x onerror=alert(1)>'),
  );
  for (const route of ['/', '/pricing']) {
    const answer = await page.goto(`${origin}${route}`);
    expect(answer?.status(), route).toBe(200);
    await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
    const overlay = page.locator('vite-error-overlay');
    await expect(overlay).toBeAttached({ timeout: 20_000 });
    const text = await overlay.evaluate((element) => element.shadowRoot!.textContent ?? '');
    expect(text).toMatch(/pages\/resources\/news\.yaml:\d+:\d+/);
    expect(text).toContain('noSuchKey');
    // The YAML's markup is text in the overlay, never elements.
    expect(
      await overlay.evaluate((element) => element.shadowRoot!.querySelectorAll('img, b').length),
    ).toBe(0);
  }
  await page.locator('vite-error-overlay').evaluate((element) => element.remove());
  await page.setViewportSize({ width: 1280, height: 900 });
  await page.goto(`${origin}/`);
  await expect(page.locator('vite-error-overlay')).toBeAttached({ timeout: 20_000 });
  await page.screenshot({ path: 'test-results/dev-overlay-1280.png' });
  await page.setViewportSize({ width: 390, height: 844 });
  await page.screenshot({ path: 'test-results/dev-overlay-390.png' });
});
