import type { IncomingMessage } from 'node:http';

/**
 * An upload's bytes, read as they arrive and never more than `maxBytes` of them kept: undefined
 * when the body is larger. A body that says it is too large is refused before it is read; one that
 * turns out larger is read to its end (the server's request timeout bounds it) but not kept, so
 * that the answer reaches the client instead of a reset connection.
 */
export async function readUpload(
  req: IncomingMessage,
  maxBytes: number,
): Promise<Buffer | undefined> {
  if (Number(req.headers['content-length']) > maxBytes) return undefined;
  const chunks: Buffer[] = [];
  let size = 0;
  for await (const chunk of req) {
    size += (chunk as Buffer).length;
    if (size <= maxBytes) chunks.push(chunk as Buffer);
  }
  return size > maxBytes ? undefined : Buffer.concat(chunks, size);
}
