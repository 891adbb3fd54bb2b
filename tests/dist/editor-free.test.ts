import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { PAGE_UPDATE_EVENT } from '../../engine/dev-events.ts';
import { assertBuilt, distDir } from '../helpers/built-site.ts';

/**
 * The page editor (editor/, npm run edit) and its preview must leave no trace in the public site:
 * no editor code, style, marker or route in dist/client. These strings exist only in the editor's
 * server, app and preview script, and in the dev server's in-place update of a page
 * (renderer/client/live-update.ts, kept out by `import.meta.hot`).
 */
const EDITOR_TRACES = [
  'data-editor-block',
  'data-editor-selected',
  'editor-draft-revision',
  'editor-preview-stale',
  'x-editor-token',
  'editor_session',
  '/api/check',
  '/api/events',
  'highlight-block',
  'select-block',
  '/editor/',
  'preview/client',
  PAGE_UPDATE_EVENT,
  'DOMParser',
];

function allFiles(dir: string): string[] {
  return readdirSync(dir, { recursive: true, withFileTypes: true })
    .filter((entry) => entry.isFile())
    .map((entry) => path.join(entry.parentPath, entry.name));
}

describe('no editor or dev server code in the built site', () => {
  it('dist/client has no editor or live-update code, styles, markers or routes', () => {
    assertBuilt();
    const files = allFiles(distDir);
    expect(files.length).toBeGreaterThan(50);
    const found: string[] = [];
    for (const file of files) {
      if (!/\.(html|js|mjs|css|json|txt|xml|map)$/.test(file) && !file.endsWith('_headers')) continue;
      const text = readFileSync(file, 'utf8');
      for (const trace of EDITOR_TRACES) if (text.includes(trace)) found.push(`${path.relative(distDir, file)}: ${trace}`);
    }
    expect(found).toEqual([]);
    expect(files.filter((file) => /(^|[\\/])(editor|preview|api)([\\/]|$)/.test(path.relative(distDir, file)))).toEqual([]);
  });
});
