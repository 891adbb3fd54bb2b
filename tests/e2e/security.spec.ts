import { cpSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import type { Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { expect, test, type Page } from '@playwright/test';
import { startServer } from '../../scripts/serve.ts';
import { distDir, htmlPath } from '../helpers/built-site.ts';

/**
 * Stored XSS through the scheduler's address, in a real browser, on a host that sends no _headers
 * (so no CSP catches it): the built /book-demo page, with the frame address in data-frame replaced
 * by a hostile one as if site.config.yaml had said so, loads its enhancement script, and no script
 * of that address ever runs. The validator refuses such an address in the first place
 * (tests/security/urls.test.ts); this is the second line.
 */
const HOSTILE = [
  'javascript:window.top.__xss=1;alert(document.domain)//',
  'JavaScript:window.top.__xss=1;alert(1)',
  'java\tscript:window.top.__xss=1;alert(1)',
  'data:text/html,<script>parent.__xss=1;alert(1)</script>',
  'http://127.0.0.1:1/',
];

let dir: string;
let server: Server;
/** Each worker serves its own copy, on a port of its own. */
let base: string;

test.beforeAll(async () => {
  dir = mkdtempSync(path.join(os.tmpdir(), 'staylix-xss-'));
  cpSync(distDir, dir, { recursive: true });
  rmSync(path.join(dir, '_headers')); // a host that ignores _headers: no CSP
  const page = path.relative(distDir, htmlPath('/book-demo'));
  const html = readFileSync(path.join(dir, page), 'utf8');
  HOSTILE.forEach((src, index) =>
    writeFileSync(path.join(dir, `hostile-${index}.html`), withFrameSrc(html, src)),
  );
  server = await startServer(dir, 0);
  base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
});

test.afterAll(() => {
  server?.close();
  if (dir) rmSync(dir, { recursive: true, force: true });
});

/** The page with the frame address of data-frame (HTML-escaped JSON) set to `src`. */
function withFrameSrc(html: string, src: string): string {
  const decode = (text: string) =>
    text
      .replace(/&quot;/g, '"')
      .replace(/&#x27;/g, "'")
      .replace(/&lt;/g, '<')
      .replace(/&gt;/g, '>')
      .replace(/&amp;/g, '&');
  const encode = (text: string) =>
    text.replace(/&/g, '&amp;').replace(/"/g, '&quot;').replace(/</g, '&lt;').replace(/>/g, '&gt;');
  let replaced = 0;
  const out = html.replace(/data-frame="([^"]*)"/, (_, json: string) => {
    replaced++;
    return `data-frame="${encode(JSON.stringify({ ...JSON.parse(decode(json)), src }))}"`;
  });
  if (replaced !== 1) throw new Error('/book-demo has no scheduler data-frame');
  return out;
}

async function open(page: Page, index: number): Promise<string[]> {
  const dialogs: string[] = [];
  page.on('dialog', (dialog) => {
    dialogs.push(dialog.message());
    void dialog.dismiss();
  });
  await page.goto(`${base}/hostile-${index}.html`);
  // The enhancement script has run once the header menus are enhanced.
  await page.locator('[data-enhanced]').first().waitFor({ state: 'attached' });
  await page.waitForTimeout(300);
  return dialogs;
}

test.describe('the scheduler frame on a host without a CSP', () => {
  for (const [index, src] of HOSTILE.entries()) {
    test(`never mounts ${JSON.stringify(src)}`, async ({ page }) => {
      const dialogs = await open(page, index);
      expect(dialogs).toEqual([]);
      expect(
        await page.evaluate(() => (window as unknown as { __xss?: number }).__xss),
      ).toBeUndefined();
      await expect(page.locator('iframe')).toHaveCount(0);
      // The visitor is told, and still has the booking link.
      await expect(page.locator('[data-scheduler]')).toHaveAttribute('data-status', 'unavailable');
      await expect(page.locator('[data-scheduler-message]')).toContainText('could not be loaded');
      await expect(page.locator('[data-scheduler-link]')).toBeVisible();
    });
  }

  test('the harness catches the XSS when the address reaches a frame unchecked (the bug this guards against)', async ({
    page,
  }) => {
    const dialogs = await open(page, 0);
    await page.evaluate(() => {
      const box = document.querySelector<HTMLElement>('[data-scheduler]')!;
      const frame = document.createElement('iframe');
      frame.src = (JSON.parse(box.dataset.frame!) as { src: string }).src;
      box.append(frame);
    });
    await expect.poll(() => dialogs.length).toBe(1);
    expect(await page.evaluate(() => (window as unknown as { __xss?: number }).__xss)).toBe(1);
  });
});
