import os from 'node:os';
import { Worker } from 'node:worker_threads';
import type { Locales } from '../schema/locales.ts';
import type { CheckedPage } from './checked-page.ts';
import { pageStoreDir } from './page-store.ts';

/**
 * The helper threads' entry point, relative to the project: run compiled
 * (`LoadOptions.checkerModule`).
 */
export const PAGE_CHECKER_ENTRY = 'engine/page-checker-worker.ts';

/** A page file for phase 1: its path and the route it claims (undefined for the 404 page). */
export interface PageJob {
  file: string;
  route: string | undefined;
  /** For a translation: the file of the page it presumably translates (checked against it). */
  source?: string;
}

/**
 * What one thread checks at a time: a page file and the translations of it, which are checked
 * against the page as it was just parsed (the source is parsed once for all its translations).
 */
export type JobGroup = readonly PageJob[];

/** What a helper thread is given as it starts. */
export interface CheckerData {
  root: string;
  id: number;
  /** Where to keep the pages it validates (engine/page-store.ts), if anywhere. */
  pageStore: string | undefined;
}

/**
 * What a helper thread is sent once the files to check are listed (it loads the validator
 * meanwhile).
 */
export interface CheckerJobs {
  jobs: JobGroup[];
  /** The site's languages (site.config.yaml › locales), when it has several. */
  locales: Locales | undefined;
  /** The next job to claim, shared by every thread. */
  next: Int32Array;
  /** Who claimed each job: 0 the main thread (or nobody yet), else the helper's id. */
  owner: Int32Array;
}

/**
 * What a helper thread sends: results by job index (one per file of the group); `done` once it has
 * nothing more to claim.
 */
export interface CheckerMessage {
  checked: Array<[number, CheckedPage[]]>;
  done?: boolean;
}

/**
 * Below this many files to check, helpers cost more than they save: each one loads the validator (≈
 * 0.2 s of CPU) for a page that takes ≈ 0.3 ms to check.
 */
export const PARALLEL_FROM = 1000;

/** One helper per core besides the main thread's, at most three. */
export function helperCount(): number {
  const cores =
    typeof os.availableParallelism === 'function' ? os.availableParallelism() : os.cpus().length;
  return Math.max(0, Math.min(cores - 1, 3));
}

/**
 * Phase 1 shared between the main thread and helper threads. Every thread claims the next job
 * through one shared counter, so the work balances itself: a helper still starting while the main
 * thread works claims less, one that starts after the last claim claims nothing. The main thread
 * checks what it claims itself (`claim`), then `rest` waits only for the jobs helpers claimed; a
 * helper that fails leaves its unreported jobs to the main thread, which then checks them as if
 * there had been no helper.
 */
export class PageCheckers {
  private readonly next = new Int32Array(new SharedArrayBuffer(4));
  private owner = new Int32Array(new SharedArrayBuffer(0));
  private jobs: JobGroup[] = [];
  private readonly results = new Map<number, CheckedPage[]>();
  private readonly helpers: Array<{ worker: Worker; finished: boolean }> = [];
  private wake: (() => void) | undefined;
  /**
   * How many results `rest` waits for from the helpers (known once the main thread has claimed its
   * last job).
   */
  private expected = Infinity;

  /**
   * Starts `count` helpers, which load the validator until `share` gives them the jobs (or `cancel`
   * stops them: too few files to share after all). `storePages`: they keep the pages they validate
   * in the page store.
   */
  constructor(workerModule: string, root: string, count: number, storePages: boolean) {
    const pageStore = storePages ? pageStoreDir(root) : undefined;
    for (let id = 1; id <= count; id++) {
      const worker = new Worker(workerModule, {
        workerData: { root, id, pageStore } satisfies CheckerData,
      });
      const helper = { worker, finished: false };
      const finish = () => {
        helper.finished = true;
        this.wake?.();
      };
      worker.on('message', (message: CheckerMessage) => {
        for (const [index, entry] of message.checked) this.results.set(index, entry);
        if (message.done) finish();
        else if (this.results.size >= this.expected) this.wake?.();
      });
      worker.on('error', finish);
      worker.on('exit', finish);
      this.helpers.push(helper);
    }
  }

  share(jobs: JobGroup[], locales: Locales | undefined): void {
    this.jobs = jobs;
    this.owner = new Int32Array(new SharedArrayBuffer(4 * jobs.length));
    for (const { worker } of this.helpers)
      worker.postMessage({
        jobs,
        locales,
        next: this.next,
        owner: this.owner,
      } satisfies CheckerJobs);
  }

  cancel(): void {
    for (const { worker } of this.helpers) void worker.terminate();
  }

  /** The index of the next job for the main thread, or undefined when every job is claimed. */
  claim(): number | undefined {
    const index = Atomics.add(this.next, 0, 1);
    return index < this.jobs.length ? index : undefined;
  }

  /**
   * The results of the jobs the main thread did not claim, by index, once every one is in; `check`
   * does a job whose helper failed. Helpers are stopped before it returns.
   */
  async rest(
    mine: ReadonlySet<number>,
    check: (index: number) => CheckedPage[],
  ): Promise<Map<number, CheckedPage[]>> {
    this.expected = this.jobs.length - mine.size;
    while (this.results.size < this.expected) {
      // Woken when every result is in or a helper stopped. A job claimed by a helper that has
      // stopped will not come: the main thread checks it. (A job whose owner is not written yet was
      // claimed by a helper a moment ago, unless every helper has stopped.)
      if (this.helpers.some((helper) => helper.finished)) {
        const allStopped = this.helpers.every((helper) => helper.finished);
        for (let index = 0; index < this.jobs.length; index++) {
          if (mine.has(index) || this.results.has(index)) continue;
          const owner = Atomics.load(this.owner, index);
          if (allStopped || (owner !== 0 && this.helpers[owner - 1]!.finished))
            this.results.set(index, check(index));
        }
        if (this.results.size >= this.expected) break;
      }
      await new Promise<void>((resolve) => (this.wake = resolve));
    }
    await Promise.all(this.helpers.map(({ worker }) => worker.terminate()));
    return this.results;
  }
}
