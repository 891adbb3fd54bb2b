import { existsSync, readFileSync } from 'node:fs';
import type { IncomingMessage, ServerResponse } from 'node:http';
import path from 'node:path';
import type { ViteDevServer } from 'vite';
import { SiteIndex } from '../../engine/site-index.ts';
import { repoState } from '../git/state.ts';
import { apiError, handleApi, HttpError, sendJson, type ApiContext } from './api.ts';
import { DraftStore } from './drafts.ts';
import { editorErrors } from './errors.ts';
import { FileEvents } from './events.ts';
import { FileAccessError, ProjectFiles } from './files.ts';
import { MediaService } from './media/routes.ts';
import { Preview } from './preview.ts';
import { servePublicImage } from './public-images.ts';
import { PublishingService } from './publishing.ts';
import { APP_ASSETS, appFromSource, editorApp, lastBuiltEditorApp } from './app-bundle.ts';
import { CODE_ROOT } from '../../engine/code-root.ts';

const APP_HTML = path.join(CODE_ROOT, 'editor/app/index.html');

export interface EditorHandler {
  root: string;
  site: SiteIndex;
  ctx: ApiContext;
  publishing: PublishingService;
  /**
   * Answers one request that has passed its server's guard: the API, the preview, the app's page,
   * the project's images and the app (built, or its modules under NODE_ENV=development). `head`:
   * markup added to the app page's head.
   */
  handle(req: IncomingMessage, res: ServerResponse, url: URL, head?: string): Promise<void>;
  close(): void;
}

/** An error answered as JSON in the form's words (the status a refusal carries, else 500). */
export function answerFailure(res: ServerResponse, error: unknown) {
  const send = (status: number, body: Parameters<typeof apiError>[0], extra = {}) => {
    if (!res.headersSent) sendJson(res, status, { error: apiError(body), ...extra });
    else res.end();
  };
  if (error instanceof HttpError) return send(error.status, error.error, error.extra);
  if (error instanceof FileAccessError) return send(error.status, error.error);
  // The details (paths, stack) go to the terminal of the person running the editor, never into
  // an answer.
  console.error(error);
  send(500, editorErrors.internal());
}

/**
 * Everything the editor serves for one project root (a person's clone, or a team member's
 * workspace), with the Vite it shares with the other roots of its server.
 */
export async function createEditorHandler(options: {
  root: string;
  vite: () => Promise<ViteDevServer>;
  /** Watch the files and send change events (default true). */
  watch?: boolean;
  /**
   * Commits outside the root's own history (published, or its HEAD's) that a client may still
   * name in `?version=` and /api/publish/version: the team editor's review requests the person
   * may read. Default: none.
   */
  alsoReadable?: (commit: string) => Promise<boolean>;
}): Promise<EditorHandler> {
  const { vite } = options;
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
    options.alsoReadable,
  );
  ctx.publishing = publishing;
  ctx.media = new MediaService(ctx);
  const preview = new Preview(root, vite, site, drafts, (file, version) =>
    publishing.versionText(file, version),
  );

  async function serveAppPage(res: ServerResponse, head: string) {
    let html: string;
    if (appFromSource()) {
      if (!existsSync(APP_HTML)) {
        res.writeHead(503, { 'content-type': 'text/plain; charset=utf-8' });
        res.end('The editor app (editor/app/index.html) is missing.');
        return;
      }
      // The app is served at / : its relative URLs (./main.tsx) are made absolute first.
      const source = readFileSync(APP_HTML, 'utf8')
        .replace(/(src|href)="\.\//g, '$1="/editor/app/')
        .replace('</head>', `${head}</head>`);
      html = await (await vite()).transformIndexHtml('/editor/app/index.html', source);
    } else html = (await editorApp()).html.replace('</head>', `${head}</head>`);
    res.writeHead(200, { 'content-type': 'text/html; charset=utf-8' });
    res.end(html);
  }

  async function handle(
    req: IncomingMessage,
    res: ServerResponse,
    url: URL,
    head = '',
  ): Promise<void> {
    if (url.pathname === '/api' || url.pathname.startsWith('/api/'))
      return handleApi(ctx, req, res, url);
    if (url.pathname === '/preview' || url.pathname.startsWith('/preview/'))
      return preview.handle(res, url);
    if (url.pathname === '/' || url.pathname === '/index.html') return serveAppPage(res, head);
    if (!appFromSource() && url.pathname.startsWith(APP_ASSETS)) {
      const asset = (await lastBuiltEditorApp()).assets.get(url.pathname);
      if (asset) {
        // Named by a hash of their content: a changed app gets new names.
        res.writeHead(200, {
          'content-type': asset.type,
          'cache-control': 'private, max-age=31536000, immutable',
        });
        res.end(req.method === 'HEAD' ? undefined : asset.body);
        return;
      }
    }
    if (
      (req.method === 'GET' || req.method === 'HEAD') &&
      servePublicImage(files, res, url.pathname)
    )
      return;
    const server = await vite();
    server.middlewares(req, res, () =>
      answerFailure(res, new HttpError(404, editorErrors.notFound(url.pathname))),
    );
  }

  return { root, site, ctx, publishing, handle, close: () => events?.close() };
}
