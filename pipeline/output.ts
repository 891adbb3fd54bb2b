/**
 * Atomic output: a build writes into a staging folder and swaps it into dist/ only when everything
 * succeeded, under a lock that a second build refuses to share. An interrupted or failed build
 * removes its staging folder and leaves dist/ exactly as it was.
 *
 * The dist/ a build replaces is kept as the next build's staging folder (`spare`), emptied of its
 * files: its folders, one per route, are made again by no one. Making a folder is most of what
 * placing an unchanged page costs, and on ext4 without a journal every inode freed in the last
 * minute makes each new one slower (the kernel skips them one by one), which removing the old dist/
 * used to do after every build.
 */
import { spawn } from 'node:child_process';
import {
  cpSync,
  existsSync,
  linkSync,
  mkdirSync,
  readdirSync,
  readFileSync,
  renameSync,
  rmdirSync,
  rmSync,
  statSync,
  unlinkSync,
  writeFileSync,
} from 'node:fs';
import path from 'node:path';
import { validatorMessages } from '../engine/errors.ts';
import { isProcessAlive } from '../engine/process-alive.ts';

class BuildLockedError extends Error {}

/**
 * Takes the build lock (a file holding this process's pid). The file appears with its pid already
 * in it (written under a temporary name, then linked to the lock's name, which fails if a lock
 * exists): another build never reads an empty lock and takes it for a stale one. A lock left by a
 * process that no longer runs (a build killed with SIGKILL, a machine that restarted) is stale: it
 * is moved aside under a name of this process's own, and taken over only if what was moved is still
 * that stale lock.
 */
export function acquireLock(lockFile: string): () => void {
  mkdirSync(path.dirname(lockFile), { recursive: true });
  const mine = `${lockFile}.${process.pid}.tmp`;
  writeFileSync(mine, String(process.pid));
  try {
    for (let attempt = 0; attempt < 3; attempt++) {
      try {
        linkSync(mine, lockFile);
        return () => {
          if (readLock(lockFile) === process.pid) rmSync(lockFile, { force: true });
        };
      } catch (error) {
        if ((error as NodeJS.ErrnoException).code !== 'EEXIST') throw error;
      }
      const pid = readLock(lockFile);
      if (pid === undefined) continue; // released meanwhile
      if (pid > 0 && pid !== process.pid && isProcessAlive(pid))
        throw new BuildLockedError(
          validatorMessages.buildLocked(pid, path.relative(process.cwd(), lockFile) || lockFile),
        );
      const aside = `${lockFile}.${process.pid}.stale`;
      try {
        renameSync(lockFile, aside);
      } catch {
        continue; // another build moved it first
      }
      const moved = readLock(aside);
      if (moved !== pid && moved !== undefined && moved > 0 && isProcessAlive(moved)) {
        // A live build's lock, taken between the read and the move: put back unless a lock exists
        // again.
        try {
          linkSync(aside, lockFile);
        } catch {
          // Another build has locked since: the one whose lock was moved finds it gone when it
          // releases.
        }
      }
      rmSync(aside, { force: true });
    }
  } finally {
    rmSync(mine, { force: true });
  }
  throw new BuildLockedError(validatorMessages.buildLocked(0, lockFile));
}

/**
 * The pid in a lock file, or undefined if there is no lock (a lock never holds anything but a pid).
 */
function readLock(lockFile: string): number | undefined {
  try {
    return Number(readFileSync(lockFile, 'utf8')) || 0;
  } catch {
    return undefined;
  }
}

export interface Output {
  /** The folder the build writes into (it becomes dist/). */
  staging: string;
  /**
   * Copies the bundle's client files (assets, public/) and Vike's assets.json into the staging
   * folder (never linked: later steps write files).
   */
  copyBundle(bundleDir: string): void;
  /** Moves the staging folder into dist/; the previous dist/ becomes the next build's spare. */
  commit(): void;
  /** Puts the staging folder aside as the next build's spare; dist/ is untouched. */
  discard(): void;
}

/**
 * Staging and backup folders live in `cacheDir`, on the same file system as dist/, so that the swap
 * is two renames. Left-overs of a build that was killed are removed first; if it was killed between
 * the two renames, dist/ is restored.
 */
export function prepareOutput(distDir: string, cacheDir: string): Output {
  mkdirSync(cacheDir, { recursive: true });
  const spare = path.join(cacheDir, 'spare');
  for (const entry of readdirSync(cacheDir)) {
    if (entry.startsWith('previous-') && !existsSync(distDir))
      renameSync(path.join(cacheDir, entry), distDir);
    else if (entry.startsWith('staging-') || entry.startsWith('previous-'))
      rmSync(path.join(cacheDir, entry), { recursive: true, force: true });
    // A removal started by an earlier build that did not finish (the machine stopped): not while it
    // may still run. The previous build's removal may end between listing and stat: gone is fine.
    else if (entry.startsWith('trash-')) {
      const stat = statSync(path.join(cacheDir, entry), { throwIfNoEntry: false });
      if (stat && Date.now() - stat.mtimeMs > 10 * 60_000)
        rmSync(path.join(cacheDir, entry), { recursive: true, force: true });
    }
  }
  const staging = path.join(cacheDir, `staging-${process.pid}`);
  const previous = path.join(cacheDir, `previous-${process.pid}`);
  const reused = existsSync(spare);
  if (reused) {
    renameSync(spare, staging);
    // Most are gone already (EMPTY_SPARE, after the build before).
    removeFiles(staging);
  } else mkdirSync(staging, { recursive: true });
  /** The folders a build with a new staging folder leaves empty: those the bundle has empty. */
  const leftEmpty = new Set<string>();
  return {
    staging,
    copyBundle(bundleDir) {
      const client = path.join(bundleDir, 'client');
      cpSync(client, path.join(staging, 'client'), { recursive: true });
      // Only a reused folder is pruned (commit), and only then are these needed.
      if (reused)
        for (const folder of emptyFolders(client))
          leftEmpty.add(path.join(staging, 'client', path.relative(client, folder)));
      if (existsSync(path.join(bundleDir, 'assets.json')))
        cpSync(path.join(bundleDir, 'assets.json'), path.join(staging, 'assets.json'));
    },
    commit() {
      // Folders of the spare that this build wrote nothing into (a page removed), as if it had
      // started from an empty folder.
      if (reused) removeEmptyFolders(staging, leftEmpty);
      if (existsSync(distDir)) renameSync(distDir, previous);
      renameSync(staging, distDir);
      if (!existsSync(previous)) return;
      if (existsSync(spare)) throwAway(spare, cacheDir);
      renameSync(previous, spare);
      afterTheBuild(EMPTY_SPARE, spare);
    },
    discard() {
      // Kept as the spare when there is none, as a committed build's old dist/ is.
      if (!existsSync(spare))
        try {
          renameSync(staging, spare);
          afterTheBuild(EMPTY_SPARE, spare);
          return;
        } catch {
          // gone already: nothing to keep
        }
      rmSync(staging, { recursive: true, force: true });
    },
  };
}

/** Removes every file under `folder`, keeping the folders. */
function removeFiles(folder: string) {
  for (const entry of readdirSync(folder, { recursive: true, withFileTypes: true }))
    if (!entry.isDirectory()) unlinkSync(path.join(entry.parentPath, entry.name));
}

/** The folders under `folder` with nothing in them. */
function emptyFolders(folder: string): string[] {
  const entries = readdirSync(folder, { recursive: true, withFileTypes: true });
  const parents = new Set(entries.map((entry) => entry.parentPath));
  return entries
    .filter((entry) => entry.isDirectory())
    .map((entry) => path.join(entry.parentPath, entry.name))
    .filter((full) => !parents.has(full));
}

/**
 * Removes the folders under `folder` that are empty or hold only such folders, except `keep`;
 * returns whether `folder` itself is left empty.
 */
function removeEmptyFolders(folder: string, keep: Set<string>): boolean {
  let empty = true;
  for (const entry of readdirSync(folder, { withFileTypes: true })) {
    const full = path.join(folder, entry.name);
    if (entry.isDirectory() && removeEmptyFolders(full, keep) && !keep.has(full)) rmdirSync(full);
    else empty = false;
  }
  return empty;
}

/**
 * Runs `script` (with `folder` as its argument) in a process of its own that outlives the build:
 * removing thousands of files takes a while.
 */
function afterTheBuild(script: string, folder: string) {
  spawn(process.execPath, ['-e', script, folder], { detached: true, stdio: 'ignore' }).unref();
}

/** Moves `folder` out of the way and removes it after the build. */
function throwAway(folder: string, cacheDir: string) {
  const trash = path.join(cacheDir, `trash-${process.pid}-${Date.now()}`);
  renameSync(folder, trash);
  afterTheBuild(
    'require("node:fs").rmSync(process.argv[1], { recursive: true, force: true })',
    trash,
  );
}

/**
 * Removes the spare's files after the build, so that the next build finds little left to remove.
 * Only ever files under the spare's name: once a build has renamed the spare to its staging folder,
 * the paths lead nowhere, or into a newer spare, whose files are removed anyway.
 */
const EMPTY_SPARE = `
const fs = require('node:fs');
const path = require('node:path');
try {
  for (const entry of fs.readdirSync(process.argv[1], { recursive: true, withFileTypes: true }))
    if (!entry.isDirectory()) fs.rmSync(path.join(entry.parentPath, entry.name), { force: true });
} catch {}
`;
