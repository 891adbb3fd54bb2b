import { expect, test } from './fixture.ts';

const FILE = 'pages/solutions/chains.yaml';

test.beforeEach(({ editor }) => {
  editor.git('checkout', '--', '.');
  editor.git('clean', '-fdq', 'pages');
});

/** The page's first block's title as written on disk, changed by "another editor". */
function changeOnDisk(
  editor: { read: (f: string) => string; write: (f: string, t: string) => void },
  from: string,
  to: string,
) {
  const text = editor.read(FILE);
  expect(text).toContain(from);
  editor.write(FILE, text.replace(from, to));
}

test('a change on disk while editing is combined field by field, a field both changed is asked in words', async ({
  page,
  editor,
}) => {
  await editor.open(page, `#/edit/${FILE}`);
  await page.getByTestId('block-0-toggle').click();
  const badge = page.getByTestId('field-blocks.0.badge');
  const title = page.getByTestId('field-blocks.0.title');
  const before = await badge.inputValue();
  const titleBefore = await title.inputValue();
  await badge.fill('Mine, for hotel groups');

  // Another field changed on disk: combined with mine at once, said in the form's words.
  changeOnDisk(editor, `title: ${titleBefore}`, 'title: Theirs, a new title');
  await expect(title).toHaveValue('Theirs, a new title');
  await expect(badge).toHaveValue('Mine, for hotel groups');
  const told = page.getByRole('status').filter({ hasText: 'changed on disk' });
  await expect(told).toContainText("'Theirs, a new title'");

  // The same field changed on disk: asked about, by its label, never as YAML.
  changeOnDisk(editor, `badge: ${before}`, 'badge: Theirs, for chains');
  const dialog = page.getByRole('dialog', { name: 'This page changed on disk' });
  await expect(dialog).toBeVisible();
  const asked = page.getByTestId('disk-conflict');
  await expect(asked).toHaveCount(1);
  await expect(asked).toContainText("Yours: 'Mine, for hotel groups'");
  await expect(asked).toContainText("On disk: 'Theirs, for chains'");
  await expect(dialog).not.toContainText('badge:');
  for (const width of [1280, 1024]) {
    await page.setViewportSize({ width, height: 800 });
    await page.screenshot({ path: `test-results/first-day/disk-conflict-${width}.png` });
  }
  await asked.getByLabel("On disk: 'Theirs, for chains'").check();
  await page.getByTestId('conflict-combine').click();
  await expect(dialog).toBeHidden();
  await expect(badge).toHaveValue('Theirs, for chains');
  await expect(title).toHaveValue('Theirs, a new title');
  // No page of "their version" beside it.
  expect(editor.git('status', '--porcelain', 'pages')).not.toContain('their-version');
});

test('a save refused with 409 (the disk changed unnoticed): asked field by field in words, mine one Undo away', async ({
  page,
  editor,
}) => {
  // No change events: the editor only learns about the disk at save time.
  await page.route('**/api/events**', (route) => route.abort());
  await editor.open(page, `#/edit/${FILE}`);
  await page.getByTestId('block-0-toggle').click();
  const badge = page.getByTestId('field-blocks.0.badge');
  const title = page.getByTestId('field-blocks.0.title');
  const before = await badge.inputValue();
  const titleBefore = await title.inputValue();
  await badge.fill('Mine again');
  changeOnDisk(editor, `badge: ${before}`, 'badge: Theirs again');
  changeOnDisk(editor, `title: ${titleBefore}`, 'title: Theirs, another title');

  await page.getByTestId('save-button').click();
  const dialog = page.getByRole('dialog', { name: 'This page changed on disk' });
  await expect(dialog).toBeVisible();
  expect(editor.read(FILE)).toContain('badge: Theirs again');
  // Only the field both changed is asked, by its label; never YAML, never the texts side by side.
  const asked = page.getByTestId('disk-conflict');
  await expect(asked).toHaveCount(1);
  await expect(asked).toContainText('Hero › Badge');
  await expect(asked).toContainText("Yours: 'Mine again'");
  await expect(asked).toContainText("On disk: 'Theirs again'");
  await expect(dialog).not.toContainText('badge:');
  await expect(dialog.locator('pre')).toHaveCount(0);
  for (const width of [1280, 1024]) {
    await page.setViewportSize({ width, height: 800 });
    await page.screenshot({ path: `test-results/first-day/save-conflict-${width}.png` });
  }
  await asked.getByLabel("On disk: 'Theirs again'").check();
  await page.getByTestId('conflict-combine').click();
  await expect(dialog).toBeHidden();
  await expect(badge).toHaveValue('Theirs again');
  // The other field changed on disk came in too.
  await expect(title).toHaveValue('Theirs, another title');
  await expect(page.getByTestId('save-state')).toHaveText('Saved');
  await page.getByTestId('undo').click();
  await expect(badge).toHaveValue('Mine again');
  await page.getByTestId('save-button').click();
  await expect(page.getByTestId('save-state')).toHaveText('Saved');
  expect(editor.read(FILE)).toContain('badge: Mine again');
});

test('unsaved typing survives a closed tab: it is offered back when the page is opened again', async ({
  page,
  context,
  editor,
}) => {
  await editor.open(page, `#/edit/${FILE}`);
  await page.getByTestId('block-0-toggle').click();
  await page.getByTestId('field-blocks.0.badge').fill('Typed, never saved');
  await page.waitForTimeout(1000);
  await page.close();

  const again = await context.newPage();
  await editor.open(again, `#/edit/${FILE}`);
  const dialog = again.getByRole('dialog', { name: 'Unsaved changes found' });
  await expect(dialog).toBeVisible();
  await dialog.getByRole('button', { name: 'Restore my changes' }).click();
  await again.getByTestId('block-0-toggle').click();
  await expect(again.getByTestId('field-blocks.0.badge')).toHaveValue('Typed, never saved');
  await expect(again.getByTestId('save-state')).toHaveText('Unsaved changes');
  expect(editor.read(FILE)).not.toContain('Typed, never saved');
});

test('a file that is not valid YAML opens as text: fixed there, the form comes back, and only the fix is saved', async ({
  page,
  editor,
}) => {
  const good = editor.read(FILE);
  const titleLine = good.split('\n').find((line) => line.startsWith('title: '))!;
  const broken = good.replace(titleLine, titleLine.replace('title: ', 'title "'));
  editor.write(FILE, broken);
  editor.git(
    '-c',
    'user.name=Test',
    '-c',
    'user.email=test@example.com',
    'commit',
    '-qam',
    'broken',
  );
  try {
    await editor.open(page, `#/edit/${FILE}`);
    const text = page.getByLabel(`YAML text of ${FILE}`);
    await expect(text).toHaveValue(broken);
    await expect(page.getByTestId('yaml-text-editor')).toContainText(/line 1, column 1/);
    await expect(page.getByTestId('block-0-toggle')).toHaveCount(0);

    await page.getByRole('button', { name: /Go to line/ }).click();
    await expect(text).toBeFocused();
    await text.fill(good);
    await expect(page.getByTestId('yaml-text-editor')).toHaveCount(0);
    await expect(page.getByTestId('block-0-toggle')).toBeVisible();
    await page.getByTestId('save-button').click();
    await expect(page.getByTestId('save-state')).toHaveText('Saved');
    expect(
      editor
        .git('diff', '-U0', '--', FILE)
        .split('\n')
        .filter((line) => /^[-+][^-+]/.test(line)),
    ).toEqual([
      `-${broken.split('\n').find((line) => line.startsWith('title "'))}`,
      `+${titleLine}`,
    ]);
  } finally {
    editor.git('reset', '-q', '--hard', 'HEAD~1');
  }
});
