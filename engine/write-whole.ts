import { renameSync, writeFileSync } from 'node:fs';
import { threadId } from 'node:worker_threads';

/**
 * Writes `file` whole or not at all: under a temporary name beside it (one per process and thread,
 * so two writers never share one), then renamed over it. A reader sees the old file or the new
 * one, never half of either; an interrupted write leaves only the temporary file (`.tmp`).
 */
export function writeWhole(file: string, data: string | NodeJS.ArrayBufferView): void {
  const temporary = `${file}.${process.pid}-${threadId}.tmp`;
  writeFileSync(temporary, data);
  renameSync(temporary, file);
}
