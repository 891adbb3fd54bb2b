// A helper thread of phase 1 (engine/page-checkers.ts): loads the validator as soon as it starts;
// once given the jobs, claims page files one at a time through the counter it shares with the main
// thread and the other helpers, checks each on its own (no cache: the main thread keeps it), and
// sends the results back in small batches. Runs compiled to JavaScript
// (pipeline/compiled-module.mjs).
import { parentPort, workerData } from 'node:worker_threads';
import { checkPageFile } from './load-site.ts';
import type { CheckerData, CheckerJobs, CheckerMessage } from './page-checkers.ts';

const { root, id } = workerData as CheckerData;
const post = (message: CheckerMessage) => parentPort!.postMessage(message);
const BATCH = 16;
parentPort!.once('message', ({ jobs, next, owner }: CheckerJobs) => {
  let batch: Array<[number, ReturnType<typeof checkPageFile>]> = [];
  for (;;) {
    const index = Atomics.add(next, 0, 1);
    if (index >= jobs.length) break;
    Atomics.store(owner, index, id);
    batch.push([index, checkPageFile(root, jobs[index]!.file, jobs[index]!.route)]);
    if (batch.length === BATCH) {
      post({ checked: batch });
      batch = [];
    }
  }
  post({ checked: batch, done: true });
});
