import { syncTranslationText } from '../../document/sync.ts';

/**
 * The findings of a translation whose structure no longer follows its source's (blocks or list
 * items moved, added or removed there, a link or picture changed): "Follow the original page" puts
 * it right, as `npm run validate -- --fix-translations` does.
 */
const FOLLOWED_CODES = new Set([
  'translation-block-extra',
  'translation-block-missing',
  'translation-block-moved',
  'translation-value-differs',
  'translation-value-missing',
  'translation-value-extra',
  'translation-text-missing',
]);

export const followsSource = (code: string) => FOLLOWED_CODES.has(code);

/**
 * The translation's text following its source's (editor/document/sync.ts): only the lines that
 * change are written anew.
 */
export const followedText = (text: string, sourceText: string) =>
  syncTranslationText(text, sourceText);
