/**
 * Atomic output: a build writes into a staging folder and swaps it into dist/ only when everything
 * succeeded, under a lock that a second build refuses to share. An interrupted or failed build
 * removes its staging folder and leaves dist/ exactly as it was.
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
  rmSync,
  statSync,
  writeFileSync,
} from 'node:fs';
import path from 'node:path';
import { validatorMessages } from '../engine/errors.ts';

class BuildLockedError extends Error {}

const isAlive = (pid: number) => {
  try {
    process.kill(pid, 0);
    return true;
  } catch (error) {
    return (error as NodeJS.ErrnoException).code === 'EPERM';
  }
};

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
      if (pid > 0 && pid !== process.pid && isAlive(pid))
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
      if (moved !== pid && moved !== undefined && moved > 0 && isAlive(moved)) {
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
  /** Moves the staging folder into dist/; the previous dist/ is removed. */
  commit(): void;
  /** Removes the staging folder; dist/ is untouched. */
  discard(): void;
}

/**
 * Staging and backup folders live in `cacheDir`, on the same file system as dist/, so that the swap
 * is two renames. Left-overs of a build that was killed are removed first; if it was killed between
 * the two renames, dist/ is restored.
 */
export function prepareOutput(distDir: string, cacheDir: string): Output {
  mkdirSync(cacheDir, { recursive: true });
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
  mkdirSync(staging, { recursive: true });
  return {
    staging,
    commit() {
      if (existsSync(distDir)) renameSync(distDir, previous);
      renameSync(staging, distDir);
      if (!existsSync(previous)) return;
      // Deleting thousands of files takes seconds: a process of its own does it after the build has
      // ended.
      const trash = path.join(cacheDir, `trash-${process.pid}-${Date.now()}`);
      renameSync(previous, trash);
      spawn(
        process.execPath,
        [
          '-e',
          'require("node:fs").rmSync(process.argv[1], { recursive: true, force: true })',
          trash,
        ],
        { detached: true, stdio: 'ignore' },
      ).unref();
    },
    discard() {
      rmSync(staging, { recursive: true, force: true });
    },
  };
}

/**
 * The bundle's client files (assets, public/) and Vike's assets.json, copied (never linked: later
 * steps write files).
 */
export function copyBundle(bundleDir: string, staging: string) {
  cpSync(path.join(bundleDir, 'client'), path.join(staging, 'client'), { recursive: true });
  if (existsSync(path.join(bundleDir, 'assets.json')))
    cpSync(path.join(bundleDir, 'assets.json'), path.join(staging, 'assets.json'));
}
