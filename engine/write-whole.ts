import { renameSync, writeFileSync } from 'node:fs';
import { rename, writeFile } from 'node:fs/promises';
import { threadId } from 'node:worker_threads';

/** The temporary name `file` is written under: one per process and thread. */
const temporaryOf = (file: string) => `${file}.${process.pid}-${threadId}.tmp`;

/**
 * Writes `file` whole or not at all: under a temporary name beside it (one per process and thread,
 * so two writers never share one), then renamed over it. A reader sees the old file or the new
 * one, never half of either; an interrupted write leaves only the temporary file (`.tmp`).
 */
export function writeWhole(file: string, data: string | NodeJS.ArrayBufferView): void {
  const temporary = temporaryOf(file);
  writeFileSync(temporary, data);
  renameSync(temporary, file);
}

/**
 * `writeWhole` on libuv's thread pool: the calling thread goes on meanwhile (creating a file can
 * take a millisecond of kernel time where thousands were just deleted). Two writes of the same
 * file at once from one thread would share the temporary name: the caller never starts them.
 */
export async function writeWholeAsync(
  file: string,
  data: string | NodeJS.ArrayBufferView,
): Promise<void> {
  const temporary = temporaryOf(file);
  await writeFile(temporary, data);
  await rename(temporary, file);
}
