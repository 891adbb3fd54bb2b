import { mkdtempSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';

/** Set while a run's own temporary folder exists: the folder. */
const RUN_FOLDER = 'TEST_RUN_TEMPORARY_FOLDER';

/**
 * The global setup of vitest and of both Playwright configs: every temporary folder of a run
 * (site copies, bare remotes, clones, Chromium profiles) goes under one folder of its own, removed
 * when the run ends, so that a test that forgets its own, or a worker killed before its clean-up,
 * leaves nothing in the system's temporary folder. The workers start after this and inherit it.
 * vitest runs it once per project: the first makes the folder, the others keep it (nested folders
 * made the paths of tsx's sockets longer than a socket's path may be). Its name is short for the
 * same reason.
 */
export default function useOwnTemporaryFolder(): () => void {
  if (process.env[RUN_FOLDER]) return () => {};
  const folder = mkdtempSync(path.join(os.tmpdir(), 'tests-'));
  process.env[RUN_FOLDER] = folder;
  process.env.TMPDIR = folder;
  return () => rmSync(folder, { recursive: true, force: true });
}
