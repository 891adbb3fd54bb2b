import { defineConfig } from '@playwright/test';

/**
 * End-to-end tests of the page editor (`npm run edit`), in the system Chromium. Each worker starts
 * its own editor, on a port the system picks, on a fresh copy of the site's content in a temporary
 * git repository (tests/editor/fixture.ts), so these tests need no build and never touch the
 * project's own pages.
 */
export default defineConfig({
  testDir: 'tests/editor',
  timeout: 45_000,
  expect: { timeout: 10_000 },
  fullyParallel: false,
  workers: Number(process.env.E2E_WORKERS ?? 2),
  reporter: process.env.CI ? 'line' : 'list',
  use: {
    viewport: { width: 1280, height: 800 },
    launchOptions: {
      executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium',
      args: [
        '--no-sandbox',
        '--disable-gpu',
        '--disable-quic',
        '--no-first-run',
        '--disable-background-networking',
        '--disable-component-update',
        '--disable-sync',
      ],
    },
  },
  projects: [{ name: 'editor', use: { browserName: 'chromium' } }],
});
