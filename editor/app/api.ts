import type {
  CheckRequest,
  SaveRequest,
  ApiErrorBody,
  BlocksResponse,
  CheckResponse,
  ConflictResponse,
  DeleteResponse,
  FileResponse,
  MediaResponse,
  NewPageRequest,
  NewPageResponse,
  NewTranslationRequest,
  PageLanguagesResponse,
  PagesResponse,
  RemoveImageResponse,
  SaveResponse,
  SiteResponse,
  UploadedImage,
} from '../shared/api.ts';
import { CSRF_HEADER, TOKEN_HEADER } from '../shared/api.ts';
import type {
  ChangesResponse,
  DiffResponse,
  FileConflictView,
  Identity,
  LatestResponse,
  PublishResponse,
  PublishStatus,
  ReviewResponse,
  VersionsResponse,
} from '../shared/publish-api.ts';
import type {
  ReviewActionResponse,
  ReviewItemResponse,
  ReviewsResponse,
} from '../shared/review-api.ts';

/**
 * The session token: from `?token=` the first time, then from sessionStorage (the address bar loses
 * the query).
 */
export function sessionToken(): string {
  const url = new URL(window.location.href);
  const fromUrl = url.searchParams.get('token');
  if (fromUrl) {
    sessionStorage.setItem('page-editor:token', fromUrl);
    url.searchParams.delete('token');
    window.history.replaceState(null, '', url.pathname + url.search + url.hash);
    return fromUrl;
  }
  return sessionStorage.getItem('page-editor:token') ?? '';
}

/**
 * Team mode (`npm run team`): the page carries the session's CSRF token in a meta tag; the session
 * itself is an HttpOnly cookie, so no token is ever in an address. Undefined for `npm run edit`.
 */
function teamCsrfToken(): string | undefined {
  return (
    document.querySelector<HTMLMetaElement>('meta[name="page-editor-csrf"]')?.content || undefined
  );
}

export class ApiFailure extends Error {
  constructor(
    readonly status: number,
    readonly body: Partial<ApiErrorBody> & Record<string, unknown>,
  ) {
    super(body.error?.message ?? `Request failed (${status})`);
  }
  get hint() {
    return this.body.error?.hint;
  }
}

export class Conflict extends Error {
  constructor(readonly body: ConflictResponse) {
    super(body.error.message);
  }
}

/** Said on `window` when the editor refuses this tab's key (it was restarted) or cannot be reached. */
export const SESSION_ENDED = 'page-editor:session-ended';
export const UNREACHABLE = 'page-editor:unreachable';

/** The header a request proves it comes from the editor with: the token, or in team mode the CSRF token. */
const proofHeader = (token: string, csrf: string | undefined): Record<string, string> =>
  csrf ? { [CSRF_HEADER]: csrf } : { [TOKEN_HEADER]: token };

export function createApi(token: string, csrf = teamCsrfToken()) {
  async function call<T>(method: string, url: string, body?: unknown): Promise<T> {
    let response: Response;
    try {
      response = await fetch(url, {
        method,
        headers: {
          ...proofHeader(token, csrf),
          ...(body === undefined ? {} : { 'content-type': 'application/json' }),
        },
        body: body === undefined ? undefined : JSON.stringify(body),
      });
    } catch (failure) {
      window.dispatchEvent(new Event(UNREACHABLE));
      throw failure;
    }
    const json = (await response.json().catch(() => ({}))) as Record<string, unknown>;
    const code = (json.error as { code?: unknown } | undefined)?.code;
    if (response.status === 401 && (code === 'bad-token' || code === 'sign-in-required'))
      window.dispatchEvent(new Event(SESSION_ENDED));
    if (response.status === 409 && typeof json.diskText === 'string')
      throw new Conflict(json as unknown as ConflictResponse);
    if (!response.ok) throw new ApiFailure(response.status, json);
    return json as T;
  }
  const q = encodeURIComponent;
  return {
    token,
    csrf,
    pages: () => call<PagesResponse>('GET', '/api/pages'),
    site: () => call<SiteResponse>('GET', '/api/site'),
    blocks: () => call<BlocksResponse>('GET', '/api/blocks'),
    file: (path: string) => call<FileResponse>('GET', `/api/file?path=${q(path)}`),
    check: (path: string, text: string) =>
      call<CheckResponse>('POST', '/api/check', { path, text } satisfies CheckRequest),
    /**
     * Throws `Conflict` when the file changed on disk since `baseVersion` (null: the file must not
     * exist).
     */
    save: (path: string, text: string, baseVersion: string | null) =>
      call<SaveResponse>('PUT', '/api/file', { path, text, baseVersion } satisfies SaveRequest),
    createPage: (request: NewPageRequest) => call<NewPageResponse>('POST', '/api/pages', request),
    createTranslation: (request: NewTranslationRequest) =>
      call<NewPageResponse>('POST', '/api/translations', request),
    languages: (path: string) =>
      call<PageLanguagesResponse>('GET', `/api/languages?path=${q(path)}`),
    deletePage: (path: string) => call<DeleteResponse>('DELETE', `/api/file?path=${q(path)}`),
    /**
     * An image from the author's computer, sent as its bytes; `formats` are those the field takes.
     * Throws ApiFailure with the refusal in words.
     */
    uploadImage: async (file: File, formats?: readonly string[]): Promise<UploadedImage> => {
      const query = `name=${q(file.name)}${formats ? `&formats=${q(formats.join(','))}` : ''}`;
      const response = await fetch(`/api/images?${query}`, {
        method: 'POST',
        headers: { ...proofHeader(token, csrf), 'content-type': 'application/octet-stream' },
        body: file,
      });
      const json = (await response.json().catch(() => ({}))) as Record<string, unknown>;
      if (!response.ok) throw new ApiFailure(response.status, json);
      return json as unknown as UploadedImage;
    },
    media: () => call<MediaResponse>('GET', '/api/media'),
    /** Throws ApiFailure 409 (with `usedBy`) when a page uses the image. */
    removeImage: (src: string) => call<RemoveImageResponse>('DELETE', `/api/images?src=${q(src)}`),
    /** Team mode: this page is open here; the names of the others who have it open. */
    presence: (path: string) => call<{ others: string[] }>('POST', '/api/team/presence', { path }),
    /** Team mode: the signed-in member (their role decides what the header offers). */
    me: () => call<{ name: string; role: string }>('GET', '/api/team/me'),
    events: () => new EventSource(csrf ? '/api/events' : `/api/events?token=${q(token)}`),
    publishing: {
      status: () => call<PublishStatus>('GET', '/api/publish/status'),
      setIdentity: (identity: Identity) =>
        call<PublishStatus>('POST', '/api/publish/identity', identity),
      changes: () => call<ChangesResponse>('GET', '/api/publish/changes'),
      diff: (path: string) => call<DiffResponse>('GET', `/api/publish/diff?path=${q(path)}`),
      discard: (path: string) =>
        call<{ discarded: string }>('POST', '/api/publish/discard', { path }),
      /** Throws ApiFailure: 422 with `problems`, 409 with `conflicts`. */
      publish: (identity: Identity, message: string, files: string[]) =>
        call<PublishResponse>('POST', '/api/publish', { ...identity, message, files }),
      latest: (identity: Identity) => call<LatestResponse>('POST', '/api/publish/latest', identity),
      conflicts: () => call<{ conflicts: FileConflictView[] }>('GET', '/api/publish/conflicts'),
      resolve: (path: string, choices: Record<string, unknown>) =>
        call<{ resolved: string; text: string }>('POST', '/api/publish/resolve', { path, choices }),
      versions: (path: string) =>
        call<VersionsResponse>('GET', `/api/publish/versions?path=${q(path)}`),
      version: (path: string, commit: string) =>
        call<{ text: string }>('GET', `/api/publish/version?path=${q(path)}&commit=${q(commit)}`),
      restore: (path: string, commit: string) =>
        call<{ restored: string; text: string }>('POST', '/api/publish/restore', { path, commit }),
      review: () => call<ReviewResponse>('GET', '/api/publish/review'),
    },
    /** Team mode: review inside the editor (editor/shared/review-api.ts). */
    reviews: {
      list: () => call<ReviewsResponse>('GET', '/api/reviews'),
      item: (id: string) => call<ReviewItemResponse>('GET', `/api/reviews/item?id=${q(id)}`),
      send: (message: string) => call<ReviewActionResponse>('POST', '/api/reviews', { message }),
      /** Throws ApiFailure: 422 with `problems`, 409 in words (a clash). */
      approve: (id: string) => call<ReviewActionResponse>('POST', '/api/reviews/approve', { id }),
      ask: (id: string, comment: string) =>
        call<ReviewActionResponse>('POST', '/api/reviews/ask', { id, comment }),
      withdraw: (id: string) => call<ReviewActionResponse>('POST', '/api/reviews/withdraw', { id }),
    },
  };
}

export type Api = ReturnType<typeof createApi>;
