import { existsSync, mkdirSync, mkdtempSync, readdirSync, rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { createTranslation } from './translate-page.ts';

/** A project folder inside a parent that holds a YAML file of its own, outside the project. */
function projectBesideAFile(): { parent: string; root: string } {
  const parent = mkdtempSync(path.join(os.tmpdir(), 'staylix-translate-'));
  const root = path.join(parent, 'project');
  mkdirSync(path.join(root, 'pages'), { recursive: true });
  writeFileSync(
    path.join(root, 'site.config.yaml'),
    'locales:\n  default: en\n  list:\n    - code: en\n    - code: de\n',
  );
  writeFileSync(path.join(root, 'pages/pricing.yaml'), 'title: Pricing\nblocks: []\n');
  writeFileSync(path.join(parent, 'outside.yaml'), 'title: Not a page of the project\n');
  return { parent, root };
}

let parent: string | undefined;
afterEach(() => parent && rmSync(parent, { recursive: true, force: true }));

describe('createTranslation', () => {
  it('writes pages/<code>/<route>.yaml from the source page', () => {
    const made = projectBesideAFile();
    parent = made.parent;
    const result = createTranslation(made.root, 'de', '/pricing');
    expect(result).toMatchObject({ ok: true, file: 'pages/de/pricing.yaml' });
  });

  it('refuses a route that is not one, and neither reads nor writes outside pages/', () => {
    const made = projectBesideAFile();
    parent = made.parent;
    for (const route of ['/../../outside', '/../site.config', 'pricing', '/Pricing']) {
      const result = createTranslation(made.root, 'de', route);
      expect(result.ok, route).toBe(false);
      if (!result.ok) expect(result.error.code, route).toBe('bad-route');
    }
    expect(readdirSync(made.root).sort()).toEqual(['pages', 'site.config.yaml']);
    expect(existsSync(path.join(made.root, 'pages/de'))).toBe(false);
  });
});
