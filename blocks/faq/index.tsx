import { SCHEMA_ORG } from '../json-ld.ts';
import type { BlockDefinition } from '../types.ts';
import { Faq } from './Faq.tsx';

/** Not interactive: the native exclusive accordion needs no JavaScript. */
export const definition: BlockDefinition<'faq'> = {
  Component: Faq,
  /**
   * Every faq block of the page merged into a single FAQPage (a page has at most one), in the
   * page's language when the site has several (FAQPage is a web page: it has a place for it).
   */
  jsonLd: (blocks, page) => [
    {
      '@context': SCHEMA_ORG,
      '@type': 'FAQPage',
      ...(page.inLanguage && { inLanguage: page.inLanguage }),
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
