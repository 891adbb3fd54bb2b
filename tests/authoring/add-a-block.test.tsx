import { copyFileSync, mkdirSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { renderToStaticMarkup } from 'react-dom/server';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { copyProject, projectRoot } from '../helpers/project-copy.ts';

/**
 * README's promise, "adding a block is one folder plus two list entries", kept by doing it: a copy
 * of the project gets a `badge` block from tests/fixtures/new-block (a template with its own
 * cross-field rule and its own JSON-LD), its folder and one entry in each of blocks/schemas.ts and
 * blocks/registry.ts, and nothing else. Then the copy's own validator and renderer are loaded and
 * must report the rule's error in the block's own words at its line and column, and put the block's
 * structured data in the page's head.
 */

const TEMPLATE = path.join(import.meta.dirname, '../fixtures/new-block');
const CODE_FOLDERS = ['blocks', 'ui', 'schema', 'engine', 'renderer', 'pipeline', 'scripts'];

const AWARDS_PAGE = `title: Awards
description: The awards Staylix has won, year by year.
blocks:
  - type: badge
    heading: Awards
    columns: ['2024', '2025']
    rows:
      - award: Best hotel software
        values: [Winner, Finalist]
`;

let root: string;

/**
 * The block's folder, as an author would create it: the template's files without their `.template`
 * suffix.
 */
function addBlockFolder() {
  const folder = path.join(root, 'blocks/badge');
  mkdirSync(folder);
  for (const file of readdirSync(TEMPLATE))
    copyFileSync(path.join(TEMPLATE, file), path.join(folder, file.replace(/\.template$/, '')));
}

/**
 * Adds `importLine` after the list's imports and `entry` as the last entry of the object that
 * `objectStart` opens.
 */
function addListEntry(file: string, importLine: string, objectStart: string, entry: string) {
  const full = path.join(root, file);
  let text = readFileSync(full, 'utf8');
  const lastImport = text.lastIndexOf('\nimport ');
  const afterImports = text.indexOf('\n', lastImport + 1) + 1;
  text = `${text.slice(0, afterImports)}${importLine}\n${text.slice(afterImports)}`;
  const objectEnd = text.indexOf('\n}', text.indexOf(objectStart));
  if (text.indexOf(objectStart) < 0 || objectEnd < 0)
    throw new Error(`${objectStart} not found in ${file}`);
  text = `${text.slice(0, objectEnd)}\n  ${entry}${text.slice(objectEnd)}`;
  writeFileSync(full, text);
}

/**
 * Vike's transient copy of a `+` file it is loading (`+route.ts.build-<12 characters>.mjs`, next to
 * the file, deleted once loaded): a test beside this one that starts Vike in the project makes one
 * for a moment.
 */
const vikeLoadingCopy = /\.build-[a-z0-9]{12}\.mjs$/;

/** Files of the copy's code that differ from the project's (or exist on one side only). */
function changedCodeFiles(): string[] {
  const list = (base: string, folder: string): string[] =>
    readdirSync(path.join(base, folder), { recursive: true, withFileTypes: true })
      .filter((entry) => entry.isFile() && !vikeLoadingCopy.test(entry.name))
      .map((entry) => path.relative(base, path.join(entry.parentPath, entry.name)));
  const changed = new Set<string>();
  for (const folder of CODE_FOLDERS) {
    const ours = new Set(list(projectRoot, folder));
    for (const file of list(root, folder)) {
      if (
        !ours.delete(file) ||
        !readFileSync(path.join(root, file)).equals(readFileSync(path.join(projectRoot, file)))
      )
        changed.add(file);
    }
    for (const file of ours) changed.add(file);
  }
  return [...changed].sort();
}

/**
 * A module of the copy, not of this project: the copy's blocks/schemas.ts and registry.ts know the
 * new block.
 */
const fromCopy = <T,>(file: string): Promise<T> => import(/* @vite-ignore */ path.join(root, file));

beforeAll(() => {
  root = copyProject('staylix-add-block-');
  addBlockFolder();
  addListEntry(
    'blocks/schemas.ts',
    "import { badgeSchema } from './badge/schema.ts';",
    'export const blockSchemas = {',
    'badge: badgeSchema,',
  );
  addListEntry(
    'blocks/registry.ts',
    "import { definition as badge } from './badge/index.tsx';",
    'export const registry: BlockRegistry = {',
    'badge,',
  );
  writeFileSync(path.join(root, 'pages/awards.yaml'), AWARDS_PAGE);
  writeFileSync(
    path.join(root, 'pages/awards-broken.yaml'),
    AWARDS_PAGE.replace('[Winner, Finalist]', '[Winner]'),
  );
});
afterAll(() => rmSync(root, { recursive: true, force: true }));

describe('adding a block', () => {
  it('takes its folder and one entry in each of the two lists, nothing else', () => {
    expect(changedCodeFiles()).toEqual([
      'blocks/badge/Badge.tsx',
      'blocks/badge/example.yaml',
      'blocks/badge/index.tsx',
      'blocks/badge/schema.ts',
      'blocks/registry.ts',
      'blocks/schemas.ts',
    ]);
  });

  it("validates pages with the block, and reports its own rule in its own words at the field's line and column", async () => {
    const { loadSite } =
      await fromCopy<typeof import('../../engine/load-site.ts')>('engine/load-site.ts');
    const { diagnostics } = loadSite({ root });
    expect(
      diagnostics.map(({ file, line, col, code, message, hint }) => ({
        at: `${file}:${line}:${col}`,
        code,
        message,
        hint,
      })),
    ).toEqual([
      {
        at: 'pages/awards-broken.yaml:9:17',
        code: 'badge-result-per-year',
        message: '"Best hotel software" lists 1 result(s) for 2 year(s).',
        hint: 'Give exactly 2 results, one per year, in the order of "columns".',
      },
    ]);
  });

  it("renders the page with the block, and puts the block's structured data in the head", async () => {
    const { loadSite } =
      await fromCopy<typeof import('../../engine/load-site.ts')>('engine/load-site.ts');
    const { headTags } = await fromCopy<typeof import('../../renderer/seo/head-tags.ts')>(
      'renderer/seo/head-tags.ts',
    );
    const { PageBody } =
      await fromCopy<typeof import('../../renderer/PageView.tsx')>('renderer/PageView.tsx');
    const site = loadSite({ root });
    const page = site.routes.get('/awards')!;
    const data = {
      route: page.route,
      canonicalRoute: page.route,
      page: page.page,
      config: site.config!,
    };

    const html = renderToStaticMarkup(<PageBody data={data} />);
    expect(html).toMatch(/<h2 id="[^"]+" class="[^"]*">Awards<\/h2>/);
    expect(html).toContain(
      '<th scope="row">Best hotel software</th><td>Winner</td><td>Finalist</td>',
    );

    const social = {
      url: `${data.config.baseUrl}/social.png`,
      width: 1200,
      height: 630,
      alt: 'Awards',
    };
    expect(headTags(data, social).jsonLd).toContainEqual({
      '@context': 'https://schema.org',
      '@type': 'Organization',
      url: `${data.config.baseUrl}/`,
      award: ['Best hotel software'],
    });
  });
});
