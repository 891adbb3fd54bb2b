import { mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import type { Page } from '@playwright/test';
import { git } from '../publishing/git-fixture.ts';
import { seriousViolations } from './axe.ts';
import { expect, startEditorOnClone, test, type EditorOnClone } from './fixture.ts';

/**
 * History for every page (from the page list; from its toolbar, with Restore where a version is
 * shown, in marketers-day.spec.ts) and Live or Draft said plainly (the page list's marks), with
 * real git: a bare repository is the remote, the editor runs on Alice's clone.
 */
const projectRoot = path.resolve(import.meta.dirname, '../..');
const FILE = 'pages/solutions/hotels.yaml';
const TITLE = 'The Hotel OS Built for Independent Teams';
const SHOTS = path.join(projectRoot, 'test-results', 'history-live');

let alice: string;
let url: string;

const read = (file = FILE) => readFileSync(path.join(alice, file), 'utf8');
const aliceGit = (...args: string[]) =>
  git(alice, '-c', 'user.name=Alice Author', '-c', 'user.email=alice@example.com', ...args);

let editor: EditorOnClone;

test.beforeAll(async ({ browser }) => {
  test.setTimeout(240_000);
  editor = await startEditorOnClone(browser, 'alice', (root) => {
    alice = root;
    aliceGit('config', 'user.name', 'Alice Author');
    aliceGit('config', 'user.email', 'alice@example.com');
    // A second published version of the page, so that History has one to go back to.
    writeFileSync(
      path.join(alice, FILE),
      read().replace(`title: ${TITLE}`, 'title: A Newer Title'),
    );
    aliceGit('commit', '-q', '-am', 'A newer hero title');
    aliceGit('push', '-q');
  });
  ({ url } = editor);
  mkdirSync(SHOTS, { recursive: true });
});

test.afterAll(() => editor?.stop());

test.describe.configure({ mode: 'serial' });
// A busy machine takes its time over screenshots and axe of a long page list.
test.beforeEach(() => test.setTimeout(120_000));

const pageRow = (page: Page, route: string) =>
  page.locator(`[data-testid="page-list-item"][data-route="${route}"]`);

async function shoot(page: Page, name: string) {
  for (const width of [1280, 1024]) {
    await page.setViewportSize({ width, height: 800 });
    await page.screenshot({
      path: path.join(SHOTS, `${name}-${width}.png`),
      animations: 'disabled',
    });
  }
  await page.setViewportSize({ width: 1280, height: 800 });
}

test('the page list marks each page Live or Draft and opens any page’s History', async ({
  page,
}) => {
  await page.goto(`${url}#/`);
  const row = pageRow(page, '/solutions/hotels');
  await expect(row).toContainText('Live', { timeout: 60_000 });
  await expect(row).not.toContainText('Draft');
  await expect(page.getByTestId('page-list-item').filter({ hasText: 'Published' })).toHaveCount(0);
  // A translation's pages under their language's name, never its code.
  await expect(page.getByRole('heading', { name: 'German (Deutsch)', level: 2 })).toBeVisible();
  await expect(page.getByRole('heading', { name: 'De', exact: true })).toHaveCount(0);
  expect(await seriousViolations(page), 'page list').toEqual([]);
  await shoot(page, 'page-list');

  await row.getByRole('link', { name: /History/ }).click();
  await expect(page).toHaveURL(new RegExp(`#/versions/${FILE}$`));
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('History');
  await expect(page.getByTestId('version')).toHaveCount(2, { timeout: 60_000 });
});

// History from the page's toolbar, a version shown and restored there: marketers-day.spec.ts.
// A new draft page listed by Publish, made live in one click and published: marketers-day.spec.ts.

test('the toolbar’s History, and a headline’s length counted with a warning past it', async ({
  page,
}) => {
  await page.goto(`${url}#/edit/${FILE}`);
  await expect(page.getByRole('link', { name: 'History' })).toBeVisible({ timeout: 60_000 });
  await page.getByTestId('block-0-toggle').click();
  const title = page.getByTestId('field-blocks.0.title');
  await title.fill('The Hotel OS Built for Independent Teams, Boutique Stays and Growing Groups');
  const count = page
    .locator('.mantine-InputWrapper-root', { has: title })
    .getByTestId('length-count');
  await expect(count).toHaveText('75 / 70 · longer than a headline reads best');
  // The validator's warning beside the field, in the same words as the terminal's.
  await expect(page.getByText(/a headline reads best in 70 or fewer/).first()).toBeVisible({
    timeout: 30_000,
  });
  await shoot(page, 'toolbar-length');
  expect(await seriousViolations(page), 'page editor with a length warning').toEqual([]);
});
