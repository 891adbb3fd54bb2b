import { spawnSync } from 'node:child_process';
import { existsSync, readdirSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { projectRoot } from '../helpers/project-copy.ts';

/** The bundle of the project's last build (`npm test` builds before the unit tests). */
function builtBundle(): string {
  const bundles = path.join(projectRoot, '.cache/build/bundle');
  const dir = existsSync(bundles)
    ? readdirSync(bundles).find((name) => existsSync(path.join(bundles, name, 'worker.mjs')))
    : undefined;
  if (!dir)
    throw new Error(
      'No built bundle in .cache/build/bundle: run `npm run build` before this test.',
    );
  return path.join(bundles, dir);
}

describe('the render workers’ page renderer', () => {
  it('writes every page of the site, and copies of one, byte for byte as Vike’s renderPage() does, most of them without Vike, with the header, the footer and blocks seen before reused as HTML, and finishes each as every step on the whole page does', () => {
    const run = spawnSync(
      process.execPath,
      ['--import', 'tsx', 'tests/pipeline/render-both-ways.ts', builtBundle()],
      {
        cwd: projectRoot,
        encoding: 'utf8',
        env: { ...process.env, NODE_ENV: 'production' },
      },
    );
    expect(run.status, run.stderr).toBe(0);
    const result = JSON.parse(run.stdout.trim().split('\n').pop()!) as {
      compared: number;
      copies: number;
      differ: string[];
      counts: { direct: number; vike: number };
      subtrees: { reused: number; rendered: number };
      finishDiffer: string[];
      finishCounts: { quick: number; whole: number };
    };
    expect(result.differ).toEqual([]);
    expect(result.compared).toBeGreaterThan(60);
    // Through the renderer, Vike renders the first page, two pages of each Vike page in each
    // language (one the template is learnt from, one it is checked on: <html lang dir> is part of
    // the template) and the not-found page; every other page goes without it.
    expect(result.counts.direct).toBeGreaterThan(result.compared - 16);
    // Direct renders reuse the HTML of headers, footers and blocks seen before (a header whose
    // links mark the current page, or with a translated page's own alternates, is rendered; so is a
    // page's hero with its own title): every page above is byte for byte Vike's, each with its
    // image preloads and React's ids, the copies of a page (its blocks reused from the third copy
    // on) included.
    expect(result.copies).toBe(4);
    expect(result.subtrees.reused).toBeGreaterThan(result.counts.direct / 2);
    // The page finisher's quick way (the inlined CSS set aside while the page is finished) gives
    // what every step on the whole page gives, and is the way every page of the site goes.
    expect(result.finishDiffer).toEqual([]);
    expect(result.finishCounts).toEqual({ quick: result.compared, whole: 0 });
  }, 60_000);
});
