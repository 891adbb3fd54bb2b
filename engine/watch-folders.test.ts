import { mkdirSync, mkdtempSync, renameSync, rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterEach, describe, it } from 'vitest';
import { watchFolders } from './watch-folders.ts';

let root: string;
let stop = () => {};
afterEach(() => {
  stop();
  rmSync(root, { recursive: true, force: true });
});

/** Starts watching pages/ of a new folder; `seen` collects the files reported. */
function start() {
  root = mkdtempSync(path.join(os.tmpdir(), 'staylix-watch-'));
  mkdirSync(path.join(root, 'pages/solutions'), { recursive: true });
  writeFileSync(path.join(root, 'pages/solutions/hotels.yaml'), 'title: One\n');
  const seen = new Set<string>();
  stop = watchFolders(root, 'pages', (file) => seen.add(file));
  const until = async (file: string) => {
    for (
      const started = Date.now();
      !seen.has(file);
      await new Promise((resolve) => setTimeout(resolve, 10))
    )
      if (Date.now() - started > 5000)
        throw new Error(`${file} was not reported; seen: ${[...seen].join(', ')}`);
    seen.delete(file);
  };
  return { seen, until };
}

describe('watchFolders', () => {
  it('reports a file written in place, and one replaced by a rename again and again (as sed -i saves)', async () => {
    const { until } = start();
    writeFileSync(path.join(root, 'pages/solutions/hotels.yaml'), 'title: Two\n');
    await until('pages/solutions/hotels.yaml');
    for (const title of ['Three', 'Four']) {
      writeFileSync(path.join(root, 'pages/solutions/.hotels.tmp'), `title: ${title}\n`);
      renameSync(
        path.join(root, 'pages/solutions/.hotels.tmp'),
        path.join(root, 'pages/solutions/hotels.yaml'),
      );
      await until('pages/solutions/hotels.yaml');
    }
  });

  it('watches a folder added later, and reports a folder removed', async () => {
    const { until } = start();
    mkdirSync(path.join(root, 'pages/resorts'));
    await until('pages/resorts');
    await new Promise((resolve) => setTimeout(resolve, 50));
    writeFileSync(path.join(root, 'pages/resorts/goa.yaml'), 'title: Goa\n');
    await until('pages/resorts/goa.yaml');
    rmSync(path.join(root, 'pages/resorts'), { recursive: true });
    await until('pages/resorts');
  });
});
