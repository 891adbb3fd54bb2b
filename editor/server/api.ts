import { existsSync, readFileSync } from 'node:fs';
import type { IncomingMessage, ServerResponse } from 'node:http';
import path from 'node:path';
import { sortDiagnostics, type Diagnostic } from '../../engine/diagnostic.ts';
import { CODE_ROOT } from '../../engine/code-root.ts';
import { wordingFor, type AuthorError } from '../../engine/errors.ts';
import { NOT_FOUND_FILE, routeFromFile } from '../../engine/routes.ts';
import { CONFIG_FILE, SiteIndex } from '../../engine/site-index.ts';
import { blockTypes } from '../../blocks/schemas.ts';
import { iconNames } from '../../schema/primitives.ts';
import { createPage } from '../../engine/new-page.ts';
import { createTranslation } from '../../engine/translate-page.ts';
import { translationsOf } from './translations.ts';
import { translationsToSync } from './fix-translations.ts';
import { translationOf } from '../../engine/locales.ts';
import { localesOf, pageLanguages, translationProblems } from './page-languages.ts';
import { pathsAt } from '../document/locate.ts';
import type {
  ApiError,
  BlocksResponse,
  CheckResponse,
  ConflictResponse,
  DeleteResponse,
  EditorDiagnostic,
  FileResponse,
  NewPageResponse,
  PageLanguagesResponse,
  PagesResponse,
  SaveResponse,
  SiteResponse,
} from '../shared/api.ts';
import type { DraftStore } from './drafts.ts';
import { editorErrors } from './errors.ts';
import type { FileEvents } from './events.ts';
import { FileAccessError, ProjectFiles } from './files.ts';

export interface ApiContext {
  files: ProjectFiles;
  site: SiteIndex;
  drafts: DraftStore;
  events: FileEvents | undefined;
  /** /api/publish/… (editor/server/publishing.ts). */
  publishing?: { handle(req: IncomingMessage, res: ServerResponse, url: URL): Promise<void> };
  /** /api/images and /api/media (editor/server/media/routes.ts). */
  media?: { handle(req: IncomingMessage, res: ServerResponse, url: URL): Promise<void> };
}

/**
 * A page of the default language saved: each of its translations follows its structure in the
 * same change set (editor/server/fix-translations.ts, as `npm run validate -- --fix-translations`),
 * so that moving, adding or removing a block never leaves a translation the site cannot build.
 * The translations written.
 */
function followedBy(ctx: ApiContext, file: string, text: string): string[] {
  const route = routeFromFile(file);
  const locales = localesOf(ctx.site);
  if (!locales || route === undefined || translationOf(route, locales)) return [];
  return translationsToSync(ctx.files.root, file, text).flatMap(([translation, after]) => {
    const saved = ctx.files.save(translation, after, ctx.files.diskVersion(translation));
    if (!saved.ok) return [];
    ctx.site.refresh(saved.path, after);
    return [saved.path];
  });
}

export class HttpError extends Error {
  constructor(
    readonly status: number,
    readonly error: ApiError,
    readonly extra: Record<string, unknown> = {},
  ) {
    super(error.message);
  }
}

export function sendJson(res: ServerResponse, status: number, body: unknown) {
  res.writeHead(status, { 'content-type': 'application/json; charset=utf-8' });
  res.end(JSON.stringify(body));
}

/** The largest request body the editor reads: the largest page of the site is under 100 KB. */
const MAX_BODY_BYTES = 2 * 1024 * 1024;

export async function readJson(req: IncomingMessage): Promise<Record<string, unknown>> {
  const tooLarge = () => new HttpError(413, editorErrors.bodyTooLarge(MAX_BODY_BYTES));
  if (Number(req.headers['content-length']) > MAX_BODY_BYTES) {
    // Said up front: answered at once (Node reads and drops the rest of the body after the answer).
    throw tooLarge();
  }
  const chunks: Buffer[] = [];
  let size = 0;
  // A body longer than it said, or sent in chunks, is read to its end (the request timeout bounds
  // it) but not kept: stopping half way would reset the connection before the client reads the
  // answer.
  for await (const chunk of req) {
    size += (chunk as Buffer).length;
    if (size <= MAX_BODY_BYTES) chunks.push(chunk as Buffer);
  }
  if (size > MAX_BODY_BYTES) throw tooLarge();
  try {
    const body = JSON.parse(Buffer.concat(chunks).toString('utf8')) as unknown;
    if (body && typeof body === 'object' && !Array.isArray(body))
      return body as Record<string, unknown>;
  } catch {
    // answered below
  }
  throw new HttpError(400, editorErrors.badRequest('a JSON object'));
}

function stringField(body: Record<string, unknown>, name: string): string {
  const value = body[name];
  if (typeof value !== 'string')
    throw new HttpError(400, editorErrors.badRequest(`"${name}" (text)`));
  return value;
}

/**
 * An error as the editor shows it: in the form's words when the catalogue has them
 * (engine/errors.ts).
 */
export const apiError = (error: ApiError | AuthorError): ApiError =>
  'form' in error ? { code: error.code, ...wordingFor(error, 'form') } : error;

/**
 * A diagnostic in the form's words: the editor's fields have no lines, colons or indentation to
 * speak of.
 */
const inFormWords = ({ form, ...d }: Diagnostic): Diagnostic =>
  form ? { ...d, message: form.message ?? d.message, hint: form.hint } : d;

/**
 * The validator's diagnostics in the form's words, each with the YAML path of its field (from the
 * validator, else from its position).
 */
function withPaths(diagnostics: Diagnostic[], text: string): EditorDiagnostic[] {
  const missing = diagnostics.filter((d) => !d.path && !(d.line === 1 && d.col === 1));
  const found = missing.length ? pathsAt(text, missing) : [];
  return diagnostics.map(inFormWords).map((d, i) => {
    if (d.path) return { ...d, path: [...d.path] };
    const at = found[missing.indexOf(diagnostics[i]!)];
    return at && at.length ? { ...d, path: at } : { ...d };
  });
}

const isYamlFile = (file: string) =>
  file === CONFIG_FILE || (file.startsWith('pages/') && /\.ya?ml$/.test(file));

/** What `npm run validate` reports for the file: its own problems, and a translation's. */
function problemsOf(
  ctx: ApiContext,
  file: string,
  text: string,
  locales = localesOf(ctx.site),
): Diagnostic[] {
  const own = ctx.site.check(file, text);
  if (file === CONFIG_FILE || !locales) return own;
  const more = translationProblems(ctx.site, locales, file, text);
  return more.length ? sortDiagnostics([...own, ...more]) : own;
}

function check(ctx: ApiContext, file: string, text: string): EditorDiagnostic[] {
  return withPaths(problemsOf(ctx, file, text), text);
}

function pages(ctx: ApiContext): PagesResponse {
  const problems = new Map<string, Diagnostic[]>();
  const locales = localesOf(ctx.site);
  const list = ctx.site.files().map((file) => {
    const text = ctx.site.textOf(file) ?? '';
    const diagnostics = problemsOf(ctx, file, text, locales);
    problems.set(file, diagnostics);
    const { title, draft } = ctx.site.summaryOf(file);
    return {
      file,
      route: file === NOT_FOUND_FILE ? null : (routeFromFile(file) ?? null),
      title,
      draft,
      errors: diagnostics.filter((d) => d.severity === 'error').length,
      warnings: diagnostics.filter((d) => d.severity === 'warning').length,
    };
  });
  let configText: string;
  try {
    configText = readFileSync(path.join(ctx.files.root, CONFIG_FILE), 'utf8');
  } catch {
    configText = '';
  }
  const translations = translationsOf(
    ctx.files.root,
    configText,
    list,
    (file) => problems.get(file) ?? [],
    (file) => ctx.site.textOf(file) ?? '',
  );
  for (const page of list) {
    const status = translations.get(page.file);
    if (status) Object.assign(page, { translations: status });
  }
  const configProblems = ctx.site.check(CONFIG_FILE, configText);
  return {
    pages: list,
    config: {
      file: CONFIG_FILE,
      errors: configProblems.filter((d) => d.severity === 'error').length,
      warnings: configProblems.filter((d) => d.severity === 'warning').length,
    },
  };
}

function site(ctx: ApiContext): SiteResponse {
  return {
    routes: ctx.site.routes().map((route) => ({
      route: route.route,
      title: ctx.site.summaryOf(route.file).title,
      anchors: route.anchors,
    })),
    images: ctx.site.publicPaths().filter((file) => /\.(png|jpe?g|webp|avif|gif|svg)$/i.test(file)),
    icons: [...iconNames],
  };
}

/**
 * Each block's example.yaml: it belongs to the block's code, so it is read from the editor's own
 * source tree.
 */
const BLOCKS_DIR = path.join(CODE_ROOT, 'blocks');

function blocks(): BlocksResponse {
  return {
    blocks: blockTypes.map((type) => {
      const file = path.join(BLOCKS_DIR, type, 'example.yaml');
      return {
        type,
        exampleText: existsSync(file) ? readFileSync(file, 'utf8') : `type: ${type}\n`,
      };
    }),
  };
}

/**
 * The new page's file goes through the same checks as every write (a folder on the way may be a
 * link out).
 */
function guardNewPage(ctx: ApiContext, route: string) {
  const clean = route.replace(/\/+$/, '');
  if (!/^\/[a-z0-9][a-z0-9/-]*$/.test(clean) || clean.includes('//')) return; // createPage explains what is wrong with the route
  ctx.files.resolve(`pages${clean}.yaml`);
}

/** A page file just created (a new page, a translation): the site learns of it, the editor opens it. */
function sendCreated(
  ctx: ApiContext,
  res: ServerResponse,
  created: { file: string; text: string },
) {
  ctx.site.refresh(created.file, created.text);
  const read = ctx.files.read(created.file);
  return sendJson(res, 200, {
    path: read.path,
    text: read.text,
    version: read.version,
  } satisfies NewPageResponse);
}

/** Answers one /api request; throws HttpError or FileAccessError for a refusal. */
export async function handleApi(
  ctx: ApiContext,
  req: IncomingMessage,
  res: ServerResponse,
  url: URL,
): Promise<void> {
  if (
    ctx.publishing &&
    (url.pathname === '/api/publish' || url.pathname.startsWith('/api/publish/'))
  )
    return ctx.publishing.handle(req, res, url);
  // Uploads have their own body limit (20 MB, streamed): they never go through readJson.
  if (ctx.media && (url.pathname === '/api/images' || url.pathname === '/api/media'))
    return ctx.media.handle(req, res, url);
  const route = `${req.method} ${url.pathname}`;
  switch (route) {
    case 'GET /api/pages':
      return sendJson(res, 200, pages(ctx));
    case 'GET /api/site':
      return sendJson(res, 200, site(ctx));
    case 'GET /api/blocks':
      return sendJson(res, 200, blocks());
    case 'GET /api/events':
      if (!ctx.events) throw new HttpError(404, editorErrors.notFound(url.pathname));
      return ctx.events.subscribe(res);
    case 'GET /api/languages': {
      const { file } = ctx.files.resolve(url.searchParams.get('path'));
      return sendJson(
        res,
        200,
        pageLanguages(ctx.site, file, (f) =>
          problemsOf(ctx, f, ctx.site.textOf(f) ?? ''),
        ) satisfies PageLanguagesResponse,
      );
    }
    case 'GET /api/file': {
      const file = ctx.files.read(url.searchParams.get('path'));
      return sendJson(res, 200, file satisfies FileResponse);
    }
    case 'POST /api/check': {
      const body = await readJson(req);
      const { file } = ctx.files.resolve(body.path);
      const text = stringField(body, 'text');
      if (!isYamlFile(file)) throw new FileAccessError(403, editorErrors.notWritable(file));
      const draftRevision = ctx.drafts.set(file, text);
      return sendJson(res, 200, {
        diagnostics: check(ctx, file, text),
        draftRevision,
      } satisfies CheckResponse);
    }
    case 'PUT /api/file': {
      const body = await readJson(req);
      const text = stringField(body, 'text');
      const baseVersion = body.baseVersion === null ? null : stringField(body, 'baseVersion');
      const result = ctx.files.save(body.path, text, baseVersion);
      if (!result.ok) {
        return sendJson(res, 409, {
          error: apiError(editorErrors.conflict(result.path)),
          diskText: result.diskText,
          version: result.version,
        } satisfies ConflictResponse);
      }
      ctx.site.refresh(result.path, text);
      const translations = followedBy(ctx, result.path, text);
      const diagnostics = isYamlFile(result.path) ? check(ctx, result.path, text) : [];
      return sendJson(res, 200, {
        version: result.version,
        diagnostics,
        ...(translations.length ? { translations } : {}),
      } satisfies SaveResponse);
    }
    case 'DELETE /api/file': {
      const { file } = ctx.files.resolve(url.searchParams.get('path'));
      if (!file.startsWith('pages/')) throw new FileAccessError(403, editorErrors.notAPage(file));
      const deleted = ctx.files.remove(file);
      ctx.site.refresh(deleted, undefined);
      ctx.drafts.drop(deleted);
      return sendJson(res, 200, { deleted } satisfies DeleteResponse);
    }
    case 'POST /api/pages': {
      const body = await readJson(req);
      const route = stringField(body, 'route');
      guardNewPage(ctx, route);
      const result = createPage({
        root: ctx.files.root,
        route,
        template: typeof body.template === 'string' && body.template ? body.template : undefined,
        title: typeof body.title === 'string' ? body.title : undefined,
        publish: body.publish === true,
      });
      if (!result.ok) throw new HttpError(400, result.error);
      return sendCreated(ctx, res, result);
    }
    case 'POST /api/translations': {
      const body = await readJson(req);
      const code = stringField(body, 'code');
      const route = stringField(body, 'route');
      // The file goes where a page of /<code><route> goes: the same refusals (links out, names too long).
      guardNewPage(ctx, `/${code}${route === '/' ? '' : route}`);
      const result = createTranslation(ctx.files.root, code, route);
      if (!result.ok) throw new HttpError(400, result.error);
      return sendCreated(ctx, res, result);
    }
    default:
      throw new HttpError(404, editorErrors.notFound(url.pathname));
  }
}
