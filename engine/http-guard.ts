import type { IncomingMessage, Server, ServerOptions } from 'node:http';
import type { Socket } from 'node:net';
import type { Duplex } from 'node:stream';

/**
 * Node's own limits for the project's three servers (`npm run serve`, `npm run edit`, `npm run
 * dev`), set on purpose rather than left to Node's defaults; docs/server-limits.md gives the reason
 * for each value.
 */
export const SERVER_LIMITS = {
  /** Request line and headers together: the longest address a page links to is far below it. */
  maxHeaderSize: 16 * 1024,
  /**
   * A client that has not sent all its headers by then is cut off (a slow client holds no socket
   * forever).
   */
  headersTimeout: 10_000,
  /**
   * The whole request, body included: 2 MB over the slowest link an author uses takes a few
   * seconds.
   */
  requestTimeout: 30_000,
  /** How long an idle kept-alive connection stays open. */
  keepAliveTimeout: 5_000,
  /**
   * How often Node looks for connections past the two timeouts above (its default, 30 s, would let
   * them run late).
   */
  connectionsCheckingInterval: 1_000,
};

export type ServerLimits = typeof SERVER_LIMITS;

/**
 * Options for `createServer` with the limits above, some replaced (maxHeaderSize can only be given
 * there).
 */
export function serverOptions(overrides: Partial<ServerLimits> = {}) {
  return { ...SERVER_LIMITS, ...overrides } satisfies ServerOptions;
}

/**
 * Sets the limits on a server someone else created (Vite's). Node reads the timeouts on every check
 * of its connections, so they hold from then on. Its header size limit can only be given when it is
 * created: Vite leaves it at Node's default, which is SERVER_LIMITS.maxHeaderSize (a test holds it
 * there).
 */
export function applyServerLimits(server: Server) {
  server.headersTimeout = SERVER_LIMITS.headersTimeout;
  server.requestTimeout = SERVER_LIMITS.requestTimeout;
  server.keepAliveTimeout = SERVER_LIMITS.keepAliveTimeout;
  server.on('clientError', answerClientError);
}

/**
 * Websocket upgrades: only Vite's client opens one (protocol vite-hmr or vite-ping, at Vite's path
 * `hmrPath`), and only when `allowed` says so. Vite's own listener ignores any other without
 * closing it, so each would hold a socket for good: it gets a 400 here, and what Vite's listener
 * sees of it no longer looks like its own. An accepted one that does not finish its handshake in
 * time is closed (the websocket library lifts the timeout once it does).
 */
export function guardUpgrades(
  server: Server,
  hmrPath: string,
  allowed: (req: IncomingMessage) => boolean = () => true,
) {
  server.prependListener('upgrade', (req: IncomingMessage, socket: Socket) => {
    socket.on('error', () => {});
    const protocol = req.headers['sec-websocket-protocol'];
    const pathname = malformedTarget(req) ? undefined : req.url!.split('?')[0];
    if (
      (protocol === 'vite-hmr' || protocol === 'vite-ping') &&
      pathname === hmrPath &&
      allowed(req)
    ) {
      socket.setTimeout(SERVER_LIMITS.headersTimeout, () => socket.destroy());
      return;
    }
    delete req.headers['sec-websocket-protocol'];
    req.url = '/';
    socket.end('HTTP/1.1 400 Bad Request\r\nConnection: close\r\nContent-Length: 0\r\n\r\n');
  });
}

/** Status and short text for what Node's parser refused, by its error code. */
function clientErrorAnswer(code: string | undefined): [number, string] {
  if (code === 'HPE_HEADER_OVERFLOW') return [431, 'Request header fields too large'];
  if (code === 'ERR_HTTP_REQUEST_TIMEOUT' || code === 'ERR_HTTP_HEADERS_TIMEOUT')
    return [408, 'Request timeout'];
  return [400, 'Bad request'];
}

/**
 * A request Node's parser refused (bad request line, header too large, a client too slow) gets a
 * short answer and the connection is closed, instead of the socket being dropped silently. Nothing
 * of the request is echoed.
 */
export function answerClientError(error: Error & { code?: string }, socket: Duplex) {
  const inProgress = (socket as Duplex & { _httpMessage?: { headersSent?: boolean } })._httpMessage;
  if (!socket.writable || inProgress?.headersSent) {
    socket.destroy();
    return;
  }
  const [status, text] = clientErrorAnswer(error.code);
  const body = `${text}.\n`;
  socket.end(
    `HTTP/1.1 ${status} ${text}\r\nContent-Type: text/plain; charset=utf-8\r\n` +
      `Content-Length: ${Buffer.byteLength(body)}\r\nConnection: close\r\n\r\n${body}`,
  );
}

/**
 * Errors of a file lookup that mean "there is no file by that name" (the name cannot exist, a part
 * of it is a file, not a folder), as opposed to a failing disk.
 */
const NO_SUCH_NAME = new Set(['ENOENT', 'ENOTDIR', 'ENAMETOOLONG', 'EINVAL', 'ELOOP', 'EISDIR']);

export function isNoSuchName(error: unknown): boolean {
  return NO_SUCH_NAME.has(String((error as NodeJS.ErrnoException | undefined)?.code));
}

/**
 * True for a request whose target a server should not even look at: not origin-form, or a byte a
 * URL never has.
 */
export function malformedTarget(req: IncomingMessage): boolean {
  const target = req.url ?? '';
  // eslint-disable-next-line no-control-regex -- control bytes are exactly what is refused
  return !target.startsWith('/') || /[\u0000-\u001f\u007f-\uffff]/.test(target);
}
