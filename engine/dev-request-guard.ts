import type { IncomingMessage, ServerResponse } from 'node:http';
import { malformedTarget } from './http-guard.ts';

const BAD_REQUEST =
  'Bad request: the address is not valid (a % must be followed by two hex digits of UTF-8).';
const FORBIDDEN =
  'Forbidden: the dev server answers only for its own address, and only with files of the project.';
const TOO_LARGE = 'Request body too large: the dev server takes none over 2 MB.';
/** The dev server's pages and modules read no request body: one this large is refused. */
const MAX_BODY_BYTES = 2 * 1024 * 1024;
const FAILED =
  'The dev server failed to answer this request; the terminal running `npm run dev` says why.';

/**
 * The request's path decoded, or undefined when it cannot be (`/%`, a NUL, bytes that are not
 * UTF-8).
 */
function decodedPath(url: string): string | undefined {
  const end = url.search(/[?#]/);
  try {
    const decoded = decodeURIComponent(end < 0 ? url : url.slice(0, end));
    return decoded.includes('\0') ? undefined : decoded;
  } catch {
    return undefined;
  }
}

/**
 * An answer of 403 or 5xx gets a short text of its own instead of what Vite or Vike wrote: Vite's
 * pages for them carry the error's stack and the project's absolute paths (its "outside of the
 * allow list" page lists the folders it serves). Vite has logged the details in the terminal before
 * it answers.
 */
function shortErrorBodies(res: ServerResponse) {
  const { write, end, writeHead } = res;
  let replacing = false;
  const shortText = () => (res.statusCode === 403 ? FORBIDDEN : FAILED);
  const replaced = (status = res.statusCode) => {
    if (replacing) return true;
    if (res.headersSent || !(status === 403 || (status >= 500 && status !== 504))) return false;
    replacing = true;
    return true;
  };
  const finish = () => {
    // Node's own end() writes the head through res.writeHead: the originals answer from here on.
    Object.assign(res, { writeHead, write, end });
    for (const name of res.getHeaderNames()) res.removeHeader(name);
    res.setHeader('content-type', 'text/plain; charset=utf-8');
    res.setHeader('cache-control', 'no-store');
    (end as (text: string) => ServerResponse).call(res, shortText());
  };
  res.writeHead = function (this: ServerResponse, status: number, ...rest: unknown[]) {
    if (!replaced(status)) return writeHead.call(this, status, ...(rest as []));
    res.statusCode = status;
    return this;
  } as typeof res.writeHead;
  res.write = function (this: ServerResponse, ...args: unknown[]) {
    if (!replaced()) return (write as (...a: unknown[]) => boolean).apply(this, args);
    return true;
  } as typeof res.write;
  res.end = function (this: ServerResponse, ...args: unknown[]) {
    if (!replaced()) return (end as (...a: unknown[]) => ServerResponse).apply(this, args);
    finish();
    return this;
  } as typeof res.end;
}

/**
 * The dev server's first middleware: a request whose address cannot be decoded is refused with 400
 * and one whose body is over 2 MB with 413, before Vite or Vike see them; error answers keep
 * internal details out of their bodies.
 */
export function devRequestGuard(req: IncomingMessage, res: ServerResponse, next: () => void) {
  if (malformedTarget(req) || decodedPath(req.url ?? '/') === undefined) {
    res.writeHead(400, {
      'content-type': 'text/plain; charset=utf-8',
      'cache-control': 'no-store',
    });
    res.end(BAD_REQUEST);
    return;
  }
  if (Number(req.headers['content-length']) > MAX_BODY_BYTES) {
    // Answered once the body is read and dropped: answering while the client still sends it ends
    // the connection with a reset, which can lose the answer on the client's side.
    req.on('end', () => {
      res.writeHead(413, {
        'content-type': 'text/plain; charset=utf-8',
        'cache-control': 'no-store',
      });
      res.end(TOO_LARGE);
    });
    req.resume();
    return;
  }
  shortErrorBodies(res);
  next();
}
