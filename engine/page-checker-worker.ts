// A helper thread of phase 1 (engine/page-checkers.ts): loads the validator as soon as it starts;
// once given the jobs, claims groups of page files (a page and its translations) one at a time
// through the counter it shares with the main thread and the other helpers, checks each (no cache:
// the main thread keeps it; the pages it validates go to a pack of its own in the page store when
// the run keeps them), and sends the results back in small batches. Runs compiled to JavaScript
// (pipeline/compiled-module.mjs).
import { parentPort, workerData } from 'node:worker_threads';
import { checkPageGroup } from './load-site.ts';
import type { CheckerData, CheckerJobs, CheckerMessage } from './page-checkers.ts';
import { PageStoreWriter } from './page-store.ts';

const { root, id, pageStore } = workerData as CheckerData;
const keep = pageStore ? new PageStoreWriter(pageStore).keep : undefined;
const post = (message: CheckerMessage) => parentPort!.postMessage(message);
const BATCH = 16;
parentPort!.once('message', ({ jobs, locales, next, owner }: CheckerJobs) => {
  let batch: CheckerMessage['checked'] = [];
  for (;;) {
    const index = Atomics.add(next, 0, 1);
    if (index >= jobs.length) break;
    Atomics.store(owner, index, id);
    batch.push([index, checkPageGroup(root, jobs[index]!, locales, keep)]);
    if (batch.length === BATCH) {
      post({ checked: batch });
      batch = [];
    }
  }
  post({ checked: batch, done: true });
});
