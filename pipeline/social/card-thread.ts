import { Worker } from 'node:worker_threads';
import { compiledModule } from '../compiled-module.mjs';
import type { CardText } from './card.ts';

/** The card-drawing thread's entry point, relative to the project: run compiled. */
const CARD_WORKER_ENTRY = 'pipeline/social/card-worker.ts';

/** A card to draw: the file it goes to (in the cache) and its words. */
export interface CardJob {
  file: string;
  text: CardText;
}
export interface CardThreadData {
  /** Where backgrounds and the glyph table are kept between builds. */
  layersDir: string;
}
export interface CardThreadReply {
  error?: string;
}

/** Cards in flight on the thread: one laid out while the other is rasterised on libuv's pool. */
const IN_FLIGHT = 2;

/**
 * Draws cards from `queue` (shared with the main thread's drawers, which go on) on a thread of its
 * own until the queue is empty; settles once the thread's last card is written.
 */
export function drawOnThread(
  root: string,
  queue: Array<readonly [file: string, text: CardText]>,
  layersDir: string,
): Promise<void> {
  const worker = new Worker(compiledModule(root, CARD_WORKER_ENTRY), {
    workerData: { layersDir } satisfies CardThreadData,
  });
  const done = new Promise<void>((resolve, reject) => {
    let inFlight = 0;
    const send = () => {
      while (inFlight < IN_FLIGHT && queue.length) {
        const [file, text] = queue.shift()!;
        worker.postMessage({ file, text } satisfies CardJob);
        inFlight++;
      }
      if (!inFlight) resolve();
    };
    worker.on('message', ({ error }: CardThreadReply) => {
      if (error !== undefined) return reject(new Error(error));
      inFlight--;
      send();
    });
    worker.on('error', reject);
    worker.on('exit', (code) => reject(new Error(`A card-drawing thread stopped (exit ${code}).`)));
    send();
  });
  return done.finally(() => worker.terminate());
}
