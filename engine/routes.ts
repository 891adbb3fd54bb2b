import { ROUTE_SEGMENT } from '../schema/route.ts';

/**
 * `pages/solutions/hotels.yaml` → `/solutions/hotels`; `pages/index.yaml` → `/`;
 * `pages/resources/index.yaml` → `/resources`.
 */
export function routeFromFile(relativeFile: string): string | undefined {
  const match = /^pages\/(.*)\.yaml$/.exec(relativeFile.split('\\').join('/'));
  if (!match) return undefined;
  const segments = match[1]!.split('/');
  if (segments[segments.length - 1] === 'index') segments.pop();
  if (!segments.every((segment) => ROUTE_SEGMENT.test(segment))) return undefined;
  return '/' + segments.join('/');
}

/** `/a/b/#x` → { path: '/a/b', hash: 'x' }. */
export function splitLink(link: string): { path: string; hash?: string } {
  let split = splitLinks.get(link);
  if (!split) {
    const [beforeHash, hash] = link.split('#', 2) as [string, string | undefined];
    const path = beforeHash.split('?')[0]!.replace(/\/+$/, '') || '/';
    split = Object.freeze(hash ? { path, hash } : { path });
    // A site's pages share most of their links (header, footer, calls to action): each is split
    // once.
    if (splitLinks.size < 100_000) splitLinks.set(link, split);
  }
  return split;
}
const splitLinks = new Map<string, { path: string; hash?: string }>();

/** The output file for a route: `/` → `index.html`, `/pricing` → `pricing/index.html`. */
export function htmlFileForRoute(route: string): string {
  return route === '/' ? 'index.html' : `${route.slice(1)}/index.html`;
}

export const NOT_FOUND_FILE = 'pages/404.yaml';
