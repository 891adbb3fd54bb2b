import { enhanceSchedulers } from '../../blocks/scheduler/scheduler-enhance.ts';
import { scrollToHashWhenSettled } from './hash-scroll.ts';
import { runEnhancers, type Enhancer } from './run-enhancers.ts';
import { siteEnhancers } from './site.ts';

/**
 * The client side of pages with an interactive block: the site-wide enhancers (site.ts) plus the
 * blocks' own, as a few event listeners on the prerendered HTML instead of hydrating React (which
 * would cost ~110 KB gzip for the same behaviour). Every page reads and works without it. An
 * interactive block adds its enhancer here and says `isInteractive` in its definition.
 */
const pageEnhancers: readonly Enhancer[] = [
  ['scheduler', enhanceSchedulers],
  ['#hash scroll', () => scrollToHashWhenSettled()],
];

export function enhancePage(doc: Document = document): void {
  runEnhancers(doc, [...siteEnhancers, ...pageEnhancers]);
}
