import { englishWords, type Words } from '../schema/locales.ts';
import type { RenderContext } from './types.ts';

/**
 * The words of the page's language a block shows besides its own text (English when the context has
 * none).
 */
export const wordsOf = (context: RenderContext | undefined): Words =>
  context?.words ?? englishWords;
