import { mkdtempSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';

/**
 * The global setup of vitest and of both Playwright configs: every temporary folder of a run
 * (site copies, bare remotes, clones, Chromium profiles) goes under one folder of its own, removed
 * when the run ends, so that a test that forgets its own, or a worker killed before its clean-up,
 * leaves nothing in the system's temporary folder. The workers start after this and inherit it.
 */
export default function useOwnTemporaryFolder(): () => void {
  const folder = mkdtempSync(path.join(os.tmpdir(), 'page-builder-tests-'));
  process.env.TMPDIR = folder;
  return () => rmSync(folder, { recursive: true, force: true });
}
