import path from 'node:path';
import { insertItem, moveItem } from '../../editor/document/index.ts';
import { configTexts } from '../../engine/check-locales-config.ts';
import { yamlData } from '../../editor/document/read-yaml.ts';
import type { SiteConfig } from '../../schema/site-config.ts';
import { seriousViolations } from './axe.ts';
import { expect, test } from './fixture.ts';

const projectRoot = path.resolve(import.meta.dirname, '../..');
const SHOTS = path.join(projectRoot, 'test-results', 'translation');
const SOURCE = 'pages/solutions/chains.yaml';
const GERMAN = 'pages/de/solutions/chains.yaml';

test('a German page follows blocks moved and added on the English page by hand, with one button', async ({
  page,
  editor,
}) => {
  test.setTimeout(120_000);
  const source = editor.read(SOURCE);
  const german = editor.read(GERMAN);
  try {
    // Edited in the text, not in the editor (hotels.yaml is the page the fixture opens first, with
    // a draft of its own: another page): the German page no longer follows.
    let text = moveItem(source, ['blocks'], 4, 2);
    text = insertItem(text, ['blocks'], 3, {
      type: 'steps',
      heading: 'Three steps to a calmer front desk',
      items: [
        { title: 'Book a demo', description: 'We look at your rooms and channels.' },
        { title: 'Go live', description: 'Switch over on a quiet day.' },
      ],
    });
    editor.write(SOURCE, text);
    // The worker's editor may still hold an earlier test's unsaved text of this page (what the
    // preview renders in place of the file): the text on disk is the page now.
    const token = new URL(editor.url).searchParams.get('token')!;
    const checked = await page.request.post(`${editor.origin}/api/check`, {
      headers: { 'x-editor-token': token },
      data: { path: SOURCE, text },
    });
    expect(checked.status()).toBe(200);

    await page.setViewportSize({ width: 1024, height: 800 });
    await editor.open(page, `#/edit/${GERMAN}`);
    const summary = page.getByTestId('follow-summary');
    await expect(summary).toContainText('come from changes to the English page');
    await expect(summary).not.toContainText('npm');
    expect(await seriousViolations(page), 'the follow summary at 1024 px').toEqual([]);
    await page.screenshot({ path: path.join(SHOTS, 'follow-1024.png') });

    await page.getByTestId('follow-source').click();
    await expect(summary).toHaveCount(0);
    await page.getByTestId('save-button').click();
    await expect(page.getByTestId('save-state')).toContainText('Saved');
    const after = editor.read(GERMAN);
    expect(after).toContain('  - type: steps\n    untranslated: true\n');
    // The German texts all stay.
    for (const line of german.split('\n').filter((l) => /^\s+(title|heading):/.test(l)))
      expect(after).toContain(line);
    await page.screenshot({ path: path.join(SHOTS, 'followed-1024.png') });

    // The German page shows the new block in English (lang="en"), its other blocks in German.
    const preview = page.frameLocator('[data-testid="preview-frame"]');
    const block = preview.locator('main [lang="en"]');
    await expect(block.locator('h2')).toHaveText('Three steps to a calmer front desk');
    const src = await page.getByTestId('preview-frame').getAttribute('src');
    for (const width of [390, 1280]) {
      await page.setViewportSize({ width, height: 900 });
      await page.goto(new URL(src!, editor.url).href);
      const shown = page.locator('main [lang="en"]');
      await shown.scrollIntoViewIfNeeded();
      await page.screenshot({ path: path.join(SHOTS, `untranslated-block-${width}.png`) });
      await expect(page.locator('main h2').first()).toHaveText(
        'Gemacht für den Betrieb mehrerer Häuser',
      );
    }

    // Moving a block on the English page in the editor: the save writes the German page too.
    editor.write(SOURCE, source);
    editor.write(GERMAN, german);
    await page.setViewportSize({ width: 1280, height: 800 });
    await editor.open(page, `#/edit/${SOURCE}`);
    await page
      .getByRole('button', { name: /move .*down/i })
      .first()
      .click();
    await page.getByTestId('save-button').click();
    await expect(page.getByTestId('save-state')).toContainText('Saved');
    await expect(page.getByText('The Deutsch page follows your changes')).toBeVisible();
    await page.screenshot({ path: path.join(SHOTS, 'followed-on-save-1280.png') });
    expect(editor.read(GERMAN)).not.toBe(german);
  } finally {
    editor.write(SOURCE, source);
    editor.write(GERMAN, german);
  }
});

/** Per language: site texts with no label, labels of no text, labels made from another text. */
function labelFindings(text: string) {
  const data = yamlData(text) as SiteConfig;
  const texts = new Map(configTexts(data).map((entry) => [entry.key, entry.text]));
  return (data.locales?.list ?? []).flatMap((locale) =>
    Object.entries(locale.labels ?? {})
      .filter(([key, label]) => texts.get(key) !== label.from)
      .map(([key]) => `${locale.code} ${key}`)
      .concat(
        locale.code === data.locales?.default
          ? []
          : [...texts.keys()]
              .filter((key) => !(key in (locale.labels ?? {})))
              .map((key) => `${locale.code} missing ${key}`),
      ),
  );
}

test('a menu entry moved in Site settings keeps every language’s label: none missing or unused', async ({
  page,
  editor,
}) => {
  const CONFIG = 'site.config.yaml';
  const config = editor.read(CONFIG);
  try {
    expect(labelFindings(config)).toEqual([]);
    await editor.open(page, '#/site');
    await page.getByRole('tab', { name: 'Navigation' }).click();
    await page.locator('[data-item="navigation.items.2"][data-item-action="up"]').click();
    await page.locator('[data-item="navigation.items.1"][data-item-action="up"]').click();
    await page.getByTestId('save-button').click();
    await expect(page.getByTestId('save-state')).toContainText('Saved');
    const saved = editor.read(CONFIG);
    expect(saved).toMatch(/navigation:\n {2}items:\n {4}- label: Resources\n/);
    expect(saved).toContain('navigation.items.0.label: { text: Ressourcen, from: Resources }');
    expect(labelFindings(saved)).toEqual([]);
  } finally {
    editor.write(CONFIG, config);
  }
});
