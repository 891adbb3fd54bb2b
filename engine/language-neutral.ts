/**
 * Whether a text reads the same in every language: it has no letter of any script (a date written
 * as 2024-01-31, which each language shows in its own way, a figure such as +35% or 24/7). A
 * translation that keeps such a text as its source wrote it has translated it.
 */
export const isLanguageNeutral = (text: string): boolean => !/\p{L}/u.test(text);
