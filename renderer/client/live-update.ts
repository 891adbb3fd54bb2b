import type { ViteHotContext } from 'vite/types/hot.js';
import { PAGE_UPDATE_EVENT } from '../../engine/dev-events.ts';

/**
 * The page's stylesheets and scripts (inline module scripts too: they load its client entry), in
 * order: the new page can be swapped in only if it needs exactly these.
 */
const assetsOf = (doc: Document) =>
  [
    ...doc.querySelectorAll(
      'link[rel="stylesheet"], link[rel="modulepreload"], script[src], script[type="module"]:not([src]), style:not([data-vite-dev-id])',
    ),
  ]
    .map(
      (element) =>
        element.getAttribute('href') ?? element.getAttribute('src') ?? element.textContent,
    )
    .join('\n');

/**
 * `npm run dev` only (`import.meta.hot`, absent from production bundles): after an edit of the
 * YAML, the page fetches itself again and swaps in the new title and body, keeping the scroll
 * position, instead of reloading (no blank flash, none of the development stylesheets fetched
 * again), then runs its enhancers on the new body. It reloads instead when the new page needs other
 * stylesheets or scripts (a block of another type added) or cannot be fetched.
 */
function listenForPageUpdates(hot: ViteHotContext, enhance: () => void): void {
  hot.on(PAGE_UPDATE_EVENT, async () => {
    try {
      const response = await fetch(window.location.href, { cache: 'no-store' });
      const next = new DOMParser().parseFromString(await response.text(), 'text/html');
      if (!response.ok || assetsOf(next) !== assetsOf(document)) return window.location.reload();
      document.title = next.title;
      document.body.replaceWith(document.adoptNode(next.body));
      enhance();
    } catch {
      window.location.reload();
    }
  });
}

/**
 * Runs a page's enhancers, and in `npm run dev` again on each version of the page an edit brings
 * in.
 */
export function enhanceAndFollowEdits(enhance: () => void): void {
  enhance();
  if (import.meta.hot) listenForPageUpdates(import.meta.hot, enhance);
}
