import { mkdirSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import sharp from 'sharp';
import { git } from '../publishing/git-fixture.ts';
import { seriousViolations } from './axe.ts';
import { expect, test } from './fixture.ts';

/**
 * Images from the author's computer, through the UI only: chosen in an image field, described at
 * once, seen in the preview and in Changes; dropped on the Media screen, listed with where it is
 * used, removed when unused.
 */
const projectRoot = path.resolve(import.meta.dirname, '../..');
const SHOTS = path.join(projectRoot, 'test-results', 'images');
const FILE = 'pages/solutions/hostels.yaml';
const ALT = 'Bunk beds in a sunny dorm with lockers';

test.describe.configure({ mode: 'serial' });

let remote: string;

// Changes needs a published version to compare with: the worker's copy gets a remote for these
// tests, and is put back as it was after them (other files of the worker share the copy).
test.beforeAll(({ editor }) => {
  remote = mkdtempSync(path.join(tmpdir(), 'editor-images-remote-'));
  git(remote, 'init', '-q', '--bare', '-b', 'main');
  editor.git('branch', '-M', 'main');
  editor.git('remote', 'add', 'origin', remote);
  editor.git('push', '-q', '-u', 'origin', 'main');
  mkdirSync(SHOTS, { recursive: true });
});
test.afterAll(({ editor }) => {
  editor.git('checkout', '-q', '--', 'pages');
  editor.git('clean', '-qfd', '--', 'public');
  editor.git('remote', 'remove', 'origin');
  rmSync(remote, { recursive: true, force: true });
});

const photo = () =>
  sharp({ create: { width: 1200, height: 675, channels: 3, background: '#d8a657' } })
    .jpeg()
    .withExif({ IFD3: { GPSLatitudeRef: 'N', GPSLatitude: '52/1 31/1 0/1' } })
    .toBuffer();

test('an image chosen in an image field is added, described, previewed and listed in Changes', async ({
  page,
  editor,
}) => {
  test.setTimeout(180_000);
  await editor.open(page, `#/edit/${FILE}`);
  await page.getByTestId('block-0-toggle').click();
  const media = page.getByTestId('field-blocks.0.media');
  await media.getByRole('button', { name: /^Add / }).click();
  const drop = page.getByTestId('field-blocks.0.media.src-drop');
  await expect(drop.getByRole('button', { name: 'Add from computer…' })).toBeVisible();

  // Something that is not an image is refused in words, and nothing is put in the field.
  await drop.locator('input[type="file"]').setInputFiles({
    name: 'floor-plan.png',
    mimeType: 'image/png',
    buffer: Buffer.from('Room 1: 6 beds\nRoom 2: 8 beds\n'),
  });
  await expect(page.getByTestId('field-blocks.0.media.src-drop-refusal')).toContainText(
    '"floor-plan.png" is not an image the site can show.',
  );
  await expect(page.getByTestId('field-blocks.0.media.src')).toHaveValue('');

  await drop.locator('input[type="file"]').setInputFiles({
    name: 'Sunny Dorm.JPG',
    mimeType: 'image/jpeg',
    buffer: await photo(),
  });
  await expect(page.getByTestId('field-blocks.0.media.src')).toHaveValue('/images/sunny-dorm.jpg');
  await expect(page.getByTestId('field-blocks.0.media.src-added')).toContainText(
    'Added sunny-dorm.jpg',
  );
  await expect(page.getByTestId('field-blocks.0.media.src-drop-refusal')).toHaveCount(0);
  // The alt text is asked for at once: its input has the focus.
  const alt = page.getByTestId('field-blocks.0.media.alt');
  await expect(alt).toBeFocused();
  await page.keyboard.type(ALT);
  await expect(alt).toHaveValue(ALT);

  const preview = page.frameLocator('[data-testid="preview-frame"]');
  const shown = preview.locator(`img[alt="${ALT}"]`);
  await expect(shown).toBeVisible();
  await expect
    .poll(() => shown.evaluate((img: HTMLImageElement) => img.complete && img.naturalWidth))
    .toBe(1200);

  for (const width of [1280, 1024]) {
    await page.setViewportSize({ width, height: 800 });
    await drop.scrollIntoViewIfNeeded();
    await page.screenshot({ path: path.join(SHOTS, `image-field-${width}.png`) });
  }
  await page.setViewportSize({ width: 1280, height: 800 });

  await page.getByTestId('save-button').click();
  await expect(page.getByTestId('save-state')).toHaveText(/Saved/);
  expect(editor.read(FILE)).toContain(`src: /images/sunny-dorm.jpg`);

  await page.getByTestId('nav-changes').click();
  await page.getByTestId('identity-name').fill('Alice Author');
  await page.getByTestId('identity-email').fill('alice@example.com');
  await page.getByTestId('identity-save').click();
  const image = page.getByTestId('change-card').filter({ hasText: 'sunny-dorm.jpg' });
  // Changes reads the copy with git: slower than the form on a busy machine.
  await expect(image).toContainText(/Image sunny-dorm\.jpg added \(\d+ KB\)/, {
    timeout: 60_000,
  });
  await expect(
    page.getByTestId('change-card').filter({ hasText: 'Page /solutions/hostels' }),
  ).toBeVisible();
});

test('the Media screen: drop an image, see every image with its size and pages, remove an unused one', async ({
  page,
  editor,
}) => {
  test.setTimeout(180_000);
  await editor.open(page, '#/');
  await page.getByTestId('nav-media').click();
  await expect(page.getByRole('heading', { name: 'Media' })).toBeVisible();

  // Dropped, as a file dragged from the desktop.
  const bytes = [
    ...(await sharp({ create: { width: 640, height: 480, channels: 4, background: '#3a7' } })
      .png()
      .toBuffer()),
  ];
  await page.getByTestId('media-drop').evaluate((zone, data) => {
    const transfer = new DataTransfer();
    transfer.items.add(new File([new Uint8Array(data)], 'Bar Night.png', { type: 'image/png' }));
    for (const type of ['dragenter', 'dragover', 'drop'])
      zone.dispatchEvent(
        new DragEvent(type, { bubbles: true, cancelable: true, dataTransfer: transfer }),
      );
  }, bytes);
  await expect(page.getByTestId('media-added')).toContainText('Added bar-night.png');

  const added = page.locator('[data-testid="media-item"][data-src="/images/bar-night.png"]');
  await expect(added).toContainText('640 × 480 px');
  await expect(added).toContainText('Not used on any page');
  const used = page.locator('[data-testid="media-item"][data-src="/images/sunny-dorm.jpg"]');
  await expect(used).toContainText(/\d+ KB · 1200 × 675 px/);
  await expect(used).toContainText(
    // The German page follows its source's image (a translation keeps its source's images).
    'Used on /de/solutions/hostels, /solutions/hostels, so it cannot be removed.',
  );
  await expect(used.getByRole('button', { name: /Remove/ })).toHaveCount(0);
  await expect(
    page.locator('[data-testid="media-item"][data-src="/logos/harbor-hotels.svg"]'),
  ).toContainText('Used on');

  // Its thumbnail is the file itself, served as soon as it was added.
  await expect
    .poll(() => added.locator('img').evaluate((img: HTMLImageElement) => img.naturalWidth))
    .toBe(640);
  for (const width of [1280, 1024]) {
    await page.setViewportSize({ width, height: 800 });
    await page.screenshot({ path: path.join(SHOTS, `media-${width}.png`) });
    expect(await seriousViolations(page), `media screen at ${width} px`).toEqual([]);
  }
  await page.setViewportSize({ width: 1280, height: 800 });

  await added.getByRole('button', { name: 'Remove bar-night.png' }).click();
  await expect(page.getByRole('dialog', { name: 'Remove bar-night.png?' })).toBeVisible();
  expect(await seriousViolations(page), 'remove dialog').toEqual([]);
  await page.getByTestId('confirm-remove-image').click();
  await expect(added).toHaveCount(0);
  expect(editor.git('status', '--porcelain', '--', 'public')).not.toContain('bar-night');
});
