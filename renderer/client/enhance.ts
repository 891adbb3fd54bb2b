import { enhanceHeroStats } from '../blocks/hero/stats-enhance.ts';
import { enhanceSchedulers } from '../blocks/scheduler/scheduler-enhance.ts';
import { enhanceHeader } from '../layout/header-enhance.ts';
import { scrollToHashWhenSettled } from './hash-scroll.ts';

/**
 * The whole client side of the site, for pages with an interactive block: a few event listeners on the prerendered
 * HTML instead of hydrating React (which would cost ~110 KB gzip for the same behaviour). Every page reads and works
 * without it. An interactive block adds its enhancer here and says `isInteractive` in its definition.
 */
const enhancers: Array<[name: string, enhance: (doc: Document) => unknown]> = [
  ['header', enhanceHeader],
  ['hero stats', enhanceHeroStats],
  ['scheduler', enhanceSchedulers],
  ['#hash scroll', () => scrollToHashWhenSettled()],
];

export function enhancePage(doc: Document = document): void {
  for (const [name, enhance] of enhancers) {
    // One failing enhancer leaves its part as plain HTML; the others still run.
    try {
      enhance(doc);
    } catch (error) {
      console.error(`Could not enhance the ${name}:`, error);
    }
  }
}
