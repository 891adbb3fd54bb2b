import { defineConfig } from '@playwright/test';

const port = Number(process.env.E2E_PORT ?? 4179);

/**
 * End-to-end tests against the built site (npm run build first), in the system Chromium: no browser
 * download.
 */
export default defineConfig({
  testDir: 'tests/e2e',
  timeout: 30_000,
  fullyParallel: true,
  // Playwright's default is half the cores: one worker on CI's 2-core machine. The tests spend much
  // of their time waiting (network idle, animations, fake-clock steps), so three workers keep both
  // cores busy: the suite took 4.0 min with three on an idle 2-core machine against 5.6 min with
  // two.
  workers: Number(process.env.E2E_WORKERS ?? 3),
  reporter: process.env.CI ? 'line' : 'list',
  use: {
    baseURL: `http://127.0.0.1:${port}`,
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
  projects: [{ name: 'chromium', use: { browserName: 'chromium' } }],
  webServer: {
    command: `npx tsx scripts/serve.ts --port ${port}`,
    url: `http://127.0.0.1:${port}/`,
    // Never another run's server: a busy port is an error, not a server to test. E2E_REUSE_SERVER=1
    // reuses one that you started yourself (`npm run serve -- --port …`).
    reuseExistingServer: process.env.E2E_REUSE_SERVER === '1',
  },
});
