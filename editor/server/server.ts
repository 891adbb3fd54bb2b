import { randomBytes } from 'node:crypto';
import {
  createServer as createHttpServer,
  type IncomingMessage,
  type ServerResponse,
} from 'node:http';
import type { AddressInfo } from 'node:net';
import path from 'node:path';
import {
  answerClientError,
  guardUpgrades,
  malformedTarget,
  serverOptions,
} from '../../engine/http-guard.ts';
import type { SiteIndex } from '../../engine/site-index.ts';
import { apiError, sendJson } from './api.ts';
import { answerFailure, createEditorHandler } from './editor-handler.ts';
import { editorErrors } from './errors.ts';
import {
  checkOrigin,
  guardFor,
  hasToken,
  SECURITY_HEADERS,
  sessionCookie,
  type Guard,
} from './security.ts';
import { sendNoSessionPage, wantsPage } from './no-session-page.ts';
import { lazyVite } from './vite.ts';

export interface EditorServerOptions {
  root: string;
  /** 127.0.0.1 unless told otherwise. */
  host?: string;
  /** 0: any free port. */
  port?: number;
  /** Fixed token (tests); a random one per session otherwise. */
  token?: string;
  /** Watch the files and send change events (default true). */
  watch?: boolean;
}

export interface EditorServer {
  url: string;
  origin: string;
  token: string;
  port: number;
  site: SiteIndex;
  close(): Promise<void>;
}

/**
 * The request's address, or undefined when it is not a path (`*`, `http://…`, a byte a URL never
 * has). It is read as a path even when it starts with `//`, which `new URL(address, base)` would
 * take for a host name.
 */
function requestUrl(req: IncomingMessage): URL | undefined {
  if (malformedTarget(req)) return undefined;
  try {
    return new URL(`http://editor${req.url}`);
  } catch {
    return undefined;
  }
}

/**
 * `npm run edit`: one Node HTTP server for the editor's API, its browser app and the live preview.
 * The app is built (app-bundle.ts). Vite runs inside it in middleware mode (created on the first
 * request that needs it) to load the site's components for the preview, and the app's modules
 * under NODE_ENV=development; Vite's own network features (HMR websocket, file watcher) are off.
 */
export async function startEditorServer(options: EditorServerOptions): Promise<EditorServer> {
  const host = options.host ?? '127.0.0.1';
  const token = options.token ?? randomBytes(24).toString('base64url');
  // Browsers and fetch keep connections open between keystrokes; a short keep-alive makes them race
  // the close.
  const http = createHttpServer(serverOptions({ keepAliveTimeout: 65_000 }), (req, res) => {
    handle(req, res).catch((error: unknown) => answerFailure(res, error));
  });
  // Vite's client connects over this server's own port, checked in 'upgrade' below.
  const vite = lazyVite(http, path.join(path.resolve(options.root), 'public'));
  const editor = await createEditorHandler({
    root: options.root,
    vite: vite.get,
    watch: options.watch,
  });

  let guard: Guard | undefined;
  const fail = (
    res: ServerResponse,
    status: number,
    error: Parameters<typeof apiError>[0],
    extra: Record<string, unknown> = {},
  ) => {
    if (!res.headersSent) sendJson(res, status, { error: apiError(error), ...extra });
    else res.end();
  };

  async function handle(req: IncomingMessage, res: ServerResponse) {
    for (const [name, value] of Object.entries(SECURITY_HEADERS)) res.setHeader(name, value);
    const refused = checkOrigin(req, guard!);
    if (refused) return fail(res, 403, refused);
    const url = requestUrl(req);
    if (!url) return fail(res, 400, editorErrors.badRequest('a valid address'));
    const isApi = url.pathname === '/api' || url.pathname.startsWith('/api/');
    // The API wants the header (or ?token= for EventSource); the app's files and the preview accept
    // the session cookie.
    if (!hasToken(req, url, guard!, { cookie: !isApi }))
      return !isApi && wantsPage(req)
        ? sendNoSessionPage(res)
        : fail(res, 401, editorErrors.badToken());
    if (url.searchParams.get('token') && !isApi) res.setHeader('set-cookie', sessionCookie(token));

    return editor.handle(req, res, url);
  }

  http.on('clientError', answerClientError);
  // Websocket upgrades (Vite's client) pass the same Host, Origin and session checks as every
  // request.
  guardUpgrades(http, '/', (req) => {
    const url = requestUrl(req);
    return Boolean(
      url && !checkOrigin(req, guard!) && hasToken(req, url, guard!, { cookie: true }),
    );
  });
  await new Promise<void>((resolve, reject) => {
    http.once('error', reject);
    http.listen(options.port ?? 0, host, () => resolve());
  });
  const port = (http.address() as AddressInfo).port;
  guard = guardFor(host, port, token);
  const origin = `http://${host.includes(':') ? `[${host}]` : host}:${port}`;
  return {
    url: `${origin}/?token=${token}`,
    origin,
    token,
    port,
    site: editor.site,
    async close() {
      editor.close();
      http.closeAllConnections();
      await new Promise<void>((resolve) => http.close(() => resolve()));
      await vite.close();
    },
  };
}
