import { spawnSync } from 'node:child_process';
import { cpSync, existsSync, mkdtempSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Generator } from '../../bench/side-by-side/generator.ts';
import { peersInstalled } from '../../bench/side-by-side/install.ts';
import { makeOurs, peerInput } from '../../bench/side-by-side/our-pages.ts';
import { ourGenerator, peers, type Peer } from '../../bench/side-by-side/peers.ts';
import { htmlOf, sameHtml } from '../../bench/side-by-side/same-html.ts';

/**
 * `npm run bench:peers` compares honestly only if the peers write the same HTML as this project for
 * the same pages (the benchmark checks every page before timing; this checks the check). Two copies
 * of pages/solutions/hotels.yaml are built by each peer that can run here (Hugo only when on the
 * PATH); the second copy's page (the template comes from the first) must be ours, whitespace aside.
 * The peers are installed into bench/peers/ by the benchmark's first run, never by `npm ci`:
 * without them this test is skipped (run `npm run bench:peers -- --pages 2 --runs 1` once).
 */
const root = path.resolve(import.meta.dirname, '../..');
let ours: string;
let peersRoot: string;
let self: Generator;
let present: Peer[] = [];

describe.skipIf(!peersInstalled())('bench:peers: the peers write our HTML', () => {
  beforeAll(() => {
    ours = makeOurs(2);
    // The project's own bundle (same code, same key): only the pages are built.
    const bundle = path.join(root, '.cache/build/bundle');
    if (existsSync(bundle))
      cpSync(bundle, path.join(ours, '.cache/build/bundle'), { recursive: true });
    peersRoot = mkdtempSync(path.join(os.tmpdir(), 'bench-peers-test-'));
    self = ourGenerator(ours);
    present = peers(peersRoot).present;
    const run = ({ command, cwd, env }: Generator) => {
      const result = spawnSync(command[0]!, command.slice(1), {
        cwd,
        encoding: 'utf8',
        env: { ...process.env, ...env },
      });
      if (result.status !== 0) throw new Error(`${command.join(' ')}:\n${result.stderr}`);
    };
    run(self);
    const input = peerInput(ours, 2);
    for (const peer of present) {
      peer.write(input);
      run(peer.generator);
    }
  }, 600_000);

  afterAll(() => {
    rmSync(ours, { recursive: true, force: true });
    rmSync(peersRoot, { recursive: true, force: true });
  });

  it('builds Eleventy and Astro 5 at least', () => {
    const names = present.map(({ generator }) => generator.name);
    expect(names.some((name) => name.startsWith('Eleventy 3'))).toBe(true);
    expect(names.some((name) => name.startsWith('Astro 5'))).toBe(true);
  });

  it('every peer writes our HTML for the second copy, whitespace aside', () => {
    const mine = htmlOf(self, 2);
    expect(mine).toContain('Hotel Management Software for Independent Hotels 2');
    for (const { generator } of present)
      expect(sameHtml(htmlOf(generator, 2), mine), generator.name).toBe(true);
  });

  it('the check fails for a page that is not ours', () => {
    const mine = htmlOf(self, 2);
    expect(sameHtml(mine.replace('Hotels 2', 'Hotels 3'), mine)).toBe(false);
    expect(sameHtml(mine.replace('<main', '\n  <main'), mine)).toBe(true);
  });
});
