import { defineConfig } from '@playwright/test';
import { chromiumLaunch, ciRetries } from './tests/editor/project.ts';

const port = Number(process.env.E2E_PORT ?? 4179);
// Playwright's default is half the cores: one worker on CI's 2-core machine. The site's tests spend
// much of their time waiting (network idle, animations, fake-clock steps), so three workers keep
// both cores busy: the suite took 4.0 min with three on an idle 2-core machine against 5.6 min with
// two.
const siteWorkers = Number(process.env.E2E_WORKERS ?? 3);

/**
 * The built site's end-to-end tests (tests/e2e, `npm run build` first), in the system Chromium
 * (no browser download), the third step of `npm test`; the page editor's have a config of their
 * own (playwright.editor.config.ts, `npm run test:editor`).
 */
export default defineConfig({
  reporter: process.env.CI ? 'line' : 'list',
  globalSetup: './tests/helpers/temp-folder.ts',
  workers: siteWorkers,
  retries: ciRetries,
  projects: [
    {
      name: 'site',
      testDir: 'tests/e2e',
      timeout: 30_000,
      fullyParallel: true,
      workers: siteWorkers,
      use: {
        browserName: 'chromium',
        baseURL: `http://127.0.0.1:${port}`,
        launchOptions: chromiumLaunch,
      },
    },
  ],
  webServer: {
    command: `npx tsx scripts/serve.ts --port ${port}`,
    url: `http://127.0.0.1:${port}/`,
    // Never another run's server: a busy port is an error, not a server to test. E2E_REUSE_SERVER=1
    // reuses one that you started yourself (`npm run serve -- --port …`).
    reuseExistingServer: process.env.E2E_REUSE_SERVER === '1',
  },
});
