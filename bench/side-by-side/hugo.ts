/**
 * The Hugo peer, when a `hugo` binary is on the PATH: bench/peers/hugo/ (configuration and layout)
 * copied into its project, each copy's YAML as the front matter of a content file (Hugo has no
 * other way to make a page of a file), our template and the cards' URLs as a data file.
 */
import { spawnSync } from 'node:child_process';
import { cpSync, mkdirSync, readdirSync, readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import type { Generator } from './generator.ts';
import { peersDir } from './install.ts';
import { FOLDER, type PeerInput } from './our-pages.ts';

/** The version of the `hugo` on the PATH (`0.111.3`), or undefined when there is none. */
export function hugoVersion(): string | undefined {
  const run = spawnSync('hugo', ['version'], { encoding: 'utf8' });
  if (run.status !== 0) return undefined;
  return /\bv(\d+\.\d+\.\d+)/.exec(run.stdout)?.[1] ?? run.stdout.trim();
}

export function writeHugo(root: string, input: PeerInput): void {
  cpSync(path.join(peersDir, 'hugo'), root, { recursive: true });
  const content = path.join(root, 'content', FOLDER);
  mkdirSync(content, { recursive: true });
  for (const file of readdirSync(input.pagesDir).filter((name) => name.endsWith('.yaml'))) {
    const yaml = readFileSync(path.join(input.pagesDir, file), 'utf8');
    writeFileSync(
      path.join(content, file.replace(/\.yaml$/, '.md')),
      `---\n${yaml}${yaml.endsWith('\n') ? '' : '\n'}---\n`,
    );
  }
  mkdirSync(path.join(root, 'data'), { recursive: true });
  writeFileSync(
    path.join(root, 'data', 'peer.json'),
    JSON.stringify({ template: input.template, cards: input.cards }),
  );
}

/**
 * Hugo's caches are its file cache (remote data, processed images, modules; kept in the project
 * here, it must be an absolute path) and resources/_gen (processed images): this build uses none,
 * so they stay empty and its warm and cold builds do the same work.
 */
export function hugoGenerator(root: string, version: string): Generator {
  return {
    name: `Hugo ${version}`,
    cwd: root,
    command: ['hugo', '--quiet', '--cacheDir', path.join(root, 'hugo-cache')],
    output: 'dist',
    pages: 'dist',
    caches: ['resources', 'hugo-cache'],
  };
}
