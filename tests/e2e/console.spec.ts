import { expect, test, type Page } from '@playwright/test';
import { readdirSync } from 'node:fs';
import path from 'node:path';

/**
 * Every route of the built site, served with the _headers file (CSP included) like a static host, opens in Chromium
 * without a single console error, uncaught exception, CSP violation or failed same-origin request. Hydrated pages
 * are given time to hydrate, so hydration mismatches count. Requests to other origins (the scheduling provider's
 * frame) are answered locally with an empty page, so the check needs no network and only tests this site.
 */

const distDir = path.resolve(import.meta.dirname, '../../dist/client');

function builtRoutes(): string[] {
  return (readdirSync(distDir, { recursive: true }) as string[])
    .map((file) => file.split(path.sep).join('/'))
    .filter((file) => file === 'index.html' || file.endsWith('/index.html'))
    .map((file) => (file === 'index.html' ? '/' : '/' + file.slice(0, -'/index.html'.length)))
    .sort();
}

async function collectProblems(page: Page, route: string): Promise<string[]> {
  const problems: string[] = [];
  const unknownPath = route === '/this-page-does-not-exist';
  page.on('console', (message) => {
    if (message.type() !== 'error') return;
    // The browser itself reports the 404 status of an unknown path's document; that one is expected.
    if (unknownPath && message.text().startsWith('Failed to load resource') && new URL(message.location().url).pathname === route) return;
    problems.push(`console.error: ${message.text()}`);
  });
  page.on('pageerror', (error) => problems.push(`uncaught: ${error.message}`));
  const origin = new URL(test.info().project.use.baseURL!).origin;
  page.on('response', (response) => {
    const request = response.request();
    if (request.isNavigationRequest() && request.frame() === page.mainFrame()) return;
    if (new URL(response.url()).origin === origin && response.status() >= 400) problems.push(`HTTP ${response.status()}: ${response.url()}`);
  });
  await page.addInitScript(() => {
    document.addEventListener('securitypolicyviolation', (event) => console.error(`CSP violation: ${event.violatedDirective} ${event.blockedURI}`));
  });
  await page.route(/^https?:\/\/(?!127\.0\.0\.1|localhost)/, (request) => request.fulfill({ status: 200, contentType: 'text/html', body: '<!DOCTYPE html><title>stub</title>' }));
  const response = await page.goto(route, { waitUntil: 'load' });
  if (response?.status() !== (unknownPath ? 404 : 200)) problems.push(`status ${response?.status()}`);
  // Pages with scripts load their modules after `load`: wait for the network to settle, then for effects to run.
  if (await page.locator('script[src]').count()) {
    await page.waitForLoadState('networkidle');
    await page.waitForTimeout(300);
  }
  return problems;
}

test.describe('no console errors', () => {
  for (const route of [...builtRoutes(), '/this-page-does-not-exist']) {
    test(route, async ({ page }) => {
      expect(await collectProblems(page, route)).toEqual([]);
    });
  }

  test('the 404 page tells the console which path was not found, as a warning', async ({ page }) => {
    const warnings: string[] = [];
    page.on('console', (message) => {
      if (message.type() === 'warning') warnings.push(message.text());
    });
    const response = await page.goto('/no/such/page');
    expect(response?.status()).toBe(404);
    await expect.poll(() => warnings).toContain('404: no page at /no/such/page');
  });
});
