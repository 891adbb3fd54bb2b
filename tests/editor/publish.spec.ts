import { mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import type { Page } from '@playwright/test';
import { git } from '../publishing/git-fixture.ts';
import { seriousViolations } from './axe.ts';
import { expect, startEditorOnClone, test, type EditorOnClone } from './fixture.ts';

/**
 * A publish fetches, merges, checks the whole site, records a journaled transaction and pushes (Get
 * latest fetches and merges): seconds on an idle machine, more beside the other browser tests.
 */
const PUBLISHED = { timeout: 60_000 };

/**
 * Publishing through the UI, with real git: a bare repository is the remote, the editor runs on
 * Alice's clone, and Bob (a colleague) publishes from his own clone with plain git.
 */
const projectRoot = path.resolve(import.meta.dirname, '../..');
const FILE = 'pages/solutions/hotels.yaml';
const TITLE = 'The Hotel OS Built for Independent Teams';
const SHOTS = path.join(projectRoot, 'test-results', 'publish');

let remote: string;
let alice: string;
let bob: string;
let url: string;

const bobGit = (...args: string[]) =>
  git(bob, '-c', 'user.name=Bob Colleague', '-c', 'user.email=bob@example.com', ...args);
const read = (root: string, file = FILE) => readFileSync(path.join(root, file), 'utf8');
const remoteFile = (file = FILE) => git(remote, 'show', `main:${file}`);

/** Bob changes a line of a page and publishes it with plain git. */
function bobPublishes(from: string, to: string) {
  bobGit('pull', '-q', '--ff-only');
  const text = read(bob);
  if (!text.includes(from)) throw new Error(`Bob's copy has no ${from}`);
  writeFileSync(path.join(bob, FILE), text.replace(from, to));
  bobGit('commit', '-q', '-am', `Bob: ${to}`);
  bobGit('push', '-q');
}

let editor: EditorOnClone;

test.beforeAll(async ({ browser }) => {
  test.setTimeout(150_000);
  editor = await startEditorOnClone(browser, 'alice');
  ({ root: alice, url } = editor);
  ({ remote } = editor.team);
  bob = editor.team.clone('bob').root;
  mkdirSync(SHOTS, { recursive: true });
});

test.afterAll(() => editor?.stop());

test.describe.configure({ mode: 'serial' });

async function editHeroTitle(page: Page, title: string) {
  await page.goto(`${url}#/edit/${FILE}`);
  await page.getByTestId('block-0-toggle').click();
  const field = page.getByTestId('field-blocks.0.title');
  await field.fill(title);
  await page.getByTestId('save-button').click();
  await expect(page.getByTestId('save-state')).toHaveText(/Saved/);
}

test('change a title, see it in Changes, publish; a colleague publishes; get latest merges both', async ({
  page,
}) => {
  test.setTimeout(120_000);
  const before = git(remote, 'rev-parse', 'main').trim();
  await editHeroTitle(page, 'A Hotel OS for Small Teams');

  await page.getByTestId('nav-changes').click();
  const card = page.getByTestId('change-card');
  await expect(card).toHaveCount(1);
  await expect(card).toContainText('Page /solutions/hotels');
  await expect(card.getByTestId('change-texts')).toContainText(TITLE);
  await expect(card.getByTestId('change-texts')).toContainText('A Hotel OS for Small Teams');
  await card.getByTestId('show-lines').click();
  await expect(card.getByTestId('lines-view')).toContainText(`-     title: ${TITLE}`);
  await expect(card.getByTestId('lines-view')).toContainText(
    '+     title: A Hotel OS for Small Teams',
  );
  // Published and changed side by side, the changed block outlined.
  await card.getByTestId('compare').click();
  await expect(page.frameLocator('[data-testid="preview-published"]').locator('h1')).toHaveText(
    TITLE,
  );
  const changed = page.frameLocator('[data-testid="preview-current"]');
  await expect(changed.locator('h1')).toHaveText('A Hotel OS for Small Teams');
  expect(
    await changed
      .locator('[data-editor-block="0"]')
      .evaluate((el) => getComputedStyle(el).outlineStyle),
  ).toBe('solid');

  // Asked once: the author's name and e-mail, kept in the project's own settings.
  await page.getByTestId('identity-name').fill('Alice Author');
  await page.getByTestId('identity-email').fill('alice@example.com');
  await page.getByTestId('identity-save').click();
  await expect(page.getByTestId('publish-message')).toHaveValue(/\/solutions\/hotels/);
  expect(git(alice, 'config', '--local', 'user.email').trim()).toBe('alice@example.com');

  for (const width of [1280, 1024]) {
    await page.setViewportSize({ width, height: 800 });
    await page.screenshot({ path: path.join(SHOTS, `changes-${width}.png`), fullPage: true });
  }
  expect(await seriousViolations(page), 'changes screen').toEqual([]);
  await page.setViewportSize({ width: 1280, height: 800 });

  await page.getByTestId('publish-button').click();
  await expect(page.getByTestId('publish-outcome')).toContainText('Published', PUBLISHED);
  await expect(page.getByTestId('no-changes')).toBeVisible();
  expect(git(remote, 'rev-list', '--count', `${before}..main`).trim()).toBe('1');
  expect(git(remote, 'log', '-1', '--format=%an', 'main').trim()).toBe('Alice Author');
  expect(remoteFile()).toContain('title: A Hotel OS for Small Teams');

  // A colleague publishes another field; Alice changes one more; Get latest combines them.
  bobPublishes('badge: For Independent Hotels', 'badge: For Every Hotel');
  await editHeroTitle(page, 'A Hotel OS for Every Team');
  await page.getByTestId('nav-changes').click();
  await page.getByTestId('get-latest').click();
  await expect(page.getByText(/Got the latest version/)).toBeVisible(PUBLISHED);
  const merged = read(alice);
  expect(merged).toContain('badge: For Every Hotel');
  expect(merged).toContain('title: A Hotel OS for Every Team');
  expect(merged).not.toMatch(/^(<<<<<<<|=======|>>>>>>>)/m);
  // Only Alice's own change is left to publish.
  await expect(page.getByTestId('change-card')).toHaveCount(1);
  await expect(page.getByTestId('change-texts')).not.toContainText('badge');
  await page.getByTestId('publish-button').click();
  await expect(page.getByTestId('publish-outcome')).toContainText('Published', PUBLISHED);
  expect(remoteFile()).toBe(merged);
  await page.screenshot({ path: path.join(SHOTS, 'published-1280.png'), animations: 'disabled' });

  // Versions: who changed the page, in words.
  await page.goto(`${url}#/versions/${FILE}`);
  await expect(page.getByTestId('version').first()).toContainText('Alice Author');
  await expect(page.getByTestId('version')).toHaveCount(4);
  expect(await seriousViolations(page), 'versions screen').toEqual([]);
  await page.screenshot({ path: path.join(SHOTS, 'versions-1280.png'), fullPage: true });
  // Any version in the preview; restoring one makes a change to publish, never a rewrite of
  // history.
  await page.getByTestId('version').nth(2).getByRole('button', { name: 'Show' }).click();
  await expect(page.getByRole('dialog').frameLocator('iframe').locator('h1')).toHaveText(
    'A Hotel OS for Small Teams',
  );
  await page.keyboard.press('Escape');
  const published = read(alice);
  await page.getByTestId('version').nth(3).getByTestId('restore-version').click();
  await page.getByTestId('restore-confirm').click();
  await expect(page.getByText(/is back in/)).toBeVisible();
  expect(read(alice)).toBe(readFileSync(path.join(editor.team.seed, FILE), 'utf8'));
  // Discarding the page on the Changes screen brings the published version back, after a
  // confirmation.
  await page.getByTestId('nav-changes').click();
  await page.getByRole('button', { name: 'Discard the changes to Page /solutions/hotels' }).click();
  await page.getByTestId('discard-confirm').click();
  await expect(page.getByTestId('no-changes')).toBeVisible();
  expect(read(alice)).toBe(published);
});

test('a site with an error: publish refused, the problem links to its field', async ({ page }) => {
  const before = git(remote, 'rev-parse', 'main').trim();
  const text = read(alice);
  writeFileSync(path.join(alice, FILE), text.replace('variant: primary }', 'variant: loud }'));
  await page.goto(`${url}#/changes`);
  await page.getByTestId('publish-button').click();
  const outcome = page.getByTestId('publish-outcome');
  await expect(outcome).toContainText('Nothing was published');
  // The page and the field by name, never a place in the file.
  const link = outcome.getByRole('link', {
    name: /^Page \/solutions\/hotels › Hero › Actions › .+ › Button style$/,
  });
  await expect(outcome).not.toContainText(`${FILE}:`);
  await expect(link).toBeVisible();
  // The page's own error only: its German translation is not told to copy the wrong value.
  await expect(outcome.getByTestId('publish-problems').getByRole('listitem')).toHaveCount(1);
  // The Publish button's loader fades out: the picture shows it settled.
  await page.screenshot({
    path: path.join(SHOTS, 'refused-1280.png'),
    fullPage: true,
    animations: 'disabled',
  });
  expect(git(remote, 'rev-parse', 'main').trim()).toBe(before);
  await link.click();
  await expect(page.getByTestId('field-blocks.0.actions.0.variant')).toBeVisible();
  writeFileSync(path.join(alice, FILE), text);
});

test("a change that breaks other pages: the author's own problems first, the others marked", async ({
  page,
}) => {
  const PRICING = 'pages/pricing.yaml';
  const [text, pricing] = [read(alice), read(alice, PRICING)];
  writeFileSync(path.join(alice, FILE), text.replace('variant: primary }', 'variant: loud }'));
  // A draft is not published: every link to /pricing in other pages now leads nowhere.
  writeFileSync(path.join(alice, PRICING), pricing.replace(/^blocks:/m, 'draft: true\nblocks:'));
  await page.goto(`${url}#/changes`);
  await page.getByTestId('publish-button').click();
  const items = page.getByTestId('publish-problems').getByRole('listitem');
  await expect(items.first()).toContainText('Page /solutions/hotels › Hero');
  const texts = await items.allTextContents();
  const mark = '(a page you did not change)';
  const own = texts.findIndex((item) => item.includes(mark));
  expect(own, texts.join('\n')).toBeGreaterThan(0);
  // Every problem in the changed page (its own links to /pricing too), then the other pages'.
  for (const item of texts.slice(0, own)) {
    expect(item).toContain('Page /solutions/hotels');
    expect(item).not.toContain(mark);
  }
  for (const item of texts.slice(own)) {
    expect(item).toContain(mark);
    expect(item).not.toContain('Page /solutions/hotels');
  }
  for (const width of [1280, 1024]) {
    await page.setViewportSize({ width, height: 800 });
    await page.screenshot({
      path: path.join(SHOTS, `refused-elsewhere-${width}.png`),
      fullPage: true,
      animations: 'disabled',
    });
  }
  await page.setViewportSize({ width: 1280, height: 800 });
  writeFileSync(path.join(alice, FILE), text);
  writeFileSync(path.join(alice, PRICING), pricing);
});

/**
 * One conflict through the screens, resolved by editing the value. Each choice (theirs, yours, an
 * edit) giving its file byte for byte is tested through the API in tests/publishing/more.test.ts.
 */
test('the same field changed by both: Get latest waits, an edited choice gives the expected file byte for byte', async ({
  page,
}) => {
  test.setTimeout(90_000);
  const start = remoteFile();
  const current = /\n {4}title: (.*)\n/.exec(start)![1]!;
  bobPublishes(`title: ${current}`, 'title: Bob edit');
  await editHeroTitle(page, 'Alice edit');
  await page.getByTestId('nav-changes').click();
  await page.getByTestId('publish-button').click();
  await expect(page.getByTestId('publish-outcome')).toContainText('changed the same', PUBLISHED);
  // The header says so at once, without leaving the screen (and stops saying it once resolved).
  await expect(page.getByTestId('publish-where')).toContainText('a conflict waits');
  // Never conflict markers, Alice's value kept on disk until she chooses.
  expect(read(alice)).toContain('title: Alice edit');
  expect(read(alice)).not.toMatch(/^(<<<<<<<|=======|>>>>>>>)/m);
  await page
    .getByTestId('publish-outcome')
    .getByRole('link', { name: 'Open the conflicts' })
    .click();
  const conflict = page.getByTestId('conflict');
  await expect(conflict).toHaveCount(1);
  await expect(conflict.getByTestId('conflict-ours')).toContainText('Alice edit');
  await expect(conflict.getByTestId('conflict-theirs')).toContainText('Bob edit');
  await expect(page.frameLocator('[data-testid="preview-ours"]').locator('h1')).toHaveText(
    'Alice edit',
  );
  await expect(page.frameLocator('[data-testid="preview-theirs"]').locator('h1')).toHaveText(
    'Bob edit',
  );
  for (const width of [1280, 1024]) {
    await page.setViewportSize({ width, height: 800 });
    await page.screenshot({ path: path.join(SHOTS, `conflict-${width}.png`), fullPage: true });
  }
  await page.setViewportSize({ width: 1280, height: 800 });
  expect(await seriousViolations(page), 'conflicts screen').toEqual([]);

  // Get latest waits for the choice, says so, and comes back here.
  await page.goto(`${url}#/changes`);
  await page.getByTestId('get-latest').click();
  await expect(page.getByText('Choose what to keep in the file with a conflict')).toBeVisible();
  await expect(conflict).toHaveCount(1);
  await expect(page.frameLocator('[data-testid="preview-ours"]').locator('h1')).toBeVisible();
  await page.screenshot({
    path: path.join(SHOTS, 'latest-waits-1280.png'),
    animations: 'disabled',
  });
  expect(read(alice)).toContain('title: Alice edit');

  await conflict.getByTestId('pick-edit').click();
  await conflict.getByTestId('conflict-edit').fill('Alice and Bob');
  await page.getByTestId('conflict-save').click();
  await expect(page.getByTestId('no-conflicts')).toBeVisible();
  await expect(page.getByTestId('publish-where')).not.toContainText('a conflict waits');
  const expected = start.replace(`    title: ${current}\n`, '    title: Alice and Bob\n');
  expect(read(alice)).toBe(expected);
  await page.goto(`${url}#/changes`);
  await page.getByTestId('publish-button').click();
  await expect(page.getByTestId('publish-outcome')).toContainText('Published', PUBLISHED);
  expect(remoteFile()).toBe(expected);
});

test('review mode: Send for review gives the link, In review lists the change set', async ({
  page,
}) => {
  test.setTimeout(90_000);
  // A developer switches the site to review mode; Alice gets it with Get latest.
  bobGit('pull', '-q', '--ff-only');
  const config = read(bob, 'site.config.yaml');
  writeFileSync(path.join(bob, 'site.config.yaml'), `${config}publishing:\n  mode: review\n`);
  bobGit('commit', '-q', '-am', 'Review mode');
  bobGit('push', '-q');
  const before = git(remote, 'rev-parse', 'main').trim();
  await page.goto(`${url}#/changes`);
  await page.getByTestId('get-latest').click();
  await expect(page.getByText(/Got the latest version/)).toBeVisible(PUBLISHED);
  await editHeroTitle(page, 'Please approve this title');
  await page.getByTestId('nav-changes').click();
  await expect(page.getByTestId('publish-button')).toHaveText('Send for review');
  await page.getByTestId('publish-button').click();
  await expect(page.getByTestId('publish-outcome')).toContainText('Sent for review', PUBLISHED);
  expect(git(remote, 'rev-parse', 'main').trim()).toBe(before);
  const branches = git(remote, 'for-each-ref', '--format=%(refname:short)', 'refs/heads/review/');
  expect(branches.trim()).toMatch(/^review\/solutions-hotels-\d{8}-\d{6}$/);

  await page.getByRole('link', { name: 'In review' }).click();
  const item = page.getByTestId('review-item');
  await expect(item).toHaveCount(1);
  await expect(item).toContainText('Alice Author');
  await expect(item).toContainText('Ready to go live');
  for (const width of [1280, 1024]) {
    await page.setViewportSize({ width, height: 800 });
    await page.screenshot({ path: path.join(SHOTS, `in-review-${width}.png`), fullPage: true });
  }
  expect(await seriousViolations(page), 'in review screen').toEqual([]);
});
