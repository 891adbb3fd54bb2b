import { execFile } from 'node:child_process';

/**
 * Why a git command was not run or did not succeed; `kind` is what callers decide on, never the
 * message text.
 */
export class GitError extends Error {
  constructor(
    readonly kind: 'refused-argument' | 'failed' | 'timeout' | 'missing-git',
    message: string,
    readonly stderr = '',
    readonly exitCode: number | null = null,
  ) {
    super(message);
  }
}

export interface GitResult {
  stdout: string;
  stderr: string;
  code: number;
}

export interface GitOptions {
  /** Text sent on stdin (commit messages go this way, never as an argument). */
  input?: string | Buffer;
  /** Extra environment (author identity, a temporary index). */
  env?: Record<string, string>;
  /** Milliseconds; network commands get longer. */
  timeout?: number;
  /** Accept these exit codes besides 0 instead of throwing. */
  okCodes?: number[];
  /** Return stdout as a Buffer (file contents). */
  binary?: boolean;
}

const DEFAULT_TIMEOUT = 20_000;

/**
 * Every argument is data, checked before git starts: no NUL or line break in any of them (git would
 * cut or split it), and a value that reaches git where an option could stand is refused by the
 * caller's own checks (names.ts).
 */
function checkArgs(args: readonly string[]) {
  for (const arg of args) {
    if (typeof arg !== 'string' || /[\0\r\n]/.test(arg))
      throw new GitError('refused-argument', 'A git argument holds a line break or a NUL byte.');
  }
}

/**
 * The environment every git command runs in: never a prompt (a missing credential fails instead of
 * hanging the editor), the machine's own credential helpers untouched, messages in English for the
 * logs, no pager, no editor.
 */
function gitEnv(extra: Record<string, string> = {}): NodeJS.ProcessEnv {
  const env: NodeJS.ProcessEnv = { ...process.env };
  for (const name of Object.keys(env))
    if (name.startsWith('GIT_') && name !== 'GIT_SSH' && name !== 'GIT_SSH_COMMAND')
      delete env[name];
  return {
    ...env,
    GIT_TERMINAL_PROMPT: '0',
    GCM_INTERACTIVE: 'never',
    GIT_PAGER: 'cat',
    GIT_EDITOR: 'true',
    GIT_OPTIONAL_LOCKS: '0',
    // The machine's own attributes file is not the project's; in-tree ones are never read for
    // content (blobs go through `cat-file blob` and `hash-object --no-filters`).
    GIT_ATTR_NOSYSTEM: '1',
    LC_ALL: 'C',
    // ssh asks for nothing either (a host key or a passphrase prompt would wait forever).
    GIT_SSH_COMMAND: env.GIT_SSH_COMMAND ?? 'ssh -o BatchMode=yes',
    ...extra,
  };
}

/**
 * Settings every command runs with, so that nothing a commit brings in changes what git runs or
 * writes: no hook runs (`core.hooksPath` at a path that cannot hold one: hooks a developer set up,
 * or a `.husky/` folder in the tree, are for their own git commands), no submodule is fetched or
 * entered (`.gitmodules` arriving upstream), paths git's protections refuse on Windows and macOS
 * (`.git` spelled `GIT~1`, `.git.`, with ignorable Unicode) are refused here too, and no file
 * monitor program runs.
 */
const HARDENING = [
  ...['core.quotepath=off', 'color.ui=false', 'core.hooksPath=/dev/null'],
  ...['core.protectNTFS=true', 'core.protectHFS=true', 'core.fsmonitor=false'],
  ...['submodule.recurse=false', 'fetch.recurseSubmodules=false'],
].flatMap((setting) => ['-c', setting]);

/**
 * Runs `git <args>` in `cwd` with execFile (no shell: nothing in an argument is ever interpreted).
 */
export function git(
  cwd: string,
  args: readonly string[],
  options: GitOptions = {},
): Promise<GitResult> {
  return new Promise((resolve, reject) => {
    checkArgs(args);
    const child = execFile(
      'git',
      [...HARDENING, ...args],
      {
        cwd,
        env: gitEnv(options.env),
        timeout: options.timeout ?? DEFAULT_TIMEOUT,
        killSignal: 'SIGKILL',
        maxBuffer: 256 * 1024 * 1024,
        encoding: options.binary ? 'buffer' : 'utf8',
        windowsHide: true,
      },
      (error, stdout, stderr) => {
        const err = String(stderr);
        if (!error) return resolve({ stdout: stdout as unknown as string, stderr: err, code: 0 });
        const e = error as NodeJS.ErrnoException & { killed?: boolean; code?: unknown };
        if (e.code === 'ENOENT')
          return reject(new GitError('missing-git', 'git is not installed on this machine.'));
        if (e.killed)
          return reject(
            new GitError('timeout', `git ${args[0]} took too long and was stopped.`, err),
          );
        const code = typeof e.code === 'number' ? e.code : 1;
        if (options.okCodes?.includes(code))
          return resolve({ stdout: stdout as unknown as string, stderr: err, code });
        reject(new GitError('failed', `git ${args[0]} failed: ${err.trim()}`, err, code));
      },
    );
    child.stdin?.on('error', () => {
      // git may exit before reading all of stdin; the exit code says what happened.
    });
    child.stdin?.end(options.input ?? '');
  });
}

/** stdout of a successful command, trimmed of its final line break. */
export async function gitText(
  cwd: string,
  args: readonly string[],
  options: GitOptions = {},
): Promise<string> {
  return (await git(cwd, args, options)).stdout.replace(/\n$/, '');
}
