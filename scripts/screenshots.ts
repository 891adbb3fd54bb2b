/**
 * Full-page screenshots of routes at 390px and 1280px, from the built site, into screenshots/.
 * Usage: npm run build && tsx scripts/screenshots.ts / /pricing /solutions/hotels
 */
import { mkdirSync } from 'node:fs';
import path from 'node:path';
import { readCommandLine } from '../engine/command-line.ts';
import { startServer } from './serve.ts';

const { positionals: routes } = readCommandLine({
  usage: 'npx tsx scripts/screenshots.ts',
  summary:
    'Full-page screenshots of routes of the built site at 390 and 1280 px, into screenshots/.',
  options: {},
  positionals: { usage: '[routes…]', help: 'the routes to take (default: /)', max: Infinity },
});
// Playwright is loaded once the command line is read: --help and a wrong option answer at once.
const { chromium } = await import('@playwright/test');
const widths = [390, 1280];
const outDir = path.resolve('screenshots');
mkdirSync(outDir, { recursive: true });

const server = await startServer(path.resolve('dist/client'), 0);
const address = server.address();
const port = typeof address === 'object' && address ? address.port : 0;
const browser = await chromium.launch({
  executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium',
  args: [
    '--no-sandbox',
    '--disable-gpu',
    '--disable-background-networking',
    '--disable-component-update',
    '--disable-sync',
  ],
});
for (const route of routes.length ? routes : ['/']) {
  for (const width of widths) {
    const page = await browser.newPage({
      viewport: { width, height: 900 },
      reducedMotion: 'reduce',
    });
    await page.goto(`http://127.0.0.1:${port}${route}`, { waitUntil: 'networkidle' });
    await page.waitForTimeout(800);
    const name = (route === '/' ? 'home' : route.slice(1).replace(/\//g, '_')) + `-${width}.png`;
    await page.screenshot({ path: path.join(outDir, name), fullPage: true });
    console.log(path.join('screenshots', name));
    await page.close();
  }
}
await browser.close();
server.close();
