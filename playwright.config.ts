import { defineConfig } from '@playwright/test';
import { chromiumLaunch, editorProject } from './tests/editor/project.ts';

const port = Number(process.env.E2E_PORT ?? 4179);
// Playwright's default is half the cores: one worker on CI's 2-core machine. The site's tests spend
// much of their time waiting (network idle, animations, fake-clock steps), so three workers keep
// both cores busy: the suite took 4.0 min with three on an idle 2-core machine against 5.6 min with
// two.
const siteWorkers = Number(process.env.E2E_WORKERS ?? 3);
// One worker more for the editor's tests (a second editor once the site's tests leave a worker
// free): with two editors beside the site's three workers, the axe sweeps of both shared the cores
// badly enough to time out on a busy machine.
const extraWorkers = Number(process.env.EDITOR_WORKERS ?? 1);

/**
 * Every end-to-end test, in the system Chromium (no browser download): the built site's
 * (tests/e2e, `npm run build` first) and the page editor's (tests/editor, also run alone by `npm
 * run test:editor`). One run runs both side by side, each with its own workers: the editor's tests
 * wait on its server and the browser most of the time (half a core while they ran alone), the
 * site's on timers and network idle: on two cores each fits in the other's gaps. `npx playwright test tests/e2e/…` or `--project
 * site` runs the site's alone.
 */
export default defineConfig({
  reporter: process.env.CI ? 'line' : 'list',
  workers: siteWorkers + extraWorkers,
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
    editorProject,
  ],
  webServer: {
    command: `npx tsx scripts/serve.ts --port ${port}`,
    url: `http://127.0.0.1:${port}/`,
    // Never another run's server: a busy port is an error, not a server to test. E2E_REUSE_SERVER=1
    // reuses one that you started yourself (`npm run serve -- --port …`).
    reuseExistingServer: process.env.E2E_REUSE_SERVER === '1',
  },
});
