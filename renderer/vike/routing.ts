import { needsEnhancementScript } from '../BlockList.tsx';
import type { PageData } from '../page-data.ts';
import { languageOf } from '../language.ts';
import { getSite } from '../site/load.ts';

export type PageKind = 'static' | 'interactive';

const normalise = (pathname: string) => pathname.replace(/\/+$/, '') || '/';

function kindOf(pathname: string): PageKind | undefined {
  const loaded = getSite().routes.get(normalise(pathname));
  if (!loaded) return undefined;
  return needsEnhancementScript(loaded.page.blocks) ? 'interactive' : 'static';
}

/** Route function body: a URL belongs to the Vike page of its kind. */
export const routeFor = (kind: PageKind) => (pageContext: { urlPathname: string }) =>
  kindOf(pageContext.urlPathname) === kind;

/** Every route (aliases included) of one kind, for prerendering. */
export function urlsFor(kind: PageKind): string[] {
  return [...getSite().routes.keys()].filter((route) => kindOf(route) === kind);
}

export function dataFor(pathname: string): PageData {
  const site = getSite();
  const route = normalise(pathname);
  const loaded = site.routes.get(route);
  if (!loaded || !site.config) throw new Error(`No page for ${route}`);
  const { language, page, config } = languageOf(site, loaded);
  return { route, canonicalRoute: loaded.route, page, config, ...(language ? { language } : {}) };
}

export function notFoundData(): PageData | undefined {
  const site = getSite();
  if (!site.notFound || !site.config) return undefined;
  const { language, page, config } = languageOf(site, site.notFound);
  return { route: '/404', canonicalRoute: '/404', page, config, ...(language ? { language } : {}) };
}
