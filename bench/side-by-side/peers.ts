/**
 * The generators `npm run bench:peers` builds the same pages with: this project, then each peer
 * that can run here (Eleventy 3, Astro 5 and 7, Hugo); a peer that cannot is listed with the
 * reason.
 */
import { existsSync } from 'node:fs';
import path from 'node:path';
import type { Generator } from './generator.ts';
import { hugoGenerator, hugoVersion, writeHugo } from './hugo.ts';
import { astro7Dir, nodeForAstro7, packageVersion, peersDir } from './install.ts';
import { writeAstro, writeEleventy } from './node-peers.ts';
import type { PeerInput } from './our-pages.ts';

export interface Peer {
  generator: Generator;
  /** Writes its project (in `generator.cwd`). */
  write(input: PeerInput): void;
}

export interface MissingPeer {
  name: string;
  why: string;
}

export function ourGenerator(ours: string): Generator {
  return {
    name: 'this project',
    cwd: ours,
    command: [process.execPath, 'scripts/run-compiled.mjs', 'scripts/build.ts'],
    output: 'dist',
    pages: 'dist/client',
    caches: ['.cache'],
  };
}

/**
 * This project with every page rendered in its warm runs: the rendered-page store removed (its
 * manifest kept, so the build starts its render workers early, as for a dist/ it cannot reuse).
 */
export function ourGeneratorRenderingEveryPage(ours: string): Generator {
  return {
    ...ourGenerator(ours),
    name: 'this project, every page rendered (.cache/build/pages removed)',
    warmRemoves: ['.cache/build/pages'],
    warmOnly: true,
  };
}

/** The peers, their projects in folders of `root`. */
export function peers(root: string): { present: Peer[]; missing: MissingPeer[] } {
  const present: Peer[] = [];
  const missing: MissingPeer[] = [];
  const nodeModules = path.join(peersDir, 'node_modules');
  const eleventy = path.join(root, 'eleventy');
  present.push({
    generator: {
      name: `Eleventy ${packageVersion(peersDir, '@11ty/eleventy')}`,
      cwd: eleventy,
      command: [process.execPath, 'node_modules/@11ty/eleventy/cmd.cjs', '--quiet'],
      output: 'dist',
      pages: 'dist',
      caches: ['.cache'],
    },
    write: (input) => writeEleventy(eleventy, input, nodeModules),
  });
  const astroCaches = ['.astro', 'node_modules/.astro', 'node_modules/.vite'];
  const astro = path.join(root, 'astro');
  present.push({
    generator: {
      name: `Astro ${packageVersion(peersDir, 'astro')}`,
      cwd: astro,
      command: [process.execPath, 'node_modules/astro/astro.js', 'build', '--silent'],
      output: 'dist',
      pages: 'dist',
      caches: astroCaches,
    },
    write: (input) => writeAstro(astro, input, nodeModules),
  });
  const astro7 = path.join(root, 'astro7');
  const node22 = nodeForAstro7();
  if (!existsSync(path.join(astro7Dir, 'node_modules', 'astro')))
    missing.push({ name: 'Astro 7', why: 'not installed in bench/peers/astro7/' });
  else if ('missing' in node22) missing.push({ name: 'Astro 7', why: node22.missing });
  else {
    present.push({
      generator: {
        name: `Astro ${packageVersion(astro7Dir, 'astro')} (Node ${node22.version})`,
        cwd: astro7,
        command: [node22.node, 'node_modules/astro/bin/astro.mjs', 'build', '--silent'],
        output: 'dist',
        pages: 'dist',
        caches: astroCaches,
        env: { PATH: `${path.dirname(node22.node)}${path.delimiter}${process.env.PATH ?? ''}` },
      },
      write: (input) => writeAstro(astro7, input, path.join(astro7Dir, 'node_modules')),
    });
  }
  const hugo = hugoVersion();
  if (hugo === undefined)
    missing.push({
      name: 'Hugo',
      why: 'no `hugo` binary on the PATH (on Debian or Ubuntu: `apt-get install hugo`)',
    });
  else {
    const dir = path.join(root, 'hugo');
    present.push({ generator: hugoGenerator(dir, hugo), write: (input) => writeHugo(dir, input) });
  }
  return { present, missing };
}
