import { test, expect, type Browser, type Page } from '@playwright/test';
import { execFileSync } from 'node:child_process';
import { startTestTeamServer, type TestTeamServer } from '../team/team-server-fixture.ts';
import { seriousViolations } from './axe.ts';

/**
 * Review inside the team editor, two people signed in at a real provider in Chromium: Anna (an
 * author) sends her change for review, Lena (a publisher) reads it on the Reviews screen (the
 * change in words, the two versions side by side, the site check) and approves and publishes it;
 * a second change gets "Ask for changes" from Lena's Reviews screen, open before it was sent (it
 * follows), and Anna reads the comment on the page (pictures at 1280 and 1024 px, axe on the
 * Reviews screen).
 */
test.describe.configure({ mode: 'serial' });

let fixture: TestTeamServer;
let base: string;
let requireReview = true;

test.beforeAll(async () => {
  fixture = await startTestTeamServer({
    accounts: {
      anna: { email: 'anna@example.com', email_verified: true, name: 'Anna Ruiz' },
      lena: { email: 'lena@example.com', email_verified: true, name: 'Lena Berg' },
    },
    team: () => ({
      people: [
        { email: 'anna@example.com', role: 'author' },
        { email: 'lena@example.com', role: 'publisher' },
      ],
    }),
    rules: () => ({ mode: 'direct', requireReview }),
  });
  ({ base } = fixture);
});

test.afterAll(() => fixture?.close());

async function signedIn(browser: Browser, login: 'anna' | 'lena'): Promise<Page> {
  const page = await (
    await browser.newContext({ viewport: { width: 1280, height: 800 } })
  ).newPage();
  await page.goto(`${base}/`);
  await page.getByRole('link', { name: 'Sign in with your company account' }).click();
  await page.locator('input[name="login"]').fill(login);
  await page.locator('input[name="password"]').fill('x');
  await page.locator('button[type="submit"]').click();
  await page.locator('button[type="submit"]').click();
  await page.waitForURL(`${base}/`);
  return page;
}

/** Anna changes the first block's title of `file`, saves it, and sends her changes for review. */
async function sendForReview(page: Page, file: string, addition: string) {
  await page.goto(`${base}/#/edit/${file}`);
  await page.getByTestId('block-0-toggle').click({ timeout: 90_000 });
  const title = page.getByTestId('field-blocks.0.title');
  await title.press('End');
  await title.pressSequentially(addition);
  await page.getByTestId('save-button').click();
  await expect(page.getByTestId('save-state')).toHaveText('Saved');
  await page.goto(`${base}/#/changes`);
  // An author on a site that requires a review: no Publish button, "Send for review".
  await expect(page.getByTestId('publish-button')).toHaveCount(0);
  await page.getByTestId('send-for-review').click();
  await expect(page.getByTestId('send-for-review-outcome')).toHaveText(
    /^Sent for review(\. A publisher of the site reads it next\.| again)/,
  );
}

test('an author sends a change for review; a publisher reads it and approves and publishes it', async ({
  browser,
}) => {
  test.setTimeout(300_000);
  const anna = await signedIn(browser, 'anna');
  await sendForReview(anna, 'pages/pricing.yaml', ' for every hotel');

  const lena = await signedIn(browser, 'lena');
  await lena
    .getByRole('navigation', { name: 'Editor' })
    .getByRole('link', { name: 'Reviews' })
    .click();
  await expect(lena.getByRole('heading', { level: 1, name: 'Reviews' })).toBeVisible();
  const card = lena.getByTestId('review-card').first();
  await expect(card).toContainText('Sent by Anna Ruiz');
  await expect(card.getByTestId('review-change-texts')).toContainText('for every hotel');
  await expect(card.getByTestId('review-check')).toHaveText(
    'The site check found no problem with this change.',
  );
  // The published page and the changed one, side by side, rendered by the preview.
  const changed = card.frameLocator('iframe[data-testid^="preview-"]').last();
  await expect(changed.locator('h1')).toContainText('for every hotel', { timeout: 90_000 });
  for (const width of [1280, 1024]) {
    await lena.setViewportSize({ width, height: 800 });
    await lena.screenshot({ path: `test-results/team-reviews-${width}.png` });
    await card.getByTestId('review-approve').scrollIntoViewIfNeeded();
    await lena.screenshot({ path: `test-results/team-reviews-actions-${width}.png` });
  }
  expect(await seriousViolations(lena)).toEqual([]);

  await card.getByTestId('review-approve').click();
  await expect(
    lena.getByText('Published Anna Ruiz’s change, with you as its reviewer.'),
  ).toBeVisible({ timeout: 60_000 });
  await expect(lena.getByTestId('review-card').first()).toHaveAttribute(
    'data-status',
    'approved-published',
  );
  const log = execFileSync(
    'git',
    ['log', '-1', '--format=%an|%cn|%(trailers:key=Reviewed-by)', 'main'],
    {
      cwd: fixture.repo.remote,
      encoding: 'utf8',
    },
  );
  expect(log.trim()).toBe('Anna Ruiz|Lena Berg|Reviewed-by: Lena Berg <lena@example.com>');
});

test('a publisher asks for changes; the author reads the comment on the page', async ({
  browser,
}) => {
  test.setTimeout(300_000);
  // Lena has the Reviews screen open before Anna sends: it follows (it asks again every 15 s
  // while in view), so the request shows without a reload.
  const lena = await signedIn(browser, 'lena');
  await lena.goto(`${base}/#/reviews`);
  await expect(lena.getByRole('heading', { level: 1, name: 'Reviews' })).toBeVisible();
  const card = lena.locator('[data-testid="review-card"][data-status="waiting"]');
  await expect(card).toHaveCount(0);

  const anna = await signedIn(browser, 'anna');
  await sendForReview(anna, 'pages/contact.yaml', ' today');

  await expect(card).toBeVisible({ timeout: 20_000 });
  await card.getByTestId('review-ask').click();
  const comment = 'Please keep the old title <b>and</b> add “today” to the subtitle instead.';
  await card.getByTestId('review-comment').fill(comment);
  await card.getByTestId('review-send-comment').click();
  // The same server renders the card's two previews meanwhile: on two busy cores the answer once
  // took longer than the default 10 s.
  await expect(
    lena.locator('[data-testid="review-card"][data-status="changes-asked"]'),
  ).toBeVisible({ timeout: 30_000 });

  await anna.goto(`${base}/#/edit/pages/contact.yaml`);
  const note = anna.getByTestId('review-note');
  await expect(note).toContainText('Lena Berg asked for changes to this page');
  // The comment is text: its markup is shown, never made into elements.
  await expect(anna.getByTestId('review-note-comment')).toHaveText(comment);
  await expect(note.locator('b')).toHaveCount(0);
  for (const width of [1280, 1024]) {
    await anna.setViewportSize({ width, height: 800 });
    await anna.screenshot({ path: `test-results/team-review-note-${width}.png` });
  }
  expect(await seriousViolations(anna)).toEqual([]);
  // And on Changes, where the request stands.
  await anna.goto(`${base}/#/changes`);
  await expect(anna.getByTestId('my-review').first()).toContainText('Changes asked');
  await anna.setViewportSize({ width: 1280, height: 800 });
  await anna.screenshot({ path: 'test-results/team-review-changes-1280.png', fullPage: true });

  // An author's Reviews: their own requests and where each stands.
  await anna.goto(`${base}/#/reviews`);
  await expect(anna.getByTestId('review-card')).toHaveCount(2);
  await expect(anna.getByTestId('review-approve')).toHaveCount(0);
  const mine = anna.getByTestId('review-card').first();
  for (const side of ['first', 'last'] as const)
    await expect(
      mine.frameLocator('iframe[data-testid^="preview-"]')[side]().locator('h1'),
    ).toBeVisible({ timeout: 60_000 });
  await anna.screenshot({ path: 'test-results/team-review-author-reviews-1280.png' });
  // Without requireReview a publisher has Publish, and Send for review beside it.
  requireReview = false;
  await lena.goto(`${base}/#/changes`);
  await expect(lena.getByTestId('publish-button')).toBeVisible();
  await expect(lena.getByTestId('send-for-review')).toBeVisible();
  await expect(lena.getByTestId('no-changes')).toBeVisible();
  await lena.setViewportSize({ width: 1280, height: 800 });
  await lena.screenshot({ path: 'test-results/team-review-publisher-changes-1280.png' });
});
