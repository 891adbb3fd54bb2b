import { fork, type ChildProcess } from 'node:child_process';
import path from 'node:path';
import { CODE_ROOT } from '../../engine/code-root.ts';
import { execGit, type Ran } from './exec-git.mjs';

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

interface RunOptions {
  cwd: string;
  env: NodeJS.ProcessEnv;
  timeout: number;
  killSignal: 'SIGKILL';
  maxBuffer: number;
  encoding: 'buffer' | 'utf8';
  windowsHide: true;
}

const RUNNER = path.join(CODE_ROOT, 'editor/git/git-runner.mjs');

/** Answered to a command the runner process took and could not finish (it stopped). */
const RUNNER_STOPPED: Ran = { stdout: '', stderr: 'The process that runs git stopped.' };

interface Runner {
  child: ChildProcess;
  pending: Map<number, (ran: Ran) => void>;
}
/** The runner process, started at the first command; undefined where it could not start. */
let runner: Promise<Runner | undefined> | undefined;
let nextId = 1;

/** The runner process keeps nobody waiting while no command is under way. */
function waitedFor(child: ChildProcess, busy: boolean) {
  if (busy) {
    child.ref();
    child.channel?.ref();
  } else {
    child.unref();
    child.channel?.unref();
  }
}

/** How long the runner process may take to start before git runs from this process instead. */
const RUNNER_START_MS = 20_000;

function startRunner(): Promise<Runner | undefined> {
  const made = new Promise<Runner | undefined>((resolve) => {
    const env = { ...process.env };
    // Plain JavaScript: no loader of this process's (tsx, a test runner's) is needed there.
    delete env.NODE_OPTIONS;
    let child: ChildProcess;
    try {
      child = fork(RUNNER, [], {
        execArgv: [],
        env,
        serialization: 'advanced',
        stdio: ['ignore', 'ignore', 'inherit', 'ipc'],
      });
    } catch {
      return resolve(undefined);
    }
    const started: Runner = { child, pending: new Map() };
    let ready = false;
    const late = setTimeout(() => child.kill('SIGKILL'), RUNNER_START_MS);
    child.on('message', (message: 'ready' | (Ran & { id: number })) => {
      if (message === 'ready') {
        ready = true;
        clearTimeout(late);
        waitedFor(child, false);
        return resolve(started);
      }
      const { id, ...ran } = message;
      started.pending.get(id)?.(ran);
      started.pending.delete(id);
      if (!started.pending.size) waitedFor(child, false);
    });
    const stopped = () => {
      clearTimeout(late);
      // Never ready: it cannot run on this machine, and git runs from this process from now on.
      if (!ready) return resolve(undefined);
      // Started again at the next command.
      if (runner === made) runner = undefined;
      for (const answer of started.pending.values()) answer(RUNNER_STOPPED);
      started.pending.clear();
    };
    child.on('exit', stopped);
    child.on('error', stopped);
  });
  return made;
}

/**
 * Runs git in the runner process (editor/git/git-runner.mjs), started at the first command: this
 * process only sends it a message. Where it could not start, or a message could not reach it
 * (nothing ran then), the command runs here.
 */
async function run(args: string[], options: RunOptions, input?: string | Buffer): Promise<Ran> {
  const current = await (runner ??= startRunner());
  if (!current) return execGit(args, options, input);
  return new Promise((resolve) => {
    const id = nextId++;
    current.pending.set(id, resolve);
    waitedFor(current.child, true);
    current.child.send({ id, args, options, input }, (error) => {
      if (!error || !current.pending.has(id)) return;
      current.pending.delete(id);
      resolve(execGit(args, options, input));
    });
  });
}

/**
 * Runs `git <args>` in `cwd` with execFile (no shell: nothing in an argument is ever interpreted),
 * from the runner process.
 */
export async function git(
  cwd: string,
  args: readonly string[],
  options: GitOptions = {},
): Promise<GitResult> {
  checkArgs(args);
  const ran = await run(
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
    options.input,
  );
  const stdout = (
    typeof ran.stdout === 'string' || Buffer.isBuffer(ran.stdout)
      ? ran.stdout
      : Buffer.from(ran.stdout.buffer, ran.stdout.byteOffset, ran.stdout.byteLength)
  ) as string;
  const err = ran.stderr;
  // Whatever codes the caller accepts: git's answer is unknown.
  if (ran === RUNNER_STOPPED)
    throw new GitError('failed', `git ${args[0]} did not finish: ${err}`, err, null);
  if (!ran.error) return { stdout, stderr: err, code: 0 };
  if (ran.error.code === 'ENOENT')
    throw new GitError('missing-git', 'git is not installed on this machine.');
  if (ran.error.killed)
    throw new GitError('timeout', `git ${args[0]} took too long and was stopped.`, err);
  const code = typeof ran.error.code === 'number' ? ran.error.code : 1;
  if (options.okCodes?.includes(code)) return { stdout, stderr: err, code };
  throw new GitError('failed', `git ${args[0]} failed: ${err.trim()}`, err, code);
}

/** stdout of a successful command, trimmed of its final line break. */
export async function gitText(
  cwd: string,
  args: readonly string[],
  options: GitOptions = {},
): Promise<string> {
  return (await git(cwd, args, options)).stdout.replace(/\n$/, '');
}
