/**
 * The comparison is honest only if every peer writes our HTML: checked on every page after the
 * warm-up builds, before anything is timed (and by tests/bench/peers.test.ts on two pages).
 */
import { readFileSync } from 'node:fs';
import path from 'node:path';
import type { Generator } from './generator.ts';
import { pageFile } from './our-pages.ts';

const withoutWhitespace = (html: string) => html.replace(/\s+/g, '');

/** The HTML of copy `n` as `generator` wrote it. */
export const htmlOf = (generator: Generator, n: number) =>
  readFileSync(pageFile(path.join(generator.cwd, generator.pages), n), 'utf8');

/** Whether two pages are the same HTML, whitespace aside. */
export const sameHtml = (a: string, b: string) =>
  a === b || withoutWhitespace(a) === withoutWhitespace(b);

/** Throws unless `peer` wrote the same HTML as `ours` for pages 1 to `pages`. */
export function checkSameHtml(ours: Generator, peer: Generator, pages: number): void {
  for (let n = 1; n <= pages; n++)
    if (!sameHtml(htmlOf(ours, n), htmlOf(peer, n)))
      throw new Error(
        `bench:peers: ${peer.name} wrote other HTML than this project for ${pageFile('', n)} ` +
          `(compare ${pageFile(path.join(ours.cwd, ours.pages), n)} and ` +
          `${pageFile(path.join(peer.cwd, peer.pages), n)}); the comparison would not be honest.`,
      );
}
