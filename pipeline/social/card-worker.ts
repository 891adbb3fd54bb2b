// A card-drawing thread (pipeline/social/card-thread.ts): draws each card it is sent and writes it
// to its file in the cache, answering when it is written. Runs compiled to JavaScript
// (pipeline/compiled-module.mjs).
import { parentPort, workerData } from 'node:worker_threads';
import { writeWholeAsync } from '../../engine/write-whole.ts';
import { drawCard } from './card.ts';
import type { CardJob, CardThreadData, CardThreadReply } from './card-thread.ts';

const { layersDir } = workerData as CardThreadData;
const reply = (message: CardThreadReply) => parentPort!.postMessage(message);

parentPort!.on('message', ({ file, text }: CardJob) => {
  drawCard(text, layersDir)
    .then((png) => writeWholeAsync(file, png))
    .then(
      () => reply({}),
      (error: unknown) =>
        reply({ error: error instanceof Error ? (error.stack ?? error.message) : String(error) }),
    );
});
