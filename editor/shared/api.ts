/**
 * The contract between the editor's server (editor/server/) and its browser app (editor/app/).
 * Every /api request carries the session token in the `x-editor-token` header (EventSource:
 * `?token=`). Errors are `{ error: ApiError }` with a 4xx status. Changes to this file are listed
 * in editor/shared/CHANGES.md.
 */
import type { Diagnostic } from '../../engine/diagnostic.ts';

/**
 * A path inside a YAML document: keys and list indexes, e.g. `['blocks', 2, 'items', 0,
 * 'question']`.
 */
export type FieldPath = Array<string | number>;

export const TOKEN_HEADER = 'x-editor-token';
/** Team mode (`npm run team`): the session's CSRF token, on every request that changes something. */
export const CSRF_HEADER = 'x-csrf-token';

/**
 * One problem the validator found: the validator's own diagnostic, same words as `npm run
 * validate`.
 */
export type EditorDiagnostic = Diagnostic;

export interface ApiError {
  code: string;
  message: string;
  hint?: string;
}
export interface ApiErrorBody {
  error: ApiError;
}

// GET /api/pages
export interface PageSummary {
  /** `pages/solutions/hotels.yaml` */
  file: string;
  /** `/solutions/hotels`; null for the 404 page. */
  route: string | null;
  /** The page's `title`, or '' when it cannot be read. */
  title: string;
  draft: boolean;
  errors: number;
  warnings: number;
  /**
   * A page of the default language on a site with several: where it stands in each other language.
   */
  translations?: PageTranslation[];
}
export interface PageTranslation {
  code: string;
  /** The language's name in itself: Deutsch. */
  label: string;
  state: 'translated' | 'partial' | 'stale' | 'problems' | 'untranslated';
  /** The translation's file, when there is one. */
  file?: string;
  /** Fields whose source text changed since they were translated. */
  stale: number;
  /** Blocks left untranslated. */
  partial: number;
}
// POST /api/translations { code, route }: the translation started from its source (npm run new-page
// -- --translate).
export interface NewTranslationRequest {
  code: string;
  route: string;
}
// GET /api/languages?path=pages/de/pricing.yaml: the page in every language of the site, for the
// page editor's language switch and its view of source and translation.
export interface PageLanguagesResponse {
  /** This file's language; absent with no languages. */
  code?: string;
  /** The route of the page in the default language. */
  sourceRoute?: string;
  /** The page in the default language (a translation's source) and its text on disk. */
  sourceFile?: string;
  sourceText?: string;
  /**
   * Every language of the site in the config's order; empty for a site in one language or a page
   * that has no translation and is none.
   */
  languages: Array<{
    code: string;
    /** The language's name in itself: Deutsch. */
    label: string;
    dir: 'ltr' | 'rtl';
    state: PageTranslation['state'] | 'source';
    file?: string;
  }>;
}
export interface PagesResponse {
  pages: PageSummary[];
  /** Problems of site.config.yaml. */
  config: { file: 'site.config.yaml'; errors: number; warnings: number };
}

// GET /api/site
interface SiteRoute {
  route: string;
  title: string;
  /** Anchor ids on the page (block `id`s and the layout's `main` and `top`). */
  anchors: string[];
}
export interface SiteResponse {
  routes: SiteRoute[];
  /** Files in public/, as the site links them: `/images/hotel.jpg`. */
  images: string[];
  /** Icon names the `icon` fields accept. */
  icons: string[];
}

// GET /api/file?path=pages/x.yaml
export interface FileResponse {
  path: string;
  text: string;
  /** Content hash of what is on disk. */
  version: string;
}

// POST /api/check
export interface CheckRequest {
  path: string;
  text: string;
}
export interface CheckResponse {
  /**
   * The file's diagnostics, validated in the context of the whole site (links and anchors are
   * checked).
   */
  diagnostics: EditorDiagnostic[];
  /** Incremented on every check of this path; the preview URL's `rev` (see below). */
  draftRevision: number;
}

// PUT /api/file
export interface SaveRequest {
  path: string;
  text: string;
  /**
   * The `version` the editor loaded (null: the file must not exist yet); the save is refused with
   * 409 when the disk has changed since.
   */
  baseVersion: string | null;
}
export interface SaveResponse {
  version: string;
  diagnostics: EditorDiagnostic[];
  /**
   * The translations of the saved page written in the same save, to follow its blocks and lists
   * (moved, added untranslated, removed); absent when none changed.
   */
  translations?: string[];
}
/** 409 body: the file changed on disk since `baseVersion`; nothing was written. */
export interface ConflictResponse {
  error: ApiError;
  diskText: string;
  version: string;
}

// POST /api/pages
export interface NewPageRequest {
  route: string;
  title?: string;
  /** `solution` | `resource` | `legal`; guessed from the route when absent. */
  template?: string;
  /** Created as a draft unless true. */
  publish?: boolean;
}
export interface NewPageResponse {
  path: string;
  text: string;
  version: string;
}

// DELETE /api/file?path=pages/x.yaml  → { deleted: path }
export interface DeleteResponse {
  deleted: string;
}

// POST /api/images?name=<the file's name>&formats=png,jpeg,webp  (body: the file's bytes)
// An image from the author's computer, identified by its content (never its name), checked
// against the field (`formats`: those its paths accept; all when absent), cleaned of its metadata
// and written under public/images/. 201 with UploadedImage; refusals are ApiErrors (413, 415, 422).
export type ImageFormatName = 'jpeg' | 'png' | 'webp' | 'avif';
export interface UploadedImage {
  /** As an image field holds it: `/images/harbor-view.jpg`. */
  src: string;
  /** `public/images/harbor-view.jpg` */
  file: string;
  format: ImageFormatName;
  width: number;
  height: number;
  bytes: number;
}

// GET /api/media: every image in public/, with where it is used.
export interface MediaImage {
  src: string;
  file: string;
  bytes: number;
  /** Absent when the file's size cannot be read (an icon, a damaged file). */
  width?: number;
  height?: number;
  /** Pages (and the site settings) whose saved or unsaved text uses the image. */
  usedBy: Array<{ file: string; route?: string; title: string }>;
}
export interface MediaResponse {
  images: MediaImage[];
}
// DELETE /api/images?src=/images/x.jpg: 409 (code image-in-use, `usedBy`) when a page uses it.
export interface RemoveImageResponse {
  removed: string;
}

// GET /api/blocks
export interface BlocksResponse {
  blocks: Array<{ type: string; exampleText: string }>;
}

// GET /api/events?token=…  (Server-Sent Events, one JSON object per `data:` line)
export type EditorEvent =
  | { type: 'file-changed'; path: string; version: string | null /* null: deleted */ }
  | { type: 'hello' };

/**
 * The preview.
 *
 * `GET /preview<route>?token=…&draft=<file>` renders the route as the build does (same block
 * registry, layout, CSS), with the draft text last sent by POST /api/check for <file> in place of
 * the file on disk. Blocks carry `data-editor-block="<index>"` (preview only). The preview page
 * loads a small script that listens for messages from the parent window and posts back:
 *
 * parent → iframe: `{ type: 'highlight-block', index }` scrolls to and outlines block <index>;
 *                  `{ type: 'refresh' }` fetches the page again and swaps `<main>` and the head's styles in place
 *                  (no flash, scroll kept). Send it after each POST /api/check has answered.
 * iframe → parent: `{ type: 'select-block', index }` when the user clicks a block;
 *                  `{ type: 'preview-updated', revision }` after each refresh is on screen (revision: the draft's
 *                  `draftRevision` that was rendered);
 *                  `{ type: 'preview-stale', message }` when the draft cannot be rendered (e.g. invalid page): the
 *                  last good render stays on screen.
 */
export type PreviewToParent =
  | { type: 'select-block'; index: number }
  | { type: 'preview-updated'; revision: number }
  /** The preview's script has started: what was sent before it listened is sent again. */
  | { type: 'preview-ready' }
  | { type: 'preview-stale'; message: string };
export type ParentToPreview = { type: 'highlight-block'; index: number } | { type: 'refresh' };

/** `preview` URL for a file (404 page: route '/404'); no token in team mode (the cookie is the session). */
export function previewUrl(route: string, file: string, token: string): string {
  const base = `/preview${route === '/' ? '/' : route}?draft=${encodeURIComponent(file)}`;
  return token ? `${base}&token=${encodeURIComponent(token)}` : base;
}
