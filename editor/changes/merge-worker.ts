// The thread that merges large author files away from the editor's requests
// (editor/changes/merge-thread.ts): one merge at a time, each answered by its id. Runs compiled to
// JavaScript (pipeline/compiled-module.mjs).
import { parentPort } from 'node:worker_threads';
import { mergeAuthorFile, type AuthorFileMerge } from './merge-file.ts';
import type { MergeJob } from './merge-thread.ts';

const bytes = (side: Uint8Array | undefined) =>
  side && Buffer.from(side.buffer, side.byteOffset, side.byteLength);

parentPort!.on('message', ({ id, sides }: MergeJob) => {
  let result: AuthorFileMerge;
  try {
    result = mergeAuthorFile({
      file: sides.file,
      ...(sides.base ? { base: bytes(sides.base)! } : {}),
      ...(sides.ours ? { ours: bytes(sides.ours)! } : {}),
      ...(sides.theirs ? { theirs: bytes(sides.theirs)! } : {}),
    });
  } catch {
    result = { conflict: 'not-field-by-field' };
  }
  parentPort!.postMessage({ id, result });
});
