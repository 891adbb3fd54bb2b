import { existsSync, watch, type FSWatcher } from 'node:fs';
import path from 'node:path';
import { SiteLoader, type SiteModel } from '../../engine/load-site.ts';

let loader: SiteLoader | undefined;
let cached: SiteModel | undefined;
let watchers: FSWatcher[] | undefined;
/**
 * Files changed since the site was last brought up to date (relative to the root); '*' when a
 * change had no name.
 */
const changed = new Set<string>();

/**
 * Outside the dev server (which shares its site with its Vite plugin: engine/dev-site.ts), e.g. in
 * tests, the site is kept between calls (each render asks for it several times: every page's route
 * function, then its data) and brought up to date file by file when a file under pages/ or public/,
 * or site.config.yaml, changes. Returns false when the files cannot be watched: then the site is
 * loaded again on every call.
 */
function watchForChanges(root: string): boolean {
  if (watchers) return true;
  const started: FSWatcher[] = [];
  try {
    for (const name of ['pages', 'public', 'site.config.yaml']) {
      const target = path.join(root, name);
      if (!existsSync(target)) continue;
      const note = (_event: string, file: string | Buffer | null) => {
        changed.add(
          file === null
            ? '*'
            : name.endsWith('.yaml')
              ? name
              : `${name}/${String(file).split(path.sep).join('/')}`,
        );
      };
      started.push(
        watch(target, { recursive: !name.endsWith('.yaml') }, note)
          .on('error', () => changed.add('*'))
          .unref(),
      );
    }
  } catch {
    for (const watcher of started) watcher.close();
    return false;
  }
  watchers = started;
  return true;
}
// A new copy of this module (Vite reloads it when it or the engine changes) watches for itself.
import.meta.hot?.dispose(() => {
  for (const watcher of watchers ?? []) watcher.close();
});

/**
 * The site loaded in this module (outside the dev server, e.g. tests), kept up to date with
 * fs.watch.
 */
export function loadedSite(): SiteModel {
  // The build's mode, not NODE_ENV: `vike build` with NODE_ENV=test (as under a test runner) must
  // still leave drafts out.
  const production = import.meta.env.MODE === 'production';
  const keep = production || watchForChanges(process.cwd());
  if (!keep || !loader) {
    loader = new SiteLoader({
      root: process.cwd(),
      includeDrafts: !production || process.env.INCLUDE_DRAFTS === '1',
      cache: true,
    });
    changed.clear();
    cached = loader.load();
  } else if (changed.size) {
    const files = [...changed];
    changed.clear();
    cached = files.includes('*') ? loader.load() : loader.update(files);
  }
  return cached!;
}
