// A helper thread of phase 1 (engine/page-checkers.ts): claims page files one at a time through the counter it
// shares with the main thread and the other helpers, checks each on its own (no cache: the main thread keeps it), and
// sends the results back in small batches. Runs compiled to JavaScript (build/compiled-module.mjs).
import { parentPort, workerData } from 'node:worker_threads';
import { checkPageFile } from './load-site.ts';
import type { CheckerData, CheckerMessage } from './page-checkers.ts';

const { root, jobs, next, owner, id } = workerData as CheckerData;
const post = (message: CheckerMessage) => parentPort!.postMessage(message);
const BATCH = 16;
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
