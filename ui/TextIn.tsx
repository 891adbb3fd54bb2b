import type { ReactNode } from 'react';
import type { LangAttributes } from './source-language.ts';

/**
 * A text that shares its element with others (a link's label beside hidden words, a figure beside
 * its label): as it is, or in a `<span lang dir>` when it is left in the source's language.
 */
export function TextIn({ lang, children }: { lang?: LangAttributes; children: ReactNode }) {
  return lang?.lang ? <span {...lang}>{children}</span> : children;
}
