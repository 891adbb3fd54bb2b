/**
 * The pages every generator builds: N copies of pages/solutions/hotels.yaml (each with its number
 * added to its title), and the peers' template, made from this project's built HTML of the first
 * copy.
 */
import { mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { copyProject } from '../../pipeline/project-files.ts';

export const projectRoot = path.resolve(import.meta.dirname, '../..');
export const SOURCE_PAGE = 'pages/solutions/hotels.yaml';
/** The copies' folder under pages/ (and their routes' prefix). */
export const FOLDER = 'solutions/peers';
/**
 * What differs from copy to copy in our HTML, and the placeholder each becomes in the peers'
 * template.
 */
export const VARIABLES = { card: '%%CARD%%', title: '%%TITLE%%', route: '%%ROUTE%%' } as const;

interface PageData {
  route: string;
  title: string;
  card: string;
}

/** What every peer's project is made of: the copies' YAML, the template and our cards' URLs. */
export interface PeerInput {
  /** The folder of the copies' YAML files. */
  pagesDir: string;
  /** Our HTML with VARIABLES in place of the route, title and card URL. */
  template: string;
  /** Each route's social card URL (the peers link our cards). */
  cards: Record<string, string>;
}

const slugOf = (n: number) => `p-${String(n).padStart(4, '0')}`;
const routeOf = (n: number) => `/${FOLDER}/${slugOf(n)}`;

/** A copy of this project with `pages` copies of the source page; returns its folder. */
export function makeOurs(pages: number): string {
  const dir = copyProject(projectRoot, 'bench-peers-ours-');
  const source = readFileSync(path.join(projectRoot, SOURCE_PAGE), 'utf8');
  mkdirSync(path.join(dir, 'pages', FOLDER), { recursive: true });
  for (let n = 1; n <= pages; n++)
    writeFileSync(
      path.join(dir, 'pages', FOLDER, `${slugOf(n)}.yaml`),
      source.replace(/^title: (.*)$/m, `title: $1 ${n}`),
    );
  return dir;
}

/** The HTML file of copy `n` in a generator's output folder (`dist/client` for ours). */
export const pageFile = (outputDir: string, n: number) =>
  path.join(outputDir, routeOf(n).slice(1), 'index.html');

/** Our built HTML of a page, and what the template needs of it. */
function builtPage(ours: string, n: number): { html: string; data: PageData } {
  const html = readFileSync(pageFile(path.join(ours, 'dist/client'), n), 'utf8');
  const title = /^title: (.*)$/m.exec(
    readFileSync(path.join(ours, 'pages', FOLDER, `${slugOf(n)}.yaml`), 'utf8'),
  )![1]!;
  const card = new URL(/<meta property="og:image" content="([^"]+)"/.exec(html)![1]!).pathname;
  return { html, data: { route: routeOf(n), title, card } };
}

const fill = (template: string, data: PageData) =>
  template
    .replaceAll(VARIABLES.card, data.card)
    .replaceAll(VARIABLES.title, data.title)
    .replaceAll(VARIABLES.route, data.route);

/**
 * The peers' template from our built HTML of the first copy, checked against the second: filled in
 * with its route, title and card, it must be its HTML exactly.
 */
function templateFrom(ours: string): string {
  const first = builtPage(ours, 1);
  const template = first.html
    .replaceAll(first.data.card, VARIABLES.card)
    .replaceAll(first.data.title, VARIABLES.title)
    .replaceAll(first.data.route, VARIABLES.route);
  const second = builtPage(ours, 2);
  if (fill(template, second.data) !== second.html)
    throw new Error(
      'bench:peers: two copies of the page differ in more than route, title and card; the template would not be honest.',
    );
  return template;
}

/** What the peers' projects are made of, from our built copy of the project (`makeOurs`, built). */
export function peerInput(ours: string, pages: number): PeerInput {
  const cards: Record<string, string> = {};
  for (let n = 1; n <= pages; n++) {
    const { data } = builtPage(ours, n);
    cards[data.route] = data.card;
  }
  return { pagesDir: path.join(ours, 'pages', FOLDER), template: templateFrom(ours), cards };
}
