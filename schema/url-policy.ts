/**
 * Which addresses may reach a page, in one place: the validator's URL fields (schema/primitives.ts)
 * and the browser's enhancement scripts (blocks/scheduler/scheduler-enhance.ts) both ask
 * `urlProblem`. The browser imports this file, so it imports nothing (no zod in the enhancement
 * bundle).
 */

/**
 * - `link`: an `href`: a page of the site (`/route`, `/route#anchor`), an anchor (`#id`), `https:`, `http:`,
 *   `mailto:` or `tel:`;
 * - `https`: an address the site embeds or is served from (scheduler frame, baseUrl): `https:` only.
 */
export type UrlRule = 'link' | 'https';

export type UrlProblem =
  /**
   * whitespace, a control character or a backslash: browsers drop or rewrite them ("java\tscript:"
   * runs).
   */
  | 'hidden-character'
  /** `//host`: an address on another site, which reads like a page of this one. */
  | 'protocol-relative'
  /** `javascript:`, `data:`, `vbscript:`, `file:`… (or `http:` where only `https:` is allowed). */
  | 'scheme'
  /** Neither `/page`, `#anchor` nor `scheme:…`, e.g. `pricing` or `www.example.com`. */
  | 'no-scheme'
  /** `https:` without `//host`, with a user name or password, or that does not parse. */
  | 'malformed';

const LINK_SCHEMES = ['https', 'http', 'mailto', 'tel'];

/** The scheme the value starts with, lowercased (`javascript`), or undefined. */
const urlScheme = (value: string): string | undefined =>
  /^([a-z][a-z0-9+.-]*):/i.exec(value)?.[1]?.toLowerCase();

/** Why `value` may not be used as an address of this kind, or undefined when it may. */
export function urlProblem(value: string, rule: UrlRule): UrlProblem | undefined {
  for (let i = 0; i < value.length; i++) {
    const code = value.charCodeAt(i);
    if (code <= 0x20 || code === 0x7f || code === 0x5c) return 'hidden-character';
  }
  if (rule === 'link') {
    if (value.startsWith('//')) return 'protocol-relative';
    if (value.startsWith('/') || value.startsWith('#')) return undefined;
  }
  const scheme = urlScheme(value);
  if (!scheme) return 'no-scheme';
  if (rule === 'https' ? scheme !== 'https' : !LINK_SCHEMES.includes(scheme)) return 'scheme';
  if (scheme === 'https' || scheme === 'http') {
    if (!value.slice(scheme.length + 1).startsWith('//')) return 'malformed';
    try {
      const url = new URL(value);
      if (!url.hostname || url.username || url.password) return 'malformed';
    } catch {
      return 'malformed';
    }
  }
  return undefined;
}

/** For the browser: may this attribute value become an iframe's `src`? */
export const isSafeFrameSrc = (value: unknown): value is string =>
  typeof value === 'string' && urlProblem(value, 'https') === undefined;
