import { timingSafeEqual } from 'node:crypto';
import type { IncomingMessage } from 'node:http';
import { TOKEN_HEADER } from '../shared/api.ts';
import { editorErrors, type EditorError } from './errors.ts';

const SESSION_COOKIE = 'editor_session';

export interface Guard {
  /**
   * `host:port` values the Host header may have (the address the editor listens on; `localhost` too
   * on loopback).
   */
  hosts: Set<string>;
  token: string;
}

export function guardFor(host: string, port: number, token: string): Guard {
  const hosts = new Set([`${host.includes(':') ? `[${host}]` : host}:${port}`]);
  if (host === '127.0.0.1' || host === '::1' || host === 'localhost')
    for (const name of ['127.0.0.1', 'localhost', '[::1]']) hosts.add(`${name}:${port}`);
  return { hosts, token };
}

const same = (a: string, b: string) => {
  const x = Buffer.from(a);
  const y = Buffer.from(b);
  return x.length === y.length && timingSafeEqual(x, y);
};

function cookie(req: IncomingMessage, name: string): string | undefined {
  for (const part of (req.headers.cookie ?? '').split(';')) {
    const [key, ...value] = part.trim().split('=');
    if (key !== name) continue;
    try {
      return decodeURIComponent(value.join('='));
    } catch {
      return undefined; // not what the editor set: no session
    }
  }
  return undefined;
}

/**
 * Host and Origin: a page on another site (cross-site request) or a DNS name rebound to 127.0.0.1
 * (Host header is that name) is refused before anything else happens.
 */
export function checkOrigin(req: IncomingMessage, guard: Guard): EditorError | undefined {
  const host = req.headers.host ?? '';
  if (!guard.hosts.has(host)) return editorErrors.badHost(host);
  const origin = req.headers.origin;
  if (
    origin !== undefined &&
    !(origin.startsWith('http://') && guard.hosts.has(origin.slice('http://'.length)))
  )
    return editorErrors.badOrigin(origin);
  // Browsers say where a request comes from: only the editor's own pages (same-origin) or a typed
  // URL (none) pass; same-site counts as foreign too (another port on 127.0.0.1 is "same-site").
  const site = req.headers['sec-fetch-site'];
  if (site !== undefined && site !== 'same-origin' && site !== 'none')
    return editorErrors.badOrigin(origin ?? `a ${String(site)} page`);
  return undefined;
}

/**
 * The session token. API calls carry it in the `x-editor-token` header (a page on another origin
 * cannot set that header without the editor's consent), EventSource and the first page load in
 * `?token=`. The app's own files and the preview also accept the session cookie set by that first
 * load (HttpOnly, SameSite=Strict), because a `<script type="module">` or an `<iframe>` cannot send
 * a header.
 */
export function hasToken(
  req: IncomingMessage,
  url: URL,
  guard: Guard,
  options: { cookie: boolean },
): boolean {
  const given = req.headers[TOKEN_HEADER];
  if (typeof given === 'string' && same(given, guard.token)) return true;
  const query = url.searchParams.get('token');
  if (query !== null && same(query, guard.token)) return true;
  const fromCookie = options.cookie ? cookie(req, SESSION_COOKIE) : undefined;
  return fromCookie !== undefined && same(fromCookie, guard.token);
}

export const sessionCookie = (token: string) =>
  `${SESSION_COOKIE}=${encodeURIComponent(token)}; HttpOnly; SameSite=Strict; Path=/`;

/**
 * Headers on every answer: no framing by other sites, no sniffing, no referrer (the URL holds the
 * token).
 */
export const SECURITY_HEADERS: Record<string, string> = {
  'x-content-type-options': 'nosniff',
  'referrer-policy': 'no-referrer',
  'x-frame-options': 'SAMEORIGIN',
  'cache-control': 'no-store',
};
