import { enhanceBackToTop } from '../layout/back-to-top-enhance.ts';
import { enhanceHeader } from '../layout/header-enhance.ts';
import { runEnhancers, type Enhancer } from './run-enhancers.ts';

/**
 * What every page of the site loads (one shared, cached chunk of about 1.5 KB gzip): the header's
 * exact menu timings (200 / 300 / 150 ms), click and keyboard control, the mobile menu's closing
 * and the scrolled state, and Back to Top as a button that moves focus to the top without touching
 * the URL. Without it the same HTML works with CSS and links.
 */
export const siteEnhancers: readonly Enhancer[] = [
  ['header', enhanceHeader],
  ['Back to Top', enhanceBackToTop],
];

/** The client side of pages without an interactive block: only what every page has. */
export function enhanceSitePage(doc: Document = document): void {
  runEnhancers(doc, siteEnhancers);
}
