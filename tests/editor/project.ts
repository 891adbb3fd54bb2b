import type { PlaywrightTestProject } from '@playwright/test';
import { existsSync } from 'node:fs';

/**
 * The system Chromium that drives the tests: CHROMIUM_PATH, else Debian's headless shell (package
 * chromium-headless-shell, the same Chromium without the desktop browser around it), else
 * /usr/bin/chromium. The shell is what the tests want: each browser context and page costs it
 * less than half the CPU of the full browser, which on CI's two cores is minutes of the run.
 */
const HEADLESS_SHELL = '/usr/bin/chromium-headless-shell';
const testChromium =
  process.env.CHROMIUM_PATH ?? (existsSync(HEADLESS_SHELL) ? HEADLESS_SHELL : '/usr/bin/chromium');

/** The system Chromium's options, shared by the site's and the editor's end-to-end tests. */
export const chromiumLaunch = {
  executablePath: testChromium,
  args: [
    '--no-sandbox',
    '--disable-gpu',
    '--disable-quic',
    '--no-first-run',
    '--disable-background-networking',
    '--disable-component-update',
    '--disable-sync',
  ],
};

/**
 * On CI, a browser test that fails is run once more, in the site's and the editor's suites: a
 * 2-core machine under load can miss a frame or a timer that an idle one keeps. A test that passes
 * only the second time is named as flaky in the run's summary; one that fails twice fails the run.
 */
export const ciRetries = process.env.CI ? 1 : 0;

/**
 * End-to-end tests of the page editor (`npm run edit`), in the system Chromium. Each worker starts
 * its own editor, on a port the system picks, on a fresh copy of the site's content in a temporary
 * git repository (tests/editor/fixture.ts), so these tests need no build and never touch the
 * project's own pages. The one project of playwright.editor.config.ts (`npm run test:editor`, the
 * last step of `npm test`).
 */
export const editorProject: PlaywrightTestProject = {
  name: 'editor',
  testDir: 'tests/editor',
  timeout: 45_000,
  expect: { timeout: 10_000 },
  fullyParallel: false,
  // Two editors at a time: each worker starts one (a Vite server) and keeps it for its files.
  workers: 2,
  use: {
    browserName: 'chromium',
    viewport: { width: 1280, height: 800 },
    launchOptions: chromiumLaunch,
  },
};
