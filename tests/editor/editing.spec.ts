import { spawnSync } from 'node:child_process';
import path from 'node:path';
import { parse } from 'yaml';
import { wordingFor } from '../../engine/errors.ts';
import { loadSite } from '../../engine/load-site.ts';
import { expect, test } from './fixture.ts';

const projectRoot = path.resolve(import.meta.dirname, '../..');
const FILE = 'pages/solutions/hotels.yaml';

/** `npm run validate -- --format json` on the temporary project: what the CLI says about it. */
function cliMessages(root: string): Array<{ file: string; line: number; message: string }> {
  const run = spawnSync(
    process.execPath,
    ['scripts/run-compiled.mjs', 'scripts/validate.ts', '--root', root, '--format', 'json'],
    { cwd: projectRoot, encoding: 'utf8' },
  );
  return (
    JSON.parse(run.stdout) as {
      diagnostics: Array<{ file: string; line: number; message: string }>;
    }
  ).diagnostics;
}

/**
 * The same problems as the editor's form words them (the catalogue's form wording: `This field is
 * empty.` where the terminal names the field's key), from the validator the CLI runs.
 */
function formMessages(root: string, file: string): string[] {
  return loadSite({ root, includeDrafts: false })
    .diagnostics.filter((d) => d.file === file)
    .map((d) => wordingFor({ ...d, hint: d.hint ?? '', form: d.form ?? 'same' }, 'form').message);
}

test('a real editing session on /solutions/hotels ends in exactly the expected git diff', async ({
  page,
  editor,
}) => {
  test.setTimeout(120_000);
  const original = editor.read(FILE);
  const page0 = parse(original) as { blocks: Array<{ type: string; title?: string }> };
  const heroTitle = page0.blocks[0]!.title!;
  const count = page0.blocks.length;
  const last = page0.blocks[count - 1]!.type;

  await editor.open(page, `#/edit/${FILE}`);
  const preview = page.frameLocator('[data-testid="preview-frame"]');
  await expect(preview.locator('h1')).toHaveText(heroTitle);

  // Change the hero title: the preview follows as the user types.
  await page.getByTestId('block-0-toggle').click();
  const title = page.getByTestId('field-blocks.0.title');
  await title.press('End');
  await title.pressSequentially(' of Any Size');
  await expect(preview.locator('h1')).toHaveText(`${heroTitle} of Any Size`);

  // Add an FAQ block from the catalogue (at the end: no block selected), then one more question.
  await page.getByTestId('block-0-toggle').click();
  await page.getByTestId('add-block').click();
  await page.getByTestId('add-block-faq').click();
  const faq = page.getByTestId(`block-${count}`);
  await expect(faq).toHaveAttribute('data-block-type', 'faq');
  await expect(preview.locator(`[data-editor-block="${count}"]`)).toContainText(
    'Frequently asked questions',
  );
  await faq.getByRole('button', { name: 'Add item' }).click();

  // The new question is empty: the validator's message shows beside the field. Saving is allowed,
  // and marked.
  const question = page.getByTestId(`field-blocks.${count}.items.3.question`);
  await expect(question).toBeFocused();
  await expect(
    page.locator('.mantine-InputWrapper-root', { has: question }).getByTestId('field-message'),
  ).toHaveCount(1);
  await page.getByTestId('save-button').click();
  await expect(page.getByTestId('saved-invalid')).toBeVisible();
  // Every message the CLI prints for the file is in the editor, in the catalogue's words for a form
  // (`This field is empty.` where the terminal names the key), beside its field and in the list,
  // which names its field and never its place in the file.
  const cli = cliMessages(editor.root).filter((d) => d.file === FILE);
  expect(cli.length).toBeGreaterThan(0);
  const formWords = formMessages(editor.root, FILE);
  expect(formWords).toHaveLength(cli.length);
  const besideFields = await page.getByTestId('field-message').allTextContents();
  const listed = await page.getByTestId('problem').allTextContents();
  for (const message of formWords) {
    expect(besideFields.some((text) => text.includes(message))).toBe(true);
    expect(listed.some((text) => text.includes(message) && text.includes('Go to '))).toBe(true);
  }
  for (const d of cli) {
    expect(listed.some((text) => text.includes(`${FILE}:${d.line}:`))).toBe(false);
  }
  expect(listed).toHaveLength(cli.length);

  // Fix it: the messages go away.
  await question.fill('Can we keep our current channel manager?');
  await page
    .getByTestId(`field-blocks.${count}.items.3.answer`)
    .fill(
      'Yes. Staylix connects to the major channel managers, or replaces yours when you are ready.',
    );
  await expect(page.getByTestId('problems-panel')).toHaveAttribute('data-count', '0');
  await expect(page.getByTestId('field-message')).toHaveCount(0);

  // Move the FAQ above the closing block, with the keyboard-accessible button.
  await page.getByRole('button', { name: `Move up: block ${count + 1} (FAQ)` }).click();
  await expect(page.getByTestId(`block-${count - 1}`)).toHaveAttribute('data-block-type', 'faq');
  await expect(preview.locator(`[data-editor-block="${count - 1}"]`)).toContainText(
    'Frequently asked questions',
  );

  await page.keyboard.press('Control+s');
  await expect(page.getByTestId('save-state')).toHaveText('Saved');
  expect(cliMessages(editor.root).filter((d) => d.file === FILE)).toEqual([]);

  // The diff: the title line, and the new block's lines before the last block. Nothing else.
  const changed = editor
    .git('diff', '-U0', '--', FILE)
    .split('\n')
    .filter((line) => /^[-+](?![-+]{2} )/.test(line));
  expect(changed).toEqual([
    `-    title: ${heroTitle}`,
    `+    title: ${heroTitle} of Any Size`,
    ...FAQ_BLOCK.split('\n').map((line) => `+${line}`),
  ]);
  expect(editor.read(FILE)).toBe(
    original
      .replace(`    title: ${heroTitle}\n`, `    title: ${heroTitle} of Any Size\n`)
      .replace(`  - type: ${last}\n`, `${FAQ_BLOCK}\n  - type: ${last}\n`),
  );
});

/**
 * The FAQ block as the editor writes it: the catalogue's example (block style, no folding) plus the
 * new question. The new item starts as `question: ""` / `answer: ""`; a value typed into an empty
 * field is written plainly (the quotes were there only because it was empty).
 */
const FAQ_BLOCK = `  - type: faq
    id: faq
    tone: muted
    heading: Frequently asked questions
    intro: Short answers to what hoteliers ask us most.
    items:
      - question: Do I need a credit card to book a demo?
        answer: No. The demo is free, no credit card is required, and we tailor it to your property.
      - question: How does setup work?
        answer: Setup is free and personalized. Our onboarding team imports your rooms, rates and reservations, connects your channels and trains your staff before you go live.
      - question: Which messaging channels does the AI guest chat cover?
        answer: WhatsApp and web chat arrive in one unified inbox, answered 24/7 by the AI assistant in many languages.
      - question: Can we keep our current channel manager?
        answer: Yes. Staylix connects to the major channel managers, or replaces yours when you are ready.
`;

test('clicking a block in the preview opens its form; opening a form outlines its block', async ({
  page,
  editor,
}) => {
  editor.git('checkout', '--', '.');
  await editor.open(page, `#/edit/${FILE}`);
  const preview = page.frameLocator('[data-testid="preview-frame"]');
  await preview.locator('[data-editor-block="3"]').click();
  await expect(page.getByTestId('block-3')).toHaveAttribute('data-selected', 'true');
  await page.getByTestId('block-5-toggle').click();
  await expect(preview.locator('[data-editor-block="5"]')).toHaveAttribute(
    'data-editor-selected',
    /.*/,
  );
});

test('undo and redo across edits, with typing coalesced', async ({ page, editor }) => {
  editor.git('checkout', '--', '.');
  await editor.open(page, `#/edit/${FILE}`);
  await page.getByTestId('block-0-toggle').click();
  const badge = page.getByTestId('field-blocks.0.badge');
  await badge.fill('');
  await badge.pressSequentially('New badge');
  await page.getByRole('button', { name: 'Move down: block 3 (Rich text)' }).click();
  await expect(page.getByTestId('block-3')).toHaveAttribute('data-block-type', 'richText');
  await page.keyboard.press('Control+z');
  await expect(page.getByTestId('block-2')).toHaveAttribute('data-block-type', 'richText');
  await expect(badge).toHaveValue('New badge');
  // Typing is undone by bursts (a pause of a second starts a new one), never letter by letter.
  await page.keyboard.press('Control+z');
  const afterOne = await badge.inputValue();
  expect(afterOne.length).toBeLessThan('New badg'.length);
  for (let i = 0; i < 9 && (await badge.inputValue()) !== ''; i++)
    await page.getByTestId('undo').click();
  await expect(badge).toHaveValue('');
  await page.keyboard.press('Control+Shift+z');
  await expect(badge).not.toHaveValue('');
  await page.getByTestId('undo').click();
  await page.getByTestId('undo').click();
  await expect(badge).toHaveValue('For Independent Hotels');
  await expect(page.getByTestId('undo')).toBeDisabled();
  await expect(page.getByTestId('save-state')).toHaveText('Saved');
});

test('dragging a block by its handle moves it, and the file changes only by that block’s lines', async ({
  page,
  editor,
}) => {
  const original = editor.read(FILE);
  const types = (parse(original) as { blocks: Array<{ type: string }> }).blocks.map(
    (block) => block.type,
  );
  try {
    await editor.open(page, `#/edit/${FILE}`);
    const handle = page.getByRole('button', { name: `Reorder block 3 (` });
    const target = page.getByTestId('block-1');
    await expect(handle).toBeVisible();
    // A real pointer drag: press, move past dnd-kit's 4 px activation distance, then over the
    // target in steps.
    const from = (await handle.boundingBox())!;
    const to = (await target.boundingBox())!;
    await page.mouse.move(from.x + from.width / 2, from.y + from.height / 2);
    await page.mouse.down();
    await page.mouse.move(from.x + from.width / 2, from.y + from.height / 2 - 10, { steps: 3 });
    await page.mouse.move(from.x + from.width / 2, to.y + 4, { steps: 12 });
    await page.mouse.up();
    await expect(page.getByTestId('block-1')).toHaveAttribute('data-block-type', types[2]!);
    await expect(page.getByTestId('block-2')).toHaveAttribute('data-block-type', types[1]!);
    await page.getByTestId('save-button').click();
    await expect(page.getByTestId('save-state')).toHaveText(/Saved/);
    const moved = parse(editor.read(FILE)) as { blocks: Array<{ type: string }> };
    expect(moved.blocks.map((block) => block.type)).toEqual([
      types[0],
      types[2],
      types[1],
      ...types.slice(3),
    ]);
    // The same lines, byte for byte, only in another order (nothing reprinted), and the moved
    // block's lines only.
    const lines = (text: string) => text.split('\n');
    expect([...lines(editor.read(FILE))].sort()).toEqual([...lines(original)].sort());
    const [added, removed] = editor
      .git('diff', '--numstat', '--', FILE)
      .trim()
      .split(/\s+/)
      .map(Number);
    expect(added).toBe(removed);
    expect(added).toBeLessThan(lines(original).length / 2);
  } finally {
    editor.git('checkout', '--', FILE);
  }
});
