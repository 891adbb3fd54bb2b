import path from 'node:path';
import { expect, startEditor, test } from './fixture.ts';

const projectRoot = path.resolve(import.meta.dirname, '../..');
const SHOTS = path.join(projectRoot, 'test-results', 'first-day');

/**
 * The editor's address without its key, and a tab left open while the editor is stopped and
 * started again (a new key): each says in words what happened and what to do, nothing waits for
 * ever.
 */
test('an editor restarted under an open tab: "not answering", then "open it again"', async ({
  browser,
  editor,
}) => {
  test.setTimeout(240_000);
  // A second editor on the same project, stopped and started again on the same port.
  let { child, url } = await startEditor(editor.root, 0);
  const port = Number(new URL(url).port);
  const page = await browser.newPage();
  try {
    await page.goto(`${url}#/`);
    await expect(page.getByTestId('page-list-item').first()).toBeVisible({ timeout: 90_000 });

    child.kill('SIGKILL');
    await expect(page.getByTestId('editor-unreachable')).toContainText('not answering', {
      timeout: 20_000,
    });
    ({ child, url } = await startEditor(editor.root, port));
    const ended = page.getByTestId('session-ended');
    await expect(ended).toContainText('The editor was restarted', { timeout: 30_000 });
    await expect(ended).toContainText('Open the new address');
    for (const width of [1280, 1024]) {
      await page.setViewportSize({ width, height: 800 });
      await page.screenshot({ path: path.join(SHOTS, `session-ended-${width}.png`) });
    }

    // The old address (its key refused) in a fresh tab: a page in words, not JSON.
    const fresh = await browser.newPage();
    await fresh.goto(new URL(url).origin + '/');
    await expect(
      fresh.getByRole('heading', { name: 'Open the editor from its address' }),
    ).toBeVisible();
    await expect(fresh.locator('body')).not.toContainText('bad-token');
    await fresh.screenshot({ path: path.join(SHOTS, 'no-key-1280.png') });
    await fresh.close();
  } finally {
    await page.close();
    child.kill('SIGKILL');
  }
});
