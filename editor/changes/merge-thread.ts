import path from 'node:path';
import { Worker } from 'node:worker_threads';
import {
  mergeAuthorFile,
  unmergeableBytes,
  type AuthorFileMerge,
  type AuthorFileSides,
} from './merge-file.ts';

/** A merge sent to the thread, and its answer. */
export interface MergeJob {
  id: number;
  sides: AuthorFileSides;
}
interface MergeReply {
  id: number;
  result: AuthorFileMerge;
}

const CODE_ROOT = path.resolve(import.meta.dirname, '../..');
const WORKER_ENTRY = 'editor/changes/merge-worker.ts';

/**
 * Sides up to this size are merged on the caller's thread, in milliseconds. A merge's time grows
 * faster than its size (a 17 KB page of 500 list items took 1.5 s, 68 KB 5 s): larger ones, up to
 * the 1 MB page limit, go to the thread.
 */
const IN_THREAD_BYTES = 4 * 1024;
/** A merge that takes longer is stopped: the author chooses a whole file instead. */
const TIME_LIMIT_MS = 15_000;
/**
 * The thread's heap: a 1 MB page parsed three times with its positions stays well under it; an
 * input that needs more stops the thread (a whole-file choice), never the editor.
 */
const HEAP_MB = 512;

let thread: { worker: Worker; pending: Map<number, (result: AuthorFileMerge) => void> } | undefined;
let nextId = 1;

function startThread() {
  const worker = new Worker(new URL('./merge-thread-start.mjs', import.meta.url), {
    workerData: { root: CODE_ROOT, entry: WORKER_ENTRY },
    resourceLimits: { maxOldGenerationSizeMb: HEAP_MB },
  });
  const pending = new Map<number, (result: AuthorFileMerge) => void>();
  const started = { worker, pending };
  const stopped = () => {
    if (thread === started) thread = undefined;
    for (const answer of pending.values()) answer({ conflict: 'not-field-by-field' });
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
 * `mergeAuthorFile` without holding up the editor: a large file is merged on a thread of its own,
 * with a memory limit and a time limit; a merge stopped by either is a whole-file choice. Never
 * rejects.
 */
export function mergeAuthorFileOffThread(sides: AuthorFileSides): Promise<AuthorFileMerge> {
  const sizes = [sides.base, sides.ours, sides.theirs].map((side) => side?.length ?? 0);
  // Over the page limit nothing is parsed: answered here, at once.
  if (Math.max(...sizes) <= IN_THREAD_BYTES || unmergeableBytes(sides) === 'too-large')
    return Promise.resolve(mergeAuthorFile(sides));
  return new Promise((resolve) => {
    let current: ReturnType<typeof startThread>;
    try {
      current = thread ??= startThread();
    } catch {
      return resolve({ conflict: 'not-field-by-field' });
    }
    const id = nextId++;
    const timer = setTimeout(() => {
      // The thread is busy with it: stopped, and the next merge starts a new one.
      current.pending.delete(id);
      resolve({ conflict: 'too-slow' });
      if (thread === current) thread = undefined;
      void current.worker.terminate();
    }, TIME_LIMIT_MS);
    timer.unref();
    current.pending.set(id, (result) => {
      clearTimeout(timer);
      resolve(result);
    });
    current.worker.ref();
    current.worker.postMessage({ id, sides } satisfies MergeJob);
  });
}
