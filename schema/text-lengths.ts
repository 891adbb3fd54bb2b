/**
 * How long each kind of text reads well in the site's design: the form counts the characters of a
 * text field against it and warns past it, and the validator gives the same warning (a longer text
 * is still accepted: it is guidance, not a rule). The limits come from the layout at 390 px and
 * 1280 px: a hero headline of 70 characters takes three lines on a wide screen and five on a phone;
 * a button label of 30 stays on one line of a phone; a badge or chip of 40 or 24 fits its pill;
 * the longest texts of the site's own pages (a card's link of 46 characters in German, a legal
 * page's introduction of 299) stay within theirs.
 */
export interface LengthGuide {
  /** What the text is, in a marketer's words: "a headline", "a button". */
  kind: string;
  max: number;
}

const HEADLINE: LengthGuide = { kind: 'a headline', max: 70 };
const HEADING: LengthGuide = { kind: 'a section heading', max: 70 };
const BADGE: LengthGuide = { kind: 'a badge', max: 40 };
const BUTTON: LengthGuide = { kind: 'a button', max: 30 };
const LINK: LengthGuide = { kind: 'a link text or label', max: 50 };
const CHIP: LengthGuide = { kind: 'a chip', max: 24 };
const CARD_TITLE: LengthGuide = { kind: 'a title', max: 70 };
const SUBTITLE: LengthGuide = { kind: 'a subtitle or introduction', max: 320 };
const QUESTION: LengthGuide = { kind: 'a question', max: 120 };
const CARD_TEXT: LengthGuide = { kind: 'a short description', max: 280 };

/** By a field's key: the same kind of text wherever it is, inside a block. */
const BY_KEY: Readonly<Record<string, LengthGuide>> = {
  heading: HEADING,
  badge: BADGE,
  eyebrow: BADGE,
  label: LINK,
  linkLabel: LINK,
  subtitle: SUBTITLE,
  intro: SUBTITLE,
  question: QUESTION,
  result: CARD_TITLE,
  description: CARD_TEXT,
};

/**
 * The length guide of the text at `path` in a page (`['blocks', 0, 'title']`), or undefined when
 * its kind has none. The page's own title and description have their own checks (search results).
 */
export function lengthGuide(path: ReadonlyArray<string | number>): LengthGuide | undefined {
  if (path[0] !== 'blocks' || typeof path[1] !== 'number') return undefined;
  const inBlock = path.slice(2);
  const last = inBlock[inBlock.length - 1];
  const key = typeof last === 'number' ? inBlock[inBlock.length - 2] : last;
  if (typeof key !== 'string') return undefined;
  // A block's own title is its headline (the hero's is the page's h1); an item's is a card title.
  if (key === 'title') return inBlock.length === 1 ? HEADLINE : CARD_TITLE;
  if (key === 'chips' && typeof last === 'number') return CHIP;
  // A button's text: `actions: [{ label }]`, `action: { label }`.
  const holder = inBlock.filter((part) => typeof part === 'string').at(-2);
  if (key === 'label' && (holder === 'actions' || holder === 'action')) return BUTTON;
  return Object.hasOwn(BY_KEY, key) ? BY_KEY[key] : undefined;
}
