import { existsSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { JSDOM } from 'jsdom';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startEditorServer, type EditorServer } from '../../editor/server/server.ts';
import { assertBuilt, htmlPath } from '../helpers/built-site.ts';

/**
 * The page editor's preview cannot drift from the site: for every built route, the preview's <main>
 * is the built page's <main>, element for element and attribute for attribute. Two differences are
 * expected and removed first: the preview's data-editor-block markers, and the hash part of CSS
 * module class names (`_hero_ztdyn_1`: the build and Vite's dev transform hash the same class from
 * different inputs).
 */
const projectRoot = path.resolve(import.meta.dirname, '../..');
let server: EditorServer;

/** One window parses every page (a JSDOM of its own per page cost a third of this file's CPU time). */
const parser = new new JSDOM('').window.DOMParser();
const normalise = (html: string) => html.replace(/\b(_[A-Za-z][\w-]*?)_[a-z0-9]{5}(_\d+)\b/g, '$1$2');
function mainOf(html: string): string {
  const main = parser.parseFromString(html, 'text/html').querySelector('main');
  if (!main) return '';
  main.querySelectorAll('[data-editor-block]').forEach((element) => element.removeAttribute('data-editor-block'));
  return normalise(main.outerHTML);
}

beforeAll(async () => {
  assertBuilt();
  server = await startEditorServer({ root: projectRoot, port: 0, watch: false });
}, 120_000);
afterAll(async () => server?.close());

describe('the editor preview is the built page', () => {
  it('renders every built route with the same <main> as dist/client', async () => {
    let compared = 0;
    const differ: string[] = [];
    for (const { route } of server.site.routes()) {
      const file = htmlPath(route);
      if (!existsSync(file)) continue; // a draft: not built
      const response = await fetch(`${server.origin}/preview${route}?token=${server.token}`);
      expect(response.status, route).toBe(200);
      const preview = mainOf(await response.text());
      const built = mainOf(readFileSync(file, 'utf8'));
      if (preview !== built) differ.push(route);
      compared++;
    }
    expect(differ).toEqual([]);
    expect(compared).toBeGreaterThan(50);
  }, 300_000);
});
