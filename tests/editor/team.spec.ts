import { test, expect, type Page } from '@playwright/test';
import { readdirSync, readFileSync, rmSync } from 'node:fs';
import path from 'node:path';
import { workspaceId } from '../../editor/team/workspaces.ts';
import { HttpBrowser } from '../team/http-browser.ts';
import { startTestTeamServer, type TestTeamServer } from '../team/team-server-fixture.ts';
import { seriousViolations } from './axe.ts';

/**
 * `npm run team`'s editor in Chromium: sign-in at a real provider (oidc-provider), the whole app
 * behind it with no token in any address, a save sent with the session's CSRF header into the
 * person's own workspace, and the admins' audit page (pictures at 1280 and 1024 px, axe).
 */
const FILE = 'pages/solutions/hotels.yaml';
let data: string;
let base: string;

test.describe.configure({ mode: 'serial' });

let fixture: TestTeamServer;

test.beforeAll(async () => {
  fixture = await startTestTeamServer({
    accounts: {
      ada: { email: 'ada@example.com', email_verified: true, name: 'Ada Admin' },
      anna: { email: 'anna@example.com', email_verified: true, name: 'Anna Ruiz' },
    },
    team: () => ({
      people: [
        { email: 'ada@example.com', role: 'admin' },
        { email: 'anna@example.com', role: 'author' },
      ],
    }),
  });
  ({ base, data } = fixture);
});

test.afterAll(() => fixture?.close());

async function signIn(page: Page) {
  await page.goto(`${base}/`);
  await page.getByRole('link', { name: 'Sign in with your company account' }).click();
  // The provider's own development sign-in form, then its consent form.
  await page.locator('input[name="login"]').fill('ada');
  await page.locator('input[name="password"]').fill('x');
  await page.locator('button[type="submit"]').click();
  await page.locator('button[type="submit"]').click();
  await page.waitForURL(`${base}/`);
}

test('a member signs in, edits in their own workspace, and no address carries a token', async ({
  page,
}) => {
  test.setTimeout(240_000);
  const addresses: string[] = [];
  page.on('request', (request) => addresses.push(request.url()));
  await signIn(page);
  await expect(page.getByRole('link', { name: /Page editor/ })).toBeVisible({ timeout: 30_000 });
  await page.goto(`${base}/#/edit/${FILE}`);
  const preview = page.frameLocator('[data-testid="preview-frame"]');
  // The first preview has Vite transform the renderer: slow on a busy machine.
  await expect(preview.locator('h1')).toBeVisible({ timeout: 90_000 });
  await page.getByTestId('block-0-toggle').click();
  const title = page.getByTestId('field-blocks.0.title');
  await title.press('End');
  await title.pressSequentially(' for teams');
  await page.getByTestId('save-button').click();
  await expect(page.getByTestId('save-state')).toHaveText('Saved');
  // Saves are kept on the server, in the member's own drafts, not "on this computer".
  await expect(page.getByTestId('publish-where')).toHaveText(
    'Saves stay in your drafts until you publish them',
  );
  const workspace = path.join(data, 'workspaces', workspaceId('ada'));
  expect(readFileSync(path.join(workspace, FILE), 'utf8')).toContain(' for teams');
  // The server's own clone is untouched: the save went to Ada's workspace.
  expect(readFileSync(path.join(data, 'repository', FILE), 'utf8')).not.toContain(' for teams');
  expect(addresses.filter((address) => /[?&]token=/.test(address))).toEqual([]);

  // Anna opens the same page (her editor says so): Ada's editor names her.
  const anna = new HttpBrowser();
  const start = await anna.request(`${base}/auth/sign-in`);
  await anna.request(
    await anna.signInAtProvider(start.headers.get('location')!, 'anna', `${base}/auth/callback`),
  );
  const { csrfToken } = (await (await anna.request(`${base}/api/team/me`)).json()) as {
    csrfToken: string;
  };
  const beat = await anna.request(`${base}/api/team/presence`, {
    method: 'POST',
    headers: { origin: base, 'x-csrf-token': csrfToken, 'content-type': 'application/json' },
    body: JSON.stringify({ path: FILE }),
  });
  expect(beat.status, await beat.clone().text()).toBe(200);
  await expect(page.getByTestId('presence')).toHaveText(
    'Also on this page now: Anna Ruiz. Each save is merged field by field with theirs; nobody is locked out.',
    { timeout: 15_000 },
  );
  for (const width of [1280, 1024]) {
    await page.setViewportSize({ width, height: 800 });
    await page.getByTestId('presence').scrollIntoViewIfNeeded();
    await page.screenshot({ path: `test-results/team-presence-${width}.png` });
  }
  expect(await seriousViolations(page)).toEqual([]);
  const log = readFileSync(path.join(data, 'audit.log'), 'utf8');
  expect(log).toContain(`"what":"save","from":"127.0.0.1","detail":"PUT /api/file ${FILE}"`);
});

test('an admin reads who did what (1280 and 1024 px, axe)', async ({ page }) => {
  await signIn(page);
  // The editor's header links an admin to the log.
  await page
    .getByRole('navigation', { name: 'Editor' })
    .getByRole('link', { name: 'Activity' })
    .click();
  await expect(page).toHaveURL(`${base}/team/audit`);
  for (const width of [1280, 1024]) {
    await page.setViewportSize({ width, height: 800 });
    await page.goto(`${base}/team/audit`);
    await expect(page.getByRole('heading', { level: 1, name: 'Who did what' })).toBeVisible();
    await expect(page.getByRole('cell', { name: `PUT /api/file ${FILE}` })).toBeVisible();
    await page.screenshot({ path: `test-results/team-audit-${width}.png`, fullPage: true });
  }
  expect(await seriousViolations(page)).toEqual([]);
});

test('a session that ends mid-edit loses no typed text: signing in again restores it', async ({
  page,
}) => {
  test.setTimeout(240_000);
  await signIn(page);
  await page.goto(`${base}/#/edit/${FILE}`);
  await page.getByTestId('block-0-toggle').click();
  const title = page.getByTestId('field-blocks.0.title');
  await title.press('End');
  await title.pressSequentially(' typed before the end');
  // The app keeps the unsaved text in the browser.
  await expect
    .poll(() =>
      page.evaluate((key) => localStorage.getItem(key) ?? '', `page-editor:unsaved:${FILE}`),
    )
    .toContain('typed before the end');
  // The session ends on the server (revoked, or timed out) while the text is not saved: the
  // editor's next request (a check, its presence) is refused and it says so.
  const sessions = path.join(data, 'sessions');
  for (const file of readdirSync(sessions)) rmSync(path.join(sessions, file));
  await title.press('End');
  await title.pressSequentially('!');
  await expect(page.getByTestId('session-ended')).toContainText(
    'Sign in again: what you typed is kept.',
  );
  await page.getByTestId('sign-in-again').click();
  // The provider remembers the person: no form this time, straight back to the same page.
  await page.waitForURL(`${base}/#/edit/${FILE}`);
  const dialog = page.getByRole('dialog', { name: 'Unsaved changes found' });
  await expect(dialog).toBeVisible({ timeout: 30_000 });
  await dialog.getByRole('button', { name: 'Restore my changes' }).click();
  await page.getByTestId('block-0-toggle').click();
  await expect(page.getByTestId('field-blocks.0.title')).toHaveValue(/ typed before the end/);
});
