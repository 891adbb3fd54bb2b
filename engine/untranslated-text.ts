/**
 * Whether a translation's text is still its source's: the same text, with no source text recorded
 * for it under `translatedFrom`. A text with no letter of any script (a date written 2024-01-31,
 * which each language shows in its own way; a figure such as +35% or 24/7) reads the same in every
 * language: kept as the source wrote it, it is translated. The validator's warning
 * (check-translation.ts) and the marks of texts shown in the source's language
 * (untranslated-texts.ts) both ask this.
 */
export const isUntranslatedText = (text: unknown, sourceText: unknown, recorded: unknown) =>
  typeof recorded !== 'string' &&
  text === sourceText &&
  !(typeof text === 'string' && !/\p{L}/u.test(text));
