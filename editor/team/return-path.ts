/**
 * Where the browser goes after signing in: only ever a path of the editor itself, whatever the
 * `return` parameter says (no open redirect). Anything else, and the sign-in's own addresses, give
 * `/`.
 */
export function safeReturnPath(value: string | null | undefined, origin: string): string {
  if (!value || value.length > 2000 || !value.startsWith('/')) return '/';
  // `//host` and `/\host` are other sites to a browser; control characters are dropped by URL
  // parsers in ways that can turn a path into a host.
  // eslint-disable-next-line no-control-regex -- control bytes are exactly what is refused
  if (/^\/[/\\]/.test(value) || /[\u0000-\u001f\u007f\\]/.test(value)) return '/';
  let url: URL;
  try {
    url = new URL(value, origin);
  } catch {
    return '/';
  }
  if (url.origin !== new URL(origin).origin) return '/';
  if (url.pathname === '/auth' || url.pathname.startsWith('/auth/')) return '/';
  // The app's screen is in the fragment (#/edit/pages/x.yaml): the editor reopens it.
  return `${url.pathname}${url.search}${url.hash}`;
}
