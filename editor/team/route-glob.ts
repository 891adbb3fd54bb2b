/**
 * Route patterns of site.config.yaml › team › pages (schema/team.ts): `*` is any one part of a
 * route, `**` any number of parts (none included), anything else a part as written. `/de/**` is
 * /de and every page under it; `/**` every page.
 */
export function matchesRouteGlob(glob: string, route: string): boolean {
  return matchParts(parts(glob), 0, parts(route), 0);
}

const parts = (path: string) => path.split('/').filter((part) => part !== '');

function matchParts(glob: string[], g: number, route: string[], r: number): boolean {
  if (g === glob.length) return r === route.length;
  if (glob[g] === '**') {
    // `**` takes none, one, … of the remaining parts.
    for (let taken = r; taken <= route.length; taken++)
      if (matchParts(glob, g + 1, route, taken)) return true;
    return false;
  }
  if (r === route.length) return false;
  return (glob[g] === '*' || glob[g] === route[r]) && matchParts(glob, g + 1, route, r + 1);
}
