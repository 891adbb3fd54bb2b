import path from 'node:path';
import { Worker } from 'node:worker_threads';
import { CODE_ROOT } from '../../engine/code-root.ts';
import { publish, type PublishRequest, type PublishResult } from '../git/publish.ts';
import { RemoteError, type RemoteProblem } from '../git/remote.ts';
import { GitError } from '../git/run.ts';
import type { ReadyState } from '../git/state.ts';
import { checkSiteForPublish } from './publish-check.ts';

/** A publish sent to the thread (the request without its check: the thread checks the site). */
export interface PublishJob {
  id: number;
  root: string;
  state: ReadyState;
  request: Omit<PublishRequest, 'check'>;
}
/** An error the publish threw, as sent between threads (the words of its answer depend on it). */
export type ThrownError =
  | { kind: 'remote'; problem: RemoteProblem; detail: string }
  | {
      kind: 'git';
      gitKind: GitError['kind'];
      message: string;
      stderr: string;
      exitCode: number | null;
    }
  | { kind: 'other'; message: string };

export function sentError(error: unknown): ThrownError {
  if (error instanceof RemoteError)
    return { kind: 'remote', problem: error.problem, detail: error.detail };
  if (error instanceof GitError)
    return {
      kind: 'git',
      gitKind: error.kind,
      message: error.message,
      stderr: error.stderr,
      exitCode: error.exitCode,
    };
  return { kind: 'other', message: String((error as Error)?.stack ?? error) };
}

function receivedError(error: ThrownError): Error {
  if (error.kind === 'remote') return new RemoteError(error.problem, error.detail);
  if (error.kind === 'git')
    return new GitError(error.gitKind, error.message, error.stderr, error.exitCode);
  return new Error(error.message);
}

/** Its result, or the error it threw; neither: the thread stopped. */
export interface PublishReply {
  id: number;
  result?: PublishResult;
  error?: ThrownError;
}

const WORKER_ENTRY = 'editor/server/publish-worker.ts';

type Answer = (reply: Omit<PublishReply, 'id'>) => void;
let thread: { worker: Worker; pending: Map<number, Answer> } | undefined;
let nextId = 1;

function startThread() {
  // The merge thread's first module compiles an entry point on the thread and runs it.
  const worker = new Worker(path.join(CODE_ROOT, 'editor/changes/merge-thread-start.mjs'), {
    workerData: { root: CODE_ROOT, entry: WORKER_ENTRY },
  });
  const pending = new Map<number, Answer>();
  const started = { worker, pending };
  const stopped = () => {
    if (thread === started) thread = undefined;
    for (const answer of pending.values()) answer({});
    pending.clear();
  };
  worker.on('message', ({ id, ...reply }: PublishReply) => {
    pending.get(id)?.(reply);
    pending.delete(id);
    if (!pending.size) worker.unref();
  });
  worker.on('error', stopped);
  worker.on('exit', stopped);
  worker.unref();
  return started;
}

/**
 * Starts the thread before the first publish needs it (its code is compiled and loaded in the
 * meantime: seconds on a busy machine). A server that publishes often calls it at start.
 */
export function startPublishThread() {
  try {
    thread ??= startThread();
  } catch {
    // the first publish tries again, or publishes on the caller's thread
  }
}

function onThread(job: Omit<PublishJob, 'id'>): Promise<Omit<PublishReply, 'id'>> {
  return new Promise((resolve) => {
    let current: ReturnType<typeof startThread>;
    try {
      current = thread ??= startThread();
    } catch {
      return resolve({});
    }
    const id = nextId++;
    current.pending.set(id, resolve);
    current.worker.ref();
    current.worker.postMessage({ id, ...job } satisfies PublishJob);
  });
}

/**
 * `publish` (editor/git/publish.ts) with the whole-site check (publish-check.ts), on a thread of
 * its own: a publish is a chain of some forty git commands and a check of every page, each step
 * waiting for the one before; on the editor's thread, busy with previews and checks of the
 * authors' typing, every step also waited its turn there (with twenty authors at work, seconds per
 * publish). The thread keeps what the check found in files whose text did not change, for every
 * copy of the site it publishes from (the team editor's workspaces). Where the thread cannot run,
 * or stopped part way (what it left half done is finished or undone by the next operation,
 * editor/git/journal.ts), the publish runs here.
 */
export async function publishOffThread(
  root: string,
  state: ReadyState,
  request: Omit<PublishRequest, 'check'>,
): Promise<PublishResult> {
  const reply = await onThread({ root, state, request });
  if (reply.result) return reply.result;
  if (reply.error) throw receivedError(reply.error);
  return publish(root, state, { ...request, check: () => checkSiteForPublish(root).problems });
}
