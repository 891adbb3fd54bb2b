import { cpSync, mkdtempSync, readFileSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { setValue } from '../document/index.ts';
import type { CheckResponse } from '../shared/api.ts';
import { startEditorServer, type EditorServer } from './server.ts';

/** The live preview, over real HTTP: the site's own components render the editor's unsaved text. */
const projectRoot = path.resolve(import.meta.dirname, '../..');
const FILE = 'pages/solutions/hotels.yaml';
let root: string;
let server: EditorServer;

const get = async (url: string) => {
  const response = await fetch(`${server.origin}${url}`, {
    headers: { 'x-editor-token': server.token },
  });
  return {
    status: response.status,
    type: response.headers.get('content-type') ?? '',
    text: await response.text(),
  };
};
const check = async (text: string) => {
  const response = await fetch(`${server.origin}/api/check`, {
    method: 'POST',
    headers: { 'x-editor-token': server.token, 'content-type': 'application/json' },
    body: JSON.stringify({ path: FILE, text }),
  });
  return (await response.json()) as CheckResponse;
};
const preview = () => get(`/preview/solutions/hotels?draft=${encodeURIComponent(FILE)}`);

beforeAll(async () => {
  root = mkdtempSync(path.join(os.tmpdir(), 'editor-preview-'));
  for (const entry of ['pages', 'public', 'site.config.yaml'])
    cpSync(path.join(projectRoot, entry), path.join(root, entry), { recursive: true });
  server = await startEditorServer({ root, port: 0, token: 'preview-token', watch: false });
}, 120_000);
afterAll(async () => {
  await server?.close();
  rmSync(root, { recursive: true, force: true });
});

describe('preview', () => {
  const original = () => readFileSync(path.join(root, FILE), 'utf8');

  it("renders the unsaved text through the site's layout and blocks, each block marked for the editor", async () => {
    const draft = setValue(original(), ['blocks', 0, 'title'], 'Typed in the editor, not saved');
    const { draftRevision } = await check(draft);
    const page = await preview();
    expect(page.status).toBe(200);
    expect(page.text).toMatch(/<h1[^>]*>Typed in the editor, not saved<\/h1>/);
    expect(page.text).toContain(`<meta name="editor-draft-revision" content="${draftRevision}">`);
    expect(page.text).toContain(
      '<title>Hotel Management Software for Independent Hotels | Staylix</title>',
    );
    expect(page.text).toMatch(/<a[^>]*href="#main"[^>]*>Skip to content<\/a>/);
    const blocks = (draft.match(/^ {2}- type: /gm) ?? []).length;
    expect(
      [...page.text.matchAll(/data-editor-block="(\d+)"/g)].map((match) => Number(match[1])),
    ).toEqual([...Array(blocks).keys()]);
    expect(page.text).toContain(
      '<script type="module" src="/editor/server/preview/client.ts"></script>',
    );
    // The file on disk is untouched.
    expect(original()).toContain('title: The Hotel OS Built for Independent Teams');
  }, 120_000);

  it('loads the CSS the components import, as the build does', async () => {
    const page = await preview();
    const links = [...page.text.matchAll(/<link rel="stylesheet" href="([^"]+)">/g)].map((match) =>
      match[1]!.replace(/&amp;/g, '&'),
    );
    expect(links).toContain('/blocks/hero/Hero.module.css?direct');
    expect(links).toContain('/renderer/global.css?direct');
    const css = await get('/blocks/hero/Hero.module.css?direct');
    expect(css.type).toContain('text/css');
    const heroClass =
      /<section[^>]*class="([^"]+)"[^>]*data-editor-block="0"/
        .exec(page.text)?.[1]
        ?.split(' ')[0] ?? /data-editor-block="0"[^>]*class="([^" ]+)/.exec(page.text)?.[1];
    expect(heroClass && css.text.includes(`.${heroClass}`)).toBe(true);
  }, 120_000);

  it('keeps the last good render on screen when the draft does not validate, and says why', async () => {
    const good = setValue(original(), ['blocks', 0, 'title'], 'Last good title');
    await check(good);
    await preview();
    await check(good.replace('- type: hero', '- type: heroo'));
    const page = await preview();
    expect(page.text).toMatch(/<h1[^>]*>Last good title<\/h1>/);
    expect(page.text).toMatch(
      /<meta name="editor-preview-stale" content="pages\/solutions\/hotels.yaml:\d+:\d+ [^"]*heroo/,
    );
  }, 120_000);

  it('answers a refresh while typing with the body alone, its revision and title in headers', async () => {
    const { draftRevision } = await check(
      setValue(original(), ['blocks', 0, 'title'], 'Fragment title'),
    );
    const response = await fetch(
      `${server.origin}/preview/solutions/hotels?draft=${encodeURIComponent(FILE)}&fragment=1`,
      { headers: { 'x-editor-token': server.token } },
    );
    const body = await response.text();
    expect(body.startsWith('<')).toBe(true);
    expect(body).not.toMatch(/<head[\s>]/);
    expect(body).toMatch(/<h1[^>]*>Fragment title<\/h1>/);
    expect(body).toContain('data-editor-block="0"');
    expect(response.headers.get('x-editor-draft-revision')).toBe(String(draftRevision));
    expect(decodeURIComponent(response.headers.get('x-editor-title')!)).toBe(
      'Hotel Management Software for Independent Hotels | Staylix',
    );
    expect(response.headers.get('x-editor-styles')).toMatch(/^[0-9a-f]{12}$/);
  }, 120_000);

  it('needs the session token like everything else', async () => {
    const response = await fetch(`${server.origin}/preview/solutions/hotels`);
    expect(response.status).toBe(401);
  });
});

describe('preview of a translation', () => {
  it('renders a German page in German, with localised links and the switcher, as the build does', async () => {
    const page = await get('/preview/de/pricing');
    expect(page.status).toBe(200);
    expect(page.text).toMatch(/^<!DOCTYPE html><html lang="de" dir="ltr"/);
    expect(page.text).toMatch(/<h1[^>]*>Ergebnisorientierte Preise, die mit Ihnen wachsen<\/h1>/);
    expect(page.text).toMatch(
      /<link rel="alternate" hreflang="x-default" href="https:\/\/www\.example\.com\/pricing"\/>/i,
    );
    // The header's link to the contact page leads to the German one; the switcher leads back to
    // English.
    expect(page.text).toMatch(/href="\/de\/contact"/);
    expect(page.text).toMatch(/<a[^>]*href="\/pricing"[^>]*hreflang="en"/i);
  }, 120_000);

  it('renders the Arabic home page right to left, with its untranslated blocks from the English page', async () => {
    const page = await get('/preview/ar');
    expect(page.status).toBe(200);
    expect(page.text).toMatch(/^<!DOCTYPE html><html lang="ar" dir="rtl"/);
    expect(page.text).toMatch(/<h1[^>]*>نظام إدارة الفنادق الذكي الذي يتحدث مع ضيوفك<\/h1>/);
    // `caseStudies` is `untranslated: true` in pages/ar/index.yaml: the English block is shown in
    // its place.
    expect(page.text).toContain('Boutique city hotel automates pre-arrival upsells');
    const blocks = (
      readFileSync(path.join(root, 'pages/ar/index.yaml'), 'utf8').match(/^ {2}- type: /gm) ?? []
    ).length;
    expect(
      [...page.text.matchAll(/data-editor-block="(\d+)"/g)].map((match) => Number(match[1])),
    ).toEqual([...Array(blocks).keys()]);
  }, 120_000);
});
