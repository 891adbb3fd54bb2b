import { rmSync } from 'node:fs';
import path from 'node:path';
import { seriousViolations } from './axe.ts';
import { expect, test } from './fixture.ts';

const projectRoot = path.resolve(import.meta.dirname, '../..');
const SHOTS = path.join(projectRoot, 'test-results', 'translation');

const OLD_TITLE = 'Outcome-based pricing that grows with you';
const NEW_TITLE = 'Outcome-based pricing that grows with your hotel';
const OLD_BADGE = 'Pricing';
const NEW_BADGE = 'Plans and pricing';
const GERMAN_TITLE = 'Ergebnisorientierte Preise, die mit Ihnen wachsen';

/** The lines of `after` that differ from `before` (same number of lines). */
function changedLines(before: string, after: string) {
  const a = before.split('\n');
  const b = after.split('\n');
  expect(b.length).toBe(a.length);
  return a.flatMap((line, i) => (line === b[i] ? [] : [[line, b[i]]]));
}

test('a stale German field side by side with its source, marked reviewed; the language switch', async ({
  page,
  editor,
}) => {
  test.setTimeout(120_000);
  const source = editor.read('pages/pricing.yaml');
  const german = editor.read('pages/de/pricing.yaml');
  try {
    // The English page changes (as an author saving it would): its hero's title, badge and a button.
    editor.write(
      'pages/pricing.yaml',
      source
        .replace(`    title: ${OLD_TITLE}\n`, `    title: ${NEW_TITLE}\n`)
        .replace(`    badge: ${OLD_BADGE}\n`, `    badge: ${NEW_BADGE}\n`)
        .replace('{ label: Compare Plans,', '{ label: Compare all plans,'),
    );
    expect(editor.read('pages/pricing.yaml')).toContain(NEW_TITLE);

    await page.setViewportSize({ width: 1280, height: 800 });
    await editor.open(page, '#/edit/pages/de/pricing.yaml');
    await expect(page.getByTestId('stale-summary')).toContainText(
      '3 fields changed in the English page since they were translated.',
    );
    await page.getByTestId('open-source-view').click();
    const view = page.getByTestId('source-and-translation');
    await expect(view.getByRole('heading', { name: 'Source and translation' })).toBeVisible();
    const title = view.locator('[data-stale-field="blocks.0.title"]');
    await expect(title.getByRole('heading', { name: 'Hero › Title' })).toBeVisible();
    await expect(title.getByTestId('source-before')).toHaveText(OLD_TITLE);
    await expect(title.getByTestId('source-now')).toHaveText(NEW_TITLE);
    await expect(title.getByTestId('translation-text')).toHaveText(GERMAN_TITLE);
    await expect(title.getByTestId('translation-text')).toHaveAttribute('lang', 'de');
    const badge = view.locator('[data-stale-field="blocks.0.badge"]');
    await expect(badge.getByTestId('source-before')).toHaveText(OLD_BADGE);
    await expect(badge.getByTestId('source-now')).toHaveText(NEW_BADGE);
    expect(await seriousViolations(page), 'source and translation').toEqual([]);

    for (const width of [1280, 1024]) {
      await page.setViewportSize({ width, height: 800 });
      await page.screenshot({ path: path.join(SHOTS, `stale-${width}.png`) });
    }
    expect(await seriousViolations(page), 'source and translation at 1024 px').toEqual([]);
    await page.setViewportSize({ width: 1280, height: 800 });

    // One field: its finding goes, the other stays; saved, only its translatedFrom line changed.
    await title.getByTestId('mark-reviewed').click();
    await expect(title).toHaveCount(0);
    await expect(badge).toBeVisible();
    await expect(page.getByTestId('stale-summary')).toContainText('2 fields changed');
    await page.getByTestId('save-button').click();
    await expect(page.getByTestId('save-state')).toContainText('Saved');
    const afterOne = editor.read('pages/de/pricing.yaml');
    expect(changedLines(german, afterOne)).toEqual([
      [`  blocks.0.title: ${OLD_TITLE}`, `  blocks.0.title: ${NEW_TITLE}`],
    ]);

    // Mark all reviewed: the view says the translation is up to date, and the file changed only in
    // those translatedFrom lines.
    await expect(view.locator('[data-stale-field="blocks.0.actions.1.label"]')).toContainText(
      'Compare all plans',
    );
    await view.getByTestId('mark-all-reviewed').click();
    await expect(view).toContainText('Every field is reviewed');
    await expect(view.locator('[data-stale-field]')).toHaveCount(0);
    await expect(page.getByTestId('stale-summary')).toHaveCount(0);
    await page.getByTestId('save-button').click();
    await expect(page.getByTestId('save-state')).toContainText('Saved');
    expect(changedLines(german, editor.read('pages/de/pricing.yaml'))).toEqual([
      [`  blocks.0.badge: ${OLD_BADGE}`, `  blocks.0.badge: ${NEW_BADGE}`],
      [`  blocks.0.title: ${OLD_TITLE}`, `  blocks.0.title: ${NEW_TITLE}`],
      [
        '  blocks.0.actions.1.label: Compare Plans',
        '  blocks.0.actions.1.label: Compare all plans',
      ],
    ]);
    await page.getByTestId('close-source-view').click();
    await expect(view).toHaveCount(0);

    // The language switch: each language by its own name with its state, leading to its file.
    await page.getByTestId('language-switch').click();
    const menu = page.getByTestId('language-menu');
    await expect(menu.locator('[data-language="en"]')).toContainText('English');
    await expect(menu.locator('[data-language="en"]')).toContainText('original');
    await expect(menu.locator('[data-language="de"]')).toContainText('Deutsch');
    await expect(menu.locator('[data-language="de"]')).toContainText('translated');
    await expect(menu.locator('[data-language="ar"]')).toContainText('العربية');
    expect(await seriousViolations(page), 'language menu').toEqual([]);
    await menu.locator('[data-language="ar"]').click();
    await expect(page).toHaveURL(/#\/edit\/pages\/ar\/pricing\.yaml$/);
    await expect(page.getByTestId('language-switch')).toHaveText('العربية');
    await page.getByTestId('language-switch').click();
    await menu.locator('[data-language="en"]').click();
    await expect(page).toHaveURL(/#\/edit\/pages\/pricing\.yaml$/);
    await expect(page.getByTestId('language-switch')).toHaveText('English');

    // A language without the page: "Create the … translation" starts it and opens it.
    await editor.open(page, '#/edit/pages/solutions/hotels.yaml');
    await page.getByTestId('language-switch').click();
    await expect(menu.locator('[data-language="ar"]')).toHaveText('Create the العربية translation');
    await menu.locator('[data-language="ar"]').click();
    await expect(page).toHaveURL(/#\/edit\/pages\/ar\/solutions\/hotels\.yaml$/);
    await expect(page.getByTestId('language-switch')).toHaveText('العربية');
    expect(editor.read('pages/ar/solutions/hotels.yaml')).toContain('translatedFrom:');
  } finally {
    editor.write('pages/pricing.yaml', source);
    editor.write('pages/de/pricing.yaml', german);
    rmSync(path.join(editor.root, 'pages/ar/solutions'), { recursive: true, force: true });
  }
});
