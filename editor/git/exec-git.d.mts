import type { ExecFileOptions } from 'node:child_process';

/** What a git command gave back: its output and, when it failed, how. */
export interface Ran {
  stdout: string | Uint8Array;
  stderr: string;
  error?: { code: unknown; killed: boolean };
}

/** Runs `git <args>` with execFile (no shell); never rejects: a failure is in `error`. */
export function execGit(
  args: string[],
  options: ExecFileOptions & { encoding: 'buffer' | 'utf8' },
  input?: string | Buffer,
): Promise<Ran>;
