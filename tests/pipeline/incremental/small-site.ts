import { mkdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import path from 'node:path';

/**
 * A small site for the builds of the incremental property test: the project's code, public/ and
 * site.config.yaml (every link of its menus and footer pointed at the home page), with a few short
 * pages of its own instead of the project's. A few pages build in a few seconds; each kind of
 * change still has something to change.
 */
const SMALL_PAGES: Record<string, string> = {
  'index.yaml': page('Home', ['/about', '/news']),
  'about.yaml': page('About us', ['/'], { image: '/images/examples/dashboard.png' }),
  'news.yaml': page('News', ['/about']),
};

export function page(
  title: string,
  links: string[],
  options: { image?: string; aliases?: string[]; draft?: boolean; text?: string } = {},
): string {
  const lines = [`title: ${title}`, `description: ${title}, a page of the small test site.`];
  if (options.aliases?.length)
    lines.push('aliases:', ...options.aliases.map((alias) => `  - ${alias}`));
  if (options.draft) lines.push('draft: true');
  lines.push(
    'blocks:',
    '  - type: hero',
    `    title: ${title}`,
    '    subtitle: A page of the small test site.',
  );
  if (links.length)
    lines.push(
      '    actions:',
      ...links.map(
        (href, index) => `      - { label: Link ${index + 1}, href: "${href}", variant: primary }`,
      ),
    );
  if (options.image)
    lines.push('    media:', `      src: ${options.image}`, `      alt: An image of ${title}`);
  lines.push(
    '  - type: richText',
    '    heading: In short',
    '    paragraphs:',
    `      - ${options.text ?? 'Some text.'}`,
  );
  return `${lines.join('\n')}\n`;
}

/** Turns the project copy in `dir` into the small site. */
export function makeSmallSite(dir: string): void {
  const notFound = readFileSync(path.join(dir, 'pages/404.yaml'), 'utf8');
  rmSync(path.join(dir, 'pages'), { recursive: true, force: true });
  mkdirSync(path.join(dir, 'pages'));
  writeFileSync(path.join(dir, 'pages/404.yaml'), notFound);
  for (const [file, text] of Object.entries(SMALL_PAGES))
    writeFileSync(path.join(dir, 'pages', file), text);
  const config = path.join(dir, 'site.config.yaml');
  writeFileSync(
    config,
    readFileSync(config, 'utf8').replace(/href: ("[^"]*"|[^\s,}]+)/g, 'href: /'),
  );
}
