import { randomBytes } from 'node:crypto';
import { existsSync, readFileSync } from 'node:fs';
import {
  createServer as createHttpServer,
  type IncomingMessage,
  type ServerResponse,
} from 'node:http';
import type { AddressInfo } from 'node:net';
import path from 'node:path';
import type { ViteDevServer } from 'vite';
import {
  answerClientError,
  guardUpgrades,
  malformedTarget,
  serverOptions,
} from '../../engine/http-guard.ts';
import { SiteIndex } from '../../engine/site-index.ts';
import { apiError, handleApi, HttpError, sendJson, type ApiContext } from './api.ts';
import { DraftStore } from './drafts.ts';
import { editorErrors } from './errors.ts';
import { FileEvents } from './events.ts';
import { FileAccessError, ProjectFiles } from './files.ts';
import { MediaService } from './media/routes.ts';
import { Preview } from './preview.ts';
import { repoState } from '../git/state.ts';
import { servePublicImage } from './public-images.ts';
import { PublishingService } from './publishing.ts';
import {
  checkOrigin,
  guardFor,
  hasToken,
  SECURITY_HEADERS,
  sessionCookie,
  type Guard,
} from './security.ts';
import { sendNoSessionPage, wantsPage } from './no-session-page.ts';

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

const CODE_ROOT = path.resolve(import.meta.dirname, '../..');
const APP_HTML = path.join(CODE_ROOT, 'editor/app/index.html');

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
 * Vite runs inside it in middleware mode (created on the first request that needs it) to serve the
 * app's modules and to load the site's components for the preview; Vite's own network features (HMR
 * websocket, file watcher) are off.
 */
export async function startEditorServer(options: EditorServerOptions): Promise<EditorServer> {
  const host = options.host ?? '127.0.0.1';
  const token = options.token ?? randomBytes(24).toString('base64url');
  const files = new ProjectFiles(options.root);
  const root = files.root;
  // A publishing operation the editor was killed in is finished or undone before anything reads
  // the pages (editor/git/journal.ts).
  const start = await repoState(root).catch(() => undefined);
  const site = new SiteIndex(root);
  const drafts = new DraftStore();
  const events =
    options.watch === false
      ? undefined
      : new FileEvents(root, (file, text) => site.refresh(file, text));
  const ctx: ApiContext = { files, site, drafts, events };
  const publishing = new PublishingService(
    ctx,
    start?.kind === 'ready' ? start.recovered : undefined,
  );
  ctx.publishing = publishing;
  ctx.media = new MediaService(ctx);

  let vitePromise: Promise<ViteDevServer> | undefined;
  const vite = () =>
    (vitePromise ??= (async () => {
      const [{ createServer }, { default: react }] = await Promise.all([
        import('vite'),
        import('@vitejs/plugin-react'),
      ]);
      return createServer({
        // The site's code (renderer/, editor/app/) is where this file is; the content (pages,
        // public/) is `root`.
        root: CODE_ROOT,
        publicDir: path.join(root, 'public'),
        configFile: false,
        plugins: [react()],
        appType: 'custom',
        logLevel: 'warn',
        clearScreen: false,
        // Vite's client (which every CSS import loads) connects over this server's own port,
        // checked in 'upgrade' below.
        server: {
          middlewareMode: true,
          hmr: { server: http },
          watch: process.env.NODE_ENV === 'production' ? null : {},
        },
        build: { target: 'es2022' },
      });
    })());
  const preview = new Preview(root, vite, site, drafts, (file, version) =>
    publishing.versionText(file, version),
  );

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

    if (isApi) return handleApi(ctx, req, res, url);
    if (url.pathname === '/preview' || url.pathname.startsWith('/preview/'))
      return preview.handle(res, url);
    if (url.pathname === '/' || url.pathname === '/index.html') {
      const file = APP_HTML;
      if (!existsSync(file)) {
        res.writeHead(503, { 'content-type': 'text/plain; charset=utf-8' });
        return res.end('The editor app (editor/app/index.html) is missing.');
      }
      // The app is served at / : its relative URLs (./main.tsx) are made absolute first.
      const source = readFileSync(file, 'utf8').replace(/(src|href)="\.\//g, '$1="/editor/app/');
      const html = await (await vite()).transformIndexHtml('/editor/app/index.html', source);
      res.writeHead(200, { 'content-type': 'text/html; charset=utf-8' });
      return res.end(html);
    }
    if (
      (req.method === 'GET' || req.method === 'HEAD') &&
      servePublicImage(files, res, url.pathname)
    )
      return;
    const server = await vite();
    server.middlewares(req, res, () => fail(res, 404, editorErrors.notFound(url.pathname)));
  }

  // Browsers and fetch keep connections open between keystrokes; a short keep-alive makes them race
  // the close.
  const http = createHttpServer(serverOptions({ keepAliveTimeout: 65_000 }), (req, res) => {
    handle(req, res).catch((error: unknown) => {
      if (error instanceof HttpError) return fail(res, error.status, error.error, error.extra);
      if (error instanceof FileAccessError) return fail(res, error.status, error.error);
      // The details (paths, stack) go to the terminal of the person running the editor, never into
      // an answer.
      console.error(error);
      fail(res, 500, editorErrors.internal());
    });
  });
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
    site,
    async close() {
      events?.close();
      http.closeAllConnections();
      await new Promise<void>((resolve) => http.close(() => resolve()));
      if (vitePromise) await (await vitePromise).close();
    },
  };
}
