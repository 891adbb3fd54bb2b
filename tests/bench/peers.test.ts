import { spawnSync } from 'node:child_process';
import { cpSync, existsSync, mkdtempSync, readFileSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { generators, makeOurs, peersDir, writePeers } from '../../scripts/bench-peers.ts';

/**
 * `npm run bench:peers` compares honestly only if Eleventy and Astro write the same HTML as this
 * project for the same pages. Two copies of pages/solutions/hotels.yaml are built by each; the
 * second copy's page (the template comes from the first) must be ours, whitespace aside. The peers
 * are installed into bench/peers/ by the benchmark's first run, never by `npm ci`: without them
 * this test is skipped (run `npm run bench:peers -- --pages 2 --runs 1` once).
 */
const installed = existsSync(path.join(peersDir, 'node_modules', 'astro'));
const root = path.resolve(import.meta.dirname, '../..');
let ours: string;
let peers: string;

const page = (dir: string) =>
  readFileSync(path.join(dir, 'solutions/peers/p-0002/index.html'), 'utf8');
const withoutWhitespace = (html: string) => html.replace(/\s+/g, '');

describe.skipIf(!installed)('bench:peers: the peers write our HTML', () => {
  beforeAll(() => {
    ours = makeOurs(2);
    // The project's own bundle (same code, same key): only the pages are built.
    const bundle = path.join(root, '.cache/build/bundle');
    if (existsSync(bundle))
      cpSync(bundle, path.join(ours, '.cache/build/bundle'), { recursive: true });
    peers = mkdtempSync(path.join(os.tmpdir(), 'bench-peers-test-'));
    const [self, ...others] = generators(ours, peers);
    const run = (command: string[], cwd: string) => {
      const result = spawnSync(command[0]!, command.slice(1), { cwd, encoding: 'utf8' });
      if (result.status !== 0) throw new Error(`${command.join(' ')}:\n${result.stderr}`);
    };
    run(self!.command, self!.cwd);
    writePeers(ours, peers, 2);
    for (const peer of others) run(peer.command, peer.cwd);
  }, 600_000);

  afterAll(() => {
    rmSync(ours, { recursive: true, force: true });
    rmSync(peers, { recursive: true, force: true });
  });

  it.each(['eleventy', 'astro'])('%s', (peer) => {
    const mine = page(path.join(ours, 'dist/client'));
    const theirs = page(path.join(peers, peer, 'dist'));
    expect(mine).toContain('Hotel Management Software for Independent Hotels 2');
    expect(withoutWhitespace(theirs)).toBe(withoutWhitespace(mine));
  });
});
