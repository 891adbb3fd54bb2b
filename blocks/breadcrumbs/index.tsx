import { listItems, SCHEMA_ORG } from '../json-ld.ts';
import type { BlockDefinition } from '../types.ts';
import { Breadcrumbs } from './Breadcrumbs.tsx';

export const definition: BlockDefinition<'breadcrumbs'> = {
  Component: Breadcrumbs,
  /**
   * One BreadcrumbList per block; the last item (the current page, no link) points at the page
   * itself.
   */
  jsonLd: (blocks, page) =>
    blocks.map((block) => ({
      '@context': SCHEMA_ORG,
      '@type': 'BreadcrumbList',
      itemListElement: listItems(block.items, (item) => ({
        name: item.label,
        item: item.href ? page.absolute(item.href) : page.url,
      })),
    })),
};
