/**
 * The texts of a block a translation leaves in its source's language (renderer/BlockList.tsx gives
 * them to the block): the source's language and the paths of those texts within the block
 * (`heading`, `items.1`, `items.2.title`: a list item whose texts are all untranslated is given as
 * the item).
 */
export interface SourceTexts {
  code: string;
  dir: 'ltr' | 'rtl';
  paths: readonly string[];
}

/** `lang` and `dir` for an element whose text is in the source's language; none otherwise. */
export interface LangAttributes {
  lang?: string;
  dir?: 'ltr' | 'rtl';
}

type Path = Array<string | number>;

/**
 * The attributes for the text (or list item) at a path of the block: spread on its element. An
 * item that also shows words of the page's own language (a "Learn more" link, a hidden "Step") is
 * not marked as a whole: its texts are, each through `text`.
 */
export type LangOf = ((...path: Path) => LangAttributes) & {
  /** The text at `path`, marked also when the list item holding it is untranslated as a whole. */
  text: (...path: Path) => LangAttributes;
};

const none: LangAttributes = {};

/**
 * A block's `langOf`: for the element that holds a text (a heading, a paragraph, a list item, a
 * button's label), `lang` and `dir` of the source's language when that text is untranslated,
 * nothing otherwise. A block needs nothing else of the translation to mark its texts.
 */
export function langOf(texts: SourceTexts | undefined): LangOf {
  if (!texts?.paths.length) return Object.assign(() => none, { text: () => none });
  const paths = new Set(texts.paths);
  const marked = { lang: texts.code, dir: texts.dir };
  const at = (...path: Path) => (paths.has(path.join('.')) ? marked : none);
  const text = (...path: Path) => {
    for (let end = path.length; end > 0; end--)
      if (paths.has(path.slice(0, end).join('.'))) return marked;
    return none;
  };
  return Object.assign(at, { text });
}
