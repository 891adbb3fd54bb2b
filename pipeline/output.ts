/**
 * Atomic output: a build writes into a staging folder and swaps it into dist/ only when everything
 * succeeded, under a lock that a second build refuses to share. An interrupted or failed build
 * removes its staging folder and leaves dist/ exactly as it was.
 */
import { spawn } from 'node:child_process';
import {
  closeSync,
  cpSync,
  existsSync,
  mkdirSync,
  openSync,
  readdirSync,
  readFileSync,
  renameSync,
  rmSync,
  statSync,
  writeSync,
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
 * Takes the build lock (a file holding this process's pid). A lock left by a process that no longer
 * runs (a build killed with SIGKILL, a machine that restarted) is stale and taken over.
 */
export function acquireLock(lockFile: string): () => void {
  mkdirSync(path.dirname(lockFile), { recursive: true });
  for (let attempt = 0; attempt < 2; attempt++) {
    try {
      const fd = openSync(lockFile, 'wx');
      writeSync(fd, String(process.pid));
      closeSync(fd);
      return () => {
        if (existsSync(lockFile) && readFileSync(lockFile, 'utf8') === String(process.pid))
          rmSync(lockFile, { force: true });
      };
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code !== 'EEXIST') throw error;
      const pid = Number(readFileSync(lockFile, 'utf8'));
      if (pid && pid !== process.pid && isAlive(pid))
        throw new BuildLockedError(
          validatorMessages.buildLocked(pid, path.relative(process.cwd(), lockFile) || lockFile),
        );
      rmSync(lockFile, { force: true }); // stale
    }
  }
  throw new BuildLockedError(validatorMessages.buildLocked(0, lockFile));
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
    // may still run.
    else if (
      entry.startsWith('trash-') &&
      Date.now() - statSync(path.join(cacheDir, entry)).mtimeMs > 10 * 60_000
    )
      rmSync(path.join(cacheDir, entry), { recursive: true, force: true });
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
