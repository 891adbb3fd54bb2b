import { test as base, expect, type Browser, type Page } from '@playwright/test';
import { spawn, type ChildProcess } from 'node:child_process';
import { cpSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { scriptArgs } from '../helpers/entry-point.ts';
import { git, makeTeam, type Team } from '../publishing/git-fixture.ts';

const projectRoot = path.resolve(import.meta.dirname, '../..');
/**
 * What the editor edits: the site's content. The code (renderer, schema, editor) runs from the
 * project itself.
 */
const CONTENT = ['pages', 'public', 'site.config.yaml'];

export interface EditorSession {
  /** The temporary project (a git repository with the content committed). */
  root: string;
  /** `http://127.0.0.1:<port>/?token=…` */
  url: string;
  origin: string;
  git: (...args: string[]) => string;
  read: (file: string) => string;
  write: (file: string, text: string) => void;
  /** Opens a screen of the editor (`#/edit/pages/x.yaml`, `#/site`, `#/`). */
  open: (page: Page, hash?: string) => Promise<void>;
}

export async function startEditor(
  root: string,
  port: number,
): Promise<{ child: ChildProcess; url: string }> {
  const child = spawn(
    process.execPath,
    scriptArgs('edit', '--root', root, '--port', String(port)),
    {
      cwd: projectRoot,
      env: { ...process.env, NO_COLOR: '1' },
      stdio: ['ignore', 'pipe', 'pipe'],
    },
  );
  let output = '';
  const url = await new Promise<string>((resolve, reject) => {
    const timer = setTimeout(
      () => reject(new Error(`The editor did not start:\n${output}`)),
      30_000,
    );
    const onData = (chunk: Buffer) => {
      output += chunk.toString();
      const found = /http:\/\/127\.0\.0\.1:\d+\/\?token=\S+/.exec(output);
      if (found) {
        clearTimeout(timer);
        resolve(found[0]);
      }
    };
    child.stdout!.on('data', onData);
    child.stderr!.on('data', onData);
    child.once('exit', (code) => reject(new Error(`The editor exited (${code}):\n${output}`)));
  });
  return { child, url };
}

/**
 * Opens a page in a throw-away tab until its preview shows: the first preview loads the site's
 * components through Vite, done once here rather than inside a test's timeout.
 */
async function warmUp(browser: Browser, url: string) {
  const warm = await browser.newPage();
  await warm.goto(`${url}#/edit/pages/solutions/hotels.yaml`);
  await expect(warm.frameLocator('[data-testid="preview-frame"]').locator('h1')).toBeVisible({
    timeout: 100_000,
  });
  await warm.close();
}

export interface EditorOnClone {
  team: Team;
  /** The clone the editor runs on. */
  root: string;
  url: string;
  stop(): void;
}

/**
 * An editor on `name`'s clone of a fresh team (a bare repository holding the site's content is the
 * remote; tests/publishing/git-fixture.ts), with its preview warmed. `prepare` runs on the clone
 * before the editor starts (the name and e-mail in its settings, a version published before).
 */
export async function startEditorOnClone(
  browser: Browser,
  name: string,
  prepare?: (root: string) => void,
): Promise<EditorOnClone> {
  const team = makeTeam({ code: false });
  const root = team.clone(name).root;
  prepare?.(root);
  const { child, url } = await startEditor(root, 0);
  await warmUp(browser, url);
  return {
    team,
    root,
    url,
    stop() {
      child.kill('SIGKILL');
      team.cleanup();
    },
  };
}

/**
 * One editor per worker (shared by the test files it runs), on a free port and its own copy of the
 * content.
 */
export const test = base.extend<object, { editor: EditorSession }>({
  editor: [
    async ({ browser }, use) => {
      const root = mkdtempSync(path.join(tmpdir(), 'editor-e2e-'));
      for (const entry of CONTENT)
        cpSync(path.join(projectRoot, entry), path.join(root, entry), { recursive: true });
      git(root, 'init', '-q');
      git(root, '-c', 'user.name=Test', '-c', 'user.email=test@example.com', 'add', '-A');
      git(
        root,
        '-c',
        'user.name=Test',
        '-c',
        'user.email=test@example.com',
        'commit',
        '-q',
        '-m',
        'content',
      );
      // Port 0: the system picks a free port (printed in the editor's URL), so parallel runs never
      // collide.
      const { child, url } = await startEditor(root, 0);
      const origin = new URL(url).origin;
      await warmUp(browser, url);
      await use({
        root,
        url,
        origin,
        git: (...args) => git(root, ...args),
        read: (file) => readFileSync(path.join(root, file), 'utf8'),
        write: (file, text) => writeFileSync(path.join(root, file), text),
        open: async (page, hash = '#/') => {
          await page.goto(`${url}${hash}`);
          await expect(page.getByRole('link', { name: /Page editor/ })).toBeVisible();
        },
      });
      child.kill('SIGKILL');
      rmSync(root, { recursive: true, force: true });
    },
    { scope: 'worker', timeout: 120_000 },
  ],
});

export { expect };
