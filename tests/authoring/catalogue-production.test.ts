import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { parseBuildArgs } from '../../pipeline/run-build.ts';
import { prerenderJobs } from '../../pipeline/prerender.ts';
import { loadSite } from '../../engine/load-site.ts';

/**
 * The block catalogue (/_blocks) is for authors: `npm run dev` and the editor show it, a production
 * build leaves it out unless asked (`npm run build -- --catalogue`, which `npm test` uses for the
 * tests that read it). Checked on the build's own list of URLs to prerender, without building.
 */
const root = path.resolve(import.meta.dirname, '../..');

describe('the block catalogue in a production build', () => {
  const site = loadSite({ root });

  it('is left out unless --catalogue is given', () => {
    const previous = process.env.BUILD_CATALOGUE;
    delete process.env.BUILD_CATALOGUE;
    try {
      expect(parseBuildArgs([])).toMatchObject({ catalogue: false });
      expect(parseBuildArgs(['--catalogue'])).toMatchObject({ catalogue: true });
    } finally {
      if (previous !== undefined) process.env.BUILD_CATALOGUE = previous;
    }
    const urls = prerenderJobs(site, 'bundle', []).map((job) => job.url);
    expect(urls).toContain('/pricing');
    expect(urls.filter((url) => url.startsWith('/_blocks'))).toEqual([]);
  });
});
