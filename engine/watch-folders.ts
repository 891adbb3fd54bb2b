import { readdirSync, statSync, watch, type Dirent, type FSWatcher } from 'node:fs';
import path from 'node:path';

/**
 * Calls `onChange` with the path (relative to `root`, with `/`) of every file written, added,
 * renamed or deleted under `dir`, watching each folder on its own. A folder watch names the file of
 * each event, so a file replaced by a rename (as `sed -i` and many editors save) is still seen,
 * which Node's recursive watch on Linux missed; and an event costs nothing more in a folder of
 * 10,000 files, where Vite's watcher read the whole folder again after each save. Folders added
 * later are watched too. Returns a function that stops every watch.
 */
export function watchFolders(
  root: string,
  dir: string,
  onChange: (file: string) => void,
): () => void {
  const watchers = new Map<string, FSWatcher>();
  const relative = (full: string) => path.relative(root, full).split(path.sep).join('/');
  const watchFolder = (folder: string) => {
    if (watchers.has(folder)) return;
    let watcher: FSWatcher;
    try {
      watcher = watch(folder, (_event, name) => {
        if (name === null) return onChange(relative(folder));
        const full = path.join(folder, String(name));
        if (isFolder(full)) watchTree(full);
        onChange(relative(full));
      });
    } catch {
      return; // gone already
    }
    // A folder deleted (or moved away) ends its watch; its parent reports the change.
    watcher.on('error', () => forget(folder));
    watchers.set(folder, watcher);
  };
  const forget = (folder: string) => {
    watchers.get(folder)?.close();
    watchers.delete(folder);
  };
  const watchTree = (folder: string) => {
    watchFolder(folder);
    let entries: Dirent[];
    try {
      entries = readdirSync(folder, { withFileTypes: true });
    } catch {
      return;
    }
    for (const entry of entries) if (entry.isDirectory()) watchTree(path.join(folder, entry.name));
  };
  watchTree(path.join(root, dir));
  return () => {
    for (const folder of [...watchers.keys()]) forget(folder);
  };
}

function isFolder(full: string): boolean {
  try {
    return statSync(full).isDirectory();
  } catch {
    return false;
  }
}
