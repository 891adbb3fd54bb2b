import { SCHEMA_ORG } from '../json-ld.ts';
import type { BlockDefinition } from '../types.ts';
import { Faq } from './Faq.tsx';

/** Not interactive: the native exclusive accordion needs no JavaScript. */
export const definition: BlockDefinition<'faq'> = {
  Component: Faq,
  /** Every faq block of the page merged into a single FAQPage (a page has at most one). */
  jsonLd: (blocks) => [
    {
      '@context': SCHEMA_ORG,
      '@type': 'FAQPage',
      mainEntity: blocks
        .flatMap((block) => block.items)
        .map((item) => ({
          '@type': 'Question',
          name: item.question,
          acceptedAnswer: { '@type': 'Answer', text: item.answer },
        })),
    },
  ],
};
