import { createElement, Fragment, type ReactNode } from 'react';
import { englishWords, type Words } from '../schema/locales.ts';
import type { RenderContext } from './types.ts';

/**
 * The words of the page's language a block shows besides its own text (English when the context has
 * none).
 */
export const wordsOf = (context: RenderContext | undefined): Words =>
  context?.words ?? englishWords;

const PLACEHOLDER = /\{(\w+)\}/g;

/** A word with placeholders (`{caption}, scrollable table`), each `{name}` replaced by its value. */
export const fillText = (word: string, values: Readonly<Record<string, string>>): string =>
  word.replace(PLACEHOLDER, (whole, name: string) => values[name] ?? whole);

/**
 * A word with placeholders (`Last updated: {date}`) as the pieces to render in order, each
 * `{name}` replaced by its element: the language decides where the value goes.
 */
export function fillWords(word: string, values: Readonly<Record<string, ReactNode>>): ReactNode[] {
  return word
    .split(/(\{\w+\})/)
    .filter((piece) => piece !== '')
    .map((piece, index) => {
      const name = /^\{(\w+)\}$/.exec(piece)?.[1];
      const value = name !== undefined && name in values ? values[name] : piece;
      return createElement(Fragment, { key: index }, value);
    });
}
