/**
 * The Node peers' projects: Eleventy 3 (a Nunjucks template, pagination over the pages) and Astro 5
 * or 7 (a page with getStaticPaths). Each reads the copies' YAML with js-yaml and writes every page
 * from our template, the route, title and card URL filled in.
 */
import { cpSync, existsSync, mkdirSync, symlinkSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { FOLDER, VARIABLES, type PeerInput } from './our-pages.ts';

const READ_PAGES = `
import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import yaml from 'js-yaml';
export function readPages(root) {
  const cards = JSON.parse(readFileSync(path.join(root, 'cards.json'), 'utf8'));
  return readdirSync(path.join(root, 'pages')).filter((file) => file.endsWith('.yaml')).sort().map((file) => {
    const page = yaml.load(readFileSync(path.join(root, 'pages', file), 'utf8'));
    const slug = file.replace(/\\.yaml$/, '');
    const route = '/${FOLDER}/' + slug;
    return { slug, route, title: page.title, card: cards[route] };
  });
}
`;

/** What both have: the pages, the cards' URLs, the page reader and node_modules (a link). */
function writeCommon(root: string, input: PeerInput, nodeModules: string): void {
  mkdirSync(root, { recursive: true });
  cpSync(input.pagesDir, path.join(root, 'pages'), { recursive: true });
  writeFileSync(path.join(root, 'cards.json'), JSON.stringify(input.cards));
  writeFileSync(path.join(root, 'read-pages.mjs'), READ_PAGES);
  if (!existsSync(path.join(root, 'node_modules')))
    symlinkSync(nodeModules, path.join(root, 'node_modules'), 'dir');
}

/**
 * Nunjucks: the template's text kept raw, the variables filled in by Nunjucks (escaped as React
 * escapes a title).
 */
function nunjucksOf(template: string): string {
  const tokens = Object.entries(VARIABLES);
  const parts = template.split(new RegExp(`(${tokens.map(([, token]) => token).join('|')})`));
  return parts
    .map((part, index) =>
      index % 2
        ? `{{ p.${tokens.find(([, token]) => token === part)![0]} }}`
        : `{% raw %}${part}{% endraw %}`,
    )
    .join('');
}

export function writeEleventy(root: string, input: PeerInput, nodeModules: string): void {
  writeCommon(root, input, nodeModules);
  mkdirSync(path.join(root, 'src', '_data'), { recursive: true });
  writeFileSync(
    path.join(root, 'eleventy.config.mjs'),
    `export default function () {\n  return { dir: { input: 'src', output: 'dist' }, templateFormats: ['njk'] };\n}\n`,
  );
  writeFileSync(
    path.join(root, 'src', '_data', 'pages.mjs'),
    `import { readPages } from '../../read-pages.mjs';\nexport default () => readPages(process.cwd());\n`,
  );
  writeFileSync(
    path.join(root, 'src', 'page.njk'),
    `---\npagination:\n  data: pages\n  size: 1\n  alias: p\npermalink: "{{ p.route }}/index.html"\n---\n${nunjucksOf(input.template)}`,
  );
}

/** The same project for Astro 5 and Astro 7. */
export function writeAstro(root: string, input: PeerInput, nodeModules: string): void {
  writeCommon(root, input, nodeModules);
  mkdirSync(path.join(root, 'src', 'pages', FOLDER), { recursive: true });
  writeFileSync(
    path.join(root, 'astro.config.mjs'),
    `export default { outDir: './dist', compressHTML: false, build: { format: 'directory' } };\n`,
  );
  writeFileSync(path.join(root, 'template.html'), input.template);
  writeFileSync(
    path.join(root, 'src', 'pages', FOLDER, '[slug].astro'),
    `---
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { readPages } from '../../../../read-pages.mjs';
export function getStaticPaths() {
  return readPages(process.cwd()).map((page) => ({ params: { slug: page.slug }, props: page }));
}
const template = readFileSync(path.join(process.cwd(), 'template.html'), 'utf8');
const escape = (text) => text.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;').replace(/"/g, '&quot;').replace(/'/g, '&#x27;');
const { route, title, card } = Astro.props;
const html = template.replaceAll('${VARIABLES.card}', card).replaceAll('${VARIABLES.title}', escape(title)).replaceAll('${VARIABLES.route}', route);
---
<Fragment set:html={html} />
`,
  );
}
