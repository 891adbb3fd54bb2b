import { loadBlockExample } from '../../engine/block-docs.ts';
import { loadSite } from '../../engine/load-site.ts';
import type { BlockType } from '../../blocks/schemas.ts';

/**
 * Which pages of the built site a browser sweep opens: one per layout. A page's layout is its
 * blocks in order, each with its tone and the fields it sets; pages with the same layout differ
 * only in their words (the 36 solution pages share a handful of layouts): the same colours,
 * landmarks, headings, controls and scripts. What does depend on the words (link text, heading
 * text, alt text, ids) is on every route in tests/budgets/html.test.ts, and the words themselves
 * are checked by the validator.
 */
export const site = loadSite({ root: process.cwd() });
type AnyBlock = NonNullable<ReturnType<typeof loadBlockExample>['block']>;
export const blockLayout = (block: AnyBlock) =>
  `${block.type}(${'tone' in block ? (block.tone ?? '') : ''})[${Object.keys(block).sort().join(',')}]`;
export const pageBlocks = (route: string) => site.routes.get(route)?.page.blocks ?? [];

/**
 * The fewest of `candidates` that together show every variant `variantsOf` gives (a block's
 * layout by default), chosen greedily in the candidates' order, plus the candidates that are not
 * pages of the site (the 404 page of an unknown path).
 */
export function coveringPages(
  candidates: string[],
  variantsOf = (route: string) => pageBlocks(route).map(blockLayout),
): string[] {
  const variants = new Map(candidates.map((route) => [route, new Set(variantsOf(route))]));
  const covered = new Set<string>();
  const chosen = candidates.filter((route) => !site.routes.has(route));
  for (;;) {
    const fresh = (route: string) =>
      [...variants.get(route)!].filter((variant) => !covered.has(variant)).length;
    const best = candidates
      .filter((route) => !chosen.includes(route))
      .reduce<string | undefined>(
        (found, route) => (fresh(route) > (found ? fresh(found) : 0) ? route : found),
        undefined,
      );
    if (!best) return chosen;
    chosen.push(best);
    for (const variant of variants.get(best)!) covered.add(variant);
  }
}

/**
 * The pages of the block catalogue (/_blocks, authors' documentation, noindex) among `routes` that
 * a sweep of `swept` (site pages) leaves to see: its index, one block page for the page around the
 * example, and every block page whose example (type, tone, fields) no swept page has.
 */
export function catalogueNotCovered(routes: string[], swept: string[]): string[] {
  const sweptBlocks = new Set(swept.flatMap((route) => pageBlocks(route).map(blockLayout)));
  const blockPages = routes.filter((route) => route.startsWith('/_blocks/'));
  return [
    '/_blocks',
    ...blockPages.filter((route, index) => {
      const type = route.slice('/_blocks/'.length) as BlockType;
      const example = loadBlockExample(process.cwd(), type).block;
      return index === 0 || !example || !sweptBlocks.has(blockLayout(example));
    }),
  ];
}
