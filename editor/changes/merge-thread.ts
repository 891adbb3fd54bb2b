import path from 'node:path';
import { pathToFileURL } from 'node:url';
import { Worker } from 'node:worker_threads';
import { CODE_ROOT } from '../../engine/code-root.ts';
import { conflictsAsTheyAreNow } from './conflicts-now.ts';
import {
  mergeAuthorFile,
  unmergeableBytes,
  type AuthorFileMerge,
  type AuthorFileSides,
} from './merge-file.ts';
import { resolveConflictsOnto } from './merge.ts';
import type { Conflict, ConflictChoice, MergeInput } from './types.ts';

/**
 * The work sent to the thread: a merge of an author file's three versions, the author's choices
 * laid over a page (`resolveConflictsOnto`), or a conflict record shown as the page is now
 * (`conflictsAsTheyAreNow`).
 */
export type ThreadJob =
  | { kind: 'merge'; sides: AuthorFileSides }
  | {
      kind: 'resolve';
      current: string;
      input: MergeInput;
      choices: Record<string, ConflictChoice>;
    }
  | { kind: 'now'; current: string; input: MergeInput };
export type ThreadResult =
  AuthorFileMerge | { text: string | undefined } | { conflicts: Conflict[] };

/** A job sent to the thread, and its answer (undefined: it threw). */
export interface MergeJob {
  id: number;
  job: ThreadJob;
}
interface MergeReply {
  id: number;
  result: ThreadResult | undefined;
}

const START = pathToFileURL(path.join(CODE_ROOT, 'editor/changes/merge-thread-start.mjs'));
const WORKER_ENTRY = 'editor/changes/merge-worker.ts';

/**
 * Texts up to this size are merged on the caller's thread, in milliseconds. A merge's time grows
 * faster than its size (a 17 KB page of 500 list items took 1.5 s, 68 KB 5 s): larger ones, up to
 * the 1 MB page limit, go to the thread.
 */
const IN_THREAD_BYTES = 4 * 1024;
/** A job that takes longer is stopped: the caller's fallback answers. */
const TIME_LIMIT_MS = 15_000;
/**
 * The thread's heap: a 1 MB page parsed three times with its positions stays well under it; an
 * input that needs more stops the thread (the fallback answers), never the editor.
 */
const HEAP_MB = 512;

type Answer = (result: ThreadResult | undefined) => void;
let thread: { worker: Worker; pending: Map<number, Answer> } | undefined;
let nextId = 1;

function startThread() {
  const worker = new Worker(START, {
    workerData: { root: CODE_ROOT, entry: WORKER_ENTRY },
    resourceLimits: { maxOldGenerationSizeMb: HEAP_MB },
  });
  const pending = new Map<number, Answer>();
  const started = { worker, pending };
  const stopped = () => {
    if (thread === started) thread = undefined;
    for (const answer of pending.values()) answer(undefined);
    pending.clear();
  };
  worker.on('message', ({ id, result }: MergeReply) => {
    pending.get(id)?.(result);
    pending.delete(id);
    if (!pending.size) worker.unref();
  });
  worker.on('error', stopped);
  worker.on('exit', stopped);
  worker.unref();
  return started;
}

/**
 * Runs `job` on the thread, with its memory and time limits; undefined when it threw, ran out of
 * either, or the thread could not start. Never rejects.
 */
function onThread(job: ThreadJob): Promise<ThreadResult | undefined> {
  return new Promise((resolve) => {
    let current: ReturnType<typeof startThread>;
    try {
      current = thread ??= startThread();
    } catch {
      return resolve(undefined);
    }
    const id = nextId++;
    const timer = setTimeout(() => {
      // The thread is busy with it: stopped, and the next job starts a new one.
      current.pending.delete(id);
      resolve(undefined);
      if (thread === current) thread = undefined;
      void current.worker.terminate();
    }, TIME_LIMIT_MS);
    timer.unref();
    current.pending.set(id, (result) => {
      clearTimeout(timer);
      resolve(result);
    });
    current.worker.ref();
    current.worker.postMessage({ id, job } satisfies MergeJob);
  });
}

const small = (...texts: Array<string | Buffer | undefined>) =>
  Math.max(...texts.map((text) => (text === undefined ? 0 : Buffer.byteLength(text)))) <=
  IN_THREAD_BYTES;

/**
 * `mergeAuthorFile` without holding up the editor: a large file is merged on a thread of its own,
 * with a memory limit and a time limit; a merge stopped by either is a whole-file choice. Never
 * rejects.
 */
export async function mergeAuthorFileOffThread(sides: AuthorFileSides): Promise<AuthorFileMerge> {
  // Over the page limit nothing is parsed: answered here, at once.
  if (small(sides.base, sides.ours, sides.theirs) || unmergeableBytes(sides) === 'too-large')
    return mergeAuthorFile(sides);
  const result = await onThread({ kind: 'merge', sides });
  if (!result) return { conflict: 'not-field-by-field' };
  // Stopped by the time limit (the thread answers nothing): the author chooses a whole file.
  return 'take' in result || 'conflict' in result || 'conflicts' in result
    ? (result as AuthorFileMerge)
    : { conflict: 'not-field-by-field' };
}

/**
 * `resolveConflictsOnto` without holding up the editor (a large page takes seconds). Undefined
 * when the choices and the page cannot be combined, or the thread gave up on it.
 */
export async function resolveOffThread(
  current: string,
  input: MergeInput,
  choices: Record<string, ConflictChoice>,
): Promise<string | undefined> {
  if (small(current, input.base, input.ours, input.theirs))
    return resolveConflictsOnto(current, input, choices);
  const result = await onThread({ kind: 'resolve', current, input, choices });
  return result && 'text' in result && typeof result.text === 'string' ? result.text : undefined;
}

/**
 * `conflictsAsTheyAreNow` without holding up the editor; `found` (the conflicts as the merge
 * found them) when the thread gave up on it.
 */
export async function conflictsNowOffThread(
  current: string,
  input: MergeInput,
  found: Conflict[],
): Promise<Conflict[]> {
  if (small(current, input.base, input.ours, input.theirs))
    return conflictsAsTheyAreNow(current, input);
  const result = await onThread({ kind: 'now', current, input });
  return result && 'conflicts' in result && !('text' in result) ? result.conflicts : found;
}
