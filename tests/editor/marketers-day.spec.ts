import { mkdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import type { Page } from '@playwright/test';
import sharp from 'sharp';
import { git } from '../publishing/git-fixture.ts';
import { seriousViolations } from './axe.ts';
import { expect, startEditorOnClone, test, type EditorOnClone } from './fixture.ts';

/**
 * Issue 43's check: a marketer's day through the editor's UI only, found by its visible words, with
 * real git (a bare repository is the remote, the editor runs on Alice's clone). A new page with a
 * photo from her computer made live and published; blocks moved and added on a page with a German
 * translation and published at once; the footer's copyright changed and published; a version
 * restored from History; a refused publish read in words. After each publish, the remote holds
 * what the screen says; axe finds nothing serious on any screen she visits.
 */
const projectRoot = path.resolve(import.meta.dirname, '../..');
const SHOTS = path.join(projectRoot, 'test-results', 'marketers-day');
const HOTELS = 'pages/solutions/hotels.yaml';
const GERMAN = 'pages/de/solutions/hotels.yaml';
const ALT = 'A pool between palm trees at dusk';
const COPYRIGHT = '© 2026 Staylix Technologies Pvt. Ltd. All rights reserved.';

let remote: string;
let seed: string;
let alice: string;
let url: string;

const read = (file: string) => readFileSync(path.join(alice, file), 'utf8');
const published = (file: string) => git(remote, 'show', `main:${file}`);
const remoteHead = () => git(remote, 'rev-parse', 'main').trim();
/** The files of the remote's last commit. */
const lastCommitFiles = () =>
  git(remote, 'show', '--name-only', '--format=', 'main').trim().split('\n').sort();

test.describe.configure({ mode: 'serial' });

let editor: EditorOnClone;

test.beforeAll(async ({ browser }) => {
  test.setTimeout(240_000);
  // Her name and e-mail are in her copy's settings: Publish asks nothing.
  editor = await startEditorOnClone(browser, 'alice', (root) => {
    git(root, 'config', 'user.name', 'Alice Author');
    git(root, 'config', 'user.email', 'alice@example.com');
  });
  ({ root: alice, url } = editor);
  ({ remote, seed } = editor.team);
  mkdirSync(SHOTS, { recursive: true });
});

test.afterAll(() => editor?.stop());

// Each step publishes, and a publish checks the whole site first: a busy machine takes its time.
test.beforeEach(() => test.setTimeout(150_000));

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

async function noSeriousViolations(page: Page, screen: string) {
  expect(await seriousViolations(page), screen).toEqual([]);
}

const preview = (page: Page) =>
  page.getByRole('region', { name: 'Preview' }).frameLocator('iframe');

async function save(page: Page, state: string | RegExp = 'Saved') {
  await page.getByRole('button', { name: 'Save', exact: true }).click();
  await expect(page.getByText(state, { exact: true })).toBeVisible();
}

async function openChanges(page: Page) {
  await page
    .getByRole('navigation', { name: 'Editor' })
    .getByRole('link', { name: 'Changes' })
    .click();
  await expect(page.getByRole('heading', { name: 'Changes', level: 1 })).toBeVisible();
  // The message is prefilled from the changes once Changes has read them with git.
  await expect(page.getByRole('textbox', { name: 'What changed' })).not.toHaveValue('', {
    timeout: 60_000,
  });
}

/** Publish on the Changes screen; the outcome as the screen says it. */
async function publishNow(page: Page) {
  await page.getByRole('button', { name: 'Publish', exact: true }).click();
  const outcome = page.getByRole('status').filter({ hasText: 'Published' });
  await expect(outcome).toBeVisible({ timeout: 120_000 });
  return outcome;
}

test('a new page with a photo from her computer, made live and published', async ({ page }) => {
  await page.goto(`${url}#/`);
  await expect(page.getByRole('heading', { name: 'Pages', level: 1 })).toBeVisible();
  await noSeriousViolations(page, 'page list');
  await shoot(page, 'page-list');

  await page.getByRole('button', { name: 'New page' }).click();
  const dialog = page.getByRole('dialog', { name: 'New page' });
  await dialog.getByRole('textbox', { name: 'Address (route)' }).fill('/solutions/resorts');
  await expect(dialog).toContainText('visitors do not, even after Publish');
  await noSeriousViolations(page, 'new page dialog');
  await dialog.getByRole('button', { name: 'Create page' }).click();
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('Hotel Software for Resorts');
  await expect(page.getByRole('main').getByText('Draft', { exact: true })).toBeVisible();

  // The hero's picture, chosen from the computer: decoded, stored under public/images/, and its
  // description asked for at once.
  await page.getByRole('button', { name: /^Hero / }).click();
  const media = page.getByRole('region', { name: 'Media' });
  await media.getByRole('button', { name: 'Add media' }).click();
  const photo = await sharp({
    create: { width: 1600, height: 900, channels: 3, background: '#2a9d8f' },
  })
    .jpeg()
    .toBuffer();
  const chooser = page.waitForEvent('filechooser');
  await media.getByRole('button', { name: 'Add from computer…' }).click();
  await (
    await chooser
  ).setFiles({ name: 'Resort Pool.jpg', mimeType: 'image/jpeg', buffer: photo });
  await expect(media.getByRole('combobox', { name: 'Image' })).toHaveValue(
    '/images/resort-pool.jpg',
  );
  await expect(media.getByText('Added resort-pool.jpg')).toBeVisible();
  const alt = media.getByRole('textbox', { name: /description/i });
  await expect(alt).toBeFocused();
  await page.keyboard.type(ALT);
  await expect(alt).toHaveValue(ALT);
  const shown = preview(page).locator(`img[alt="${ALT}"]`);
  await expect(shown).toBeVisible();
  await expect
    .poll(() => shown.evaluate((img: HTMLImageElement) => img.complete && img.naturalWidth))
    .toBe(1600);
  await noSeriousViolations(page, 'page editor with an image added');
  await shoot(page, 'image-added');
  await save(page);

  // Changes lists the page and the picture; Publish lists the draft, made live in one click.
  await openChanges(page);
  await expect(
    page.getByRole('listitem').filter({ hasText: /^Image resort-pool\.jpg added \(\d+ KB\)$/ }),
  ).toBeVisible();
  await expect(
    page.getByRole('button', { name: 'Discard the changes to Page /solutions/resorts' }),
  ).toBeVisible();
  const draft = page.getByText('stays hidden from visitors: make it live?');
  await expect(draft).toContainText('/solutions/resorts');
  await noSeriousViolations(page, 'changes with a draft');
  await shoot(page, 'publish-draft');
  await page.getByRole('button', { name: 'Make live: /solutions/resorts' }).click();
  await expect(draft).toHaveCount(0);
  const before = remoteHead();
  const outcome = await publishNow(page);
  await expect(outcome).not.toContainText('Still drafts');
  await shoot(page, 'published-new-page');

  // On the remote: one commit by Alice with the page, live, and its picture.
  expect(git(remote, 'rev-list', '--count', `${before}..main`).trim()).toBe('1');
  expect(git(remote, 'log', '-1', '--format=%an', 'main').trim()).toBe('Alice Author');
  expect(lastCommitFiles()).toEqual([
    'pages/solutions/resorts.yaml',
    'public/images/resort-pool.jpg',
  ]);
  const page_ = published('pages/solutions/resorts.yaml');
  expect(page_).not.toMatch(/^draft:/m);
  expect(page_).toContain('src: /images/resort-pool.jpg');
  expect(page_).toContain(`alt: ${ALT}`);
  // The picture published is the one in her copy: a 1600 × 900 JPEG, decoded.
  const stored = path.join(alice, 'public/images/resort-pool.jpg');
  expect(git(remote, 'rev-parse', 'main:public/images/resort-pool.jpg').trim()).toBe(
    git(alice, 'hash-object', stored).trim(),
  );
  expect(await sharp(stored).metadata()).toMatchObject({
    format: 'jpeg',
    width: 1600,
    height: 900,
  });

  // The page list says Live; the Media screen lists the picture where it is used.
  await page
    .getByRole('navigation', { name: 'Editor' })
    .getByRole('link', { name: 'Pages' })
    .click();
  const row = page.getByRole('listitem').filter({ hasText: '/solutions/resorts' });
  await expect(row).toContainText('Live');
  await expect(row).not.toContainText('Draft');
  await page
    .getByRole('navigation', { name: 'Editor' })
    .getByRole('link', { name: 'Media' })
    .click();
  await expect(page.getByRole('heading', { name: 'Media', level: 1 })).toBeVisible();
  await expect(page.getByText('Used on /solutions/resorts')).toBeVisible();
  await noSeriousViolations(page, 'media');
  await shoot(page, 'media');
});

test('on a page with a German translation, a block moved and one added, published at once', async ({
  page,
}) => {
  await page.goto(`${url}#/`);
  await page
    .getByRole('link', { name: 'Hotel Management Software for Independent Hotels', exact: true })
    .click();
  await expect(page.getByRole('heading', { level: 1 })).toHaveText(
    'Hotel Management Software for Independent Hotels',
  );
  await page.getByRole('button', { name: 'Move down: block 3 (Rich text)' }).click();
  await page.getByRole('button', { name: 'Add block at the end' }).click();
  const blocks = page.getByRole('dialog', { name: 'Add a block' });
  await noSeriousViolations(page, 'add a block');
  await blocks.getByRole('button', { name: /^FAQ / }).click();
  await expect(preview(page).locator('main h2').last()).toHaveText('Frequently asked questions');
  await save(page);
  // The German page follows in the same save, said in words.
  await expect(page.getByText('The Deutsch page follows your changes')).toBeVisible();
  await noSeriousViolations(page, 'page editor');
  await shoot(page, 'page-editor-followed');

  await openChanges(page);
  for (const route of ['/solutions/hotels', '/de/solutions/hotels'])
    await expect(
      page.getByRole('button', { name: `Discard the changes to Page ${route}` }),
    ).toBeVisible();
  const before = remoteHead();
  await publishNow(page);
  await shoot(page, 'published-translated-page');

  // One commit with both pages: the German one has the FAQ as an untranslated block, at the end,
  // and the moved blocks in the English page's order.
  expect(git(remote, 'rev-list', '--count', `${before}..main`).trim()).toBe('1');
  expect(lastCommitFiles()).toEqual([GERMAN, HOTELS]);
  const german = published(GERMAN);
  expect(german).toMatch(/ {2}- type: faq\n {4}untranslated: true\n/);
  const types = [...german.matchAll(/^ {2}- type: (\w+)/gm)].map((m) => m[1]);
  expect(types).toEqual([
    'hero',
    'breadcrumbs',
    'steps',
    'richText',
    'highlights',
    'impactStats',
    'benefits',
    'testimonials',
    'ctaBand',
    'faq',
  ]);
  expect(published(HOTELS)).toContain('heading: Frequently asked questions');

  // The German page as the site renders it: the new block in English inside lang="en", every
  // other block in German.
  await page.goto(`${url}#/edit/${GERMAN}`);
  const shown = preview(page);
  const english = shown.locator('main [lang="en"]');
  await expect(english).toHaveCount(1);
  await expect(english.locator('h2')).toHaveText('Frequently asked questions');
  await expect(shown.locator('html')).toHaveAttribute('lang', 'de');
  await expect(shown.locator('main h1')).toHaveText('Das Hotel-OS für privat geführte Häuser');
  await expect(shown.locator('main h2')).toHaveText([
    'So starten Privathotels mit Staylix',
    'Service wie im großen Haus, mit dem Team eines kleinen',
    'Warum sich Privathotels für Staylix entscheiden',
    'Was Privathotels erreichen',
    'Womit Privathotels beginnen',
    'Stimmen aus Privathotels',
    'Erleben Sie Staylix in einem Hotel wie Ihrem',
    'Frequently asked questions',
  ]);
  await english.scrollIntoViewIfNeeded();
  await shoot(page, 'german-page-untranslated-block');
});

test('the footer’s copyright changed in Site settings and published, every language checked', async ({
  page,
}) => {
  await page.goto(`${url}#/`);
  await page
    .getByRole('navigation', { name: 'Editor' })
    .getByRole('link', { name: 'Site settings' })
    .click();
  await expect(page.getByRole('heading', { name: 'Site settings', level: 1 })).toBeVisible();
  await page.getByRole('tab', { name: 'Footer' }).click();
  const copyright = page.getByRole('textbox', { name: 'Copyright' });
  await expect(copyright).toHaveValue('© 2024 Staylix Technologies Pvt. Ltd. All rights reserved.');
  await copyright.fill(COPYRIGHT);
  await save(page);
  await noSeriousViolations(page, 'site settings');
  await shoot(page, 'site-settings-footer');

  await openChanges(page);
  await expect(
    page.getByRole('button', { name: 'Discard the changes to Site settings' }),
  ).toBeVisible();
  await noSeriousViolations(page, 'changes');
  await shoot(page, 'changes-footer');
  const before = remoteHead();
  // The publish checks the whole site, every language: it goes through.
  await publishNow(page);
  expect(git(remote, 'rev-list', '--count', `${before}..main`).trim()).toBe('1');
  expect(lastCommitFiles()).toEqual(['site.config.yaml']);
  const config = published('site.config.yaml');
  expect(config).toContain(`  copyright: ${COPYRIGHT}\n`);
  // The German footer keeps its German words (stale now: a warning, not a stop).
  expect(config).toContain('Alle Rechte vorbehalten.');

  // The English page's footer has the new line; the German page's keeps its German one.
  await page.goto(`${url}#/edit/${HOTELS}`);
  await expect(preview(page).locator('footer')).toContainText(COPYRIGHT);
  await page.goto(`${url}#/edit/${GERMAN}`);
  await expect(preview(page).locator('footer')).toContainText('Alle Rechte vorbehalten.');
});

test('a version restored from History', async ({ page }) => {
  await page.goto(`${url}#/edit/${HOTELS}`);
  await page.getByRole('link', { name: 'History', exact: true }).click();
  await expect(page.getByRole('heading', { name: 'History', level: 1 })).toBeVisible();
  // Two versions: the one she published (newest first) and the one before.
  const show = page.getByRole('button', { name: 'Show', exact: true });
  await expect(show).toHaveCount(2, { timeout: 60_000 });
  await expect(page.getByText('Alice Author', { exact: false }).first()).toBeVisible();
  await noSeriousViolations(page, 'history');
  await shoot(page, 'history');

  await show.nth(1).click();
  const dialog = page.getByRole('dialog');
  await expect(dialog.frameLocator('iframe').locator('h1')).toHaveText(
    'The Hotel OS Built for Independent Teams',
  );
  await noSeriousViolations(page, 'a version shown');
  await shoot(page, 'history-shown');
  await dialog.getByRole('button', { name: 'Restore this version' }).click();
  await page
    .getByRole('dialog', { name: 'Restore this version?' })
    .getByRole('button', { name: 'Restore', exact: true })
    .click();
  await expect(page.getByText(/is back in/)).toBeVisible();
  expect(read(HOTELS)).toBe(readFileSync(path.join(seed, HOTELS), 'utf8'));
});

test('a refused publish, read in words', async ({ page }) => {
  await page.goto(`${url}#/edit/${HOTELS}`);
  await page.getByRole('button', { name: /^Hero / }).click();
  await page.getByRole('textbox', { name: 'Title', exact: true }).first().fill('');
  // The form says so at once; saving is allowed (work is never lost), publishing is not.
  await save(page, 'Saved with 1 error');
  await openChanges(page);
  const before = remoteHead();
  await page.getByRole('button', { name: 'Publish', exact: true }).click();
  const refusal = page.getByRole('alert').filter({ hasText: 'Not published' });
  await expect(refusal).toBeVisible({ timeout: 120_000 });
  // The page and the field by their names, and what to do, in words.
  const where = refusal.getByRole('link', { name: /^Page \/solutions\/hotels › Hero › Title$/ });
  await expect(where).toBeVisible();
  const words = (await refusal.innerText()).trim();
  expect(words).not.toMatch(/:\d+:\d+/);
  expect(words).not.toMatch(/\bnpm\b/);
  expect(words).not.toContain('`');
  expect(words).not.toContain('.yaml');
  await noSeriousViolations(page, 'a refused publish');
  await shoot(page, 'publish-refused');
  expect(remoteHead()).toBe(before);
  // The link leads to the field.
  await where.click();
  await expect(page.getByRole('textbox', { name: 'Title', exact: true }).first()).toBeFocused();
});
