import { listItems, SCHEMA_ORG } from '../json-ld.ts';
import type { BlockDefinition } from '../types.ts';
import { PricingTiers } from './PricingTiers.tsx';

/** Static: plain HTML and CSS, no client JavaScript. */
export const definition: BlockDefinition<'pricingTiers'> = {
  Component: PricingTiers,
  /** The plans as an ItemList: no Product or Offer, since the site shows no prices. */
  jsonLd: (blocks, page) =>
    blocks.map((block) => ({
      '@context': SCHEMA_ORG,
      '@type': 'ItemList',
      name: block.heading,
      ...(block.intro ? { description: block.intro } : {}),
      numberOfItems: block.tiers.length,
      itemListElement: listItems(block.tiers, (tier) => ({
        name: tier.name,
        description: [tier.description, ...tier.features].join(' · '),
        url: page.absolute(tier.cta.href),
      })),
    })),
};
