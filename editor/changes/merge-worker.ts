// The thread that merges large author files away from the editor's requests
// (editor/changes/merge-thread.ts): one job at a time, each answered by its id. Runs compiled to
// JavaScript (pipeline/compiled-module.mjs).
import { parentPort } from 'node:worker_threads';
import { conflictsAsTheyAreNow } from './conflicts-now.ts';
import { mergeAuthorFile } from './merge-file.ts';
import { resolveConflictsOnto } from './merge.ts';
import type { MergeJob, ThreadJob, ThreadResult } from './merge-thread.ts';

const bytes = (side: Uint8Array | undefined) =>
  side && Buffer.from(side.buffer, side.byteOffset, side.byteLength);

function run(job: ThreadJob): ThreadResult {
  switch (job.kind) {
    case 'merge': {
      const { sides } = job;
      return mergeAuthorFile({
        file: sides.file,
        ...(sides.base ? { base: bytes(sides.base)! } : {}),
        ...(sides.ours ? { ours: bytes(sides.ours)! } : {}),
        ...(sides.theirs ? { theirs: bytes(sides.theirs)! } : {}),
      });
    }
    case 'resolve':
      return { text: resolveConflictsOnto(job.current, job.input, job.choices) };
    case 'now':
      return { conflicts: conflictsAsTheyAreNow(job.current, job.input) };
  }
}

parentPort!.on('message', ({ id, job }: MergeJob) => {
  let result: ThreadResult | undefined;
  try {
    result = run(job);
  } catch {
    // the caller's fallback answers
  }
  parentPort!.postMessage({ id, result });
});
