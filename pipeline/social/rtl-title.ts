/**
 * A right-to-left title (an Arabic page's) in the order it is read, for satori, which lays out a
 * run of one script in its direction but puts runs of mixed direction side by side in the order
 * they are written: "الأسعار: خطط Starter" came out with the Arabic words to the right of the Latin
 * one, in reverse order. So the title is cut here into words, each with its runs in the order they
 * are seen from left to right, and the card places the words from right to left (a flex row in
 * reverse that wraps), as a browser does with the same text in a right-to-left paragraph.
 *
 * The direction of each character follows the Unicode bidirectional algorithm, for the case of a
 * title: one paragraph, right to left, no explicit embeddings. Letters of right-to-left scripts
 * are strong right to left, other letters strong left to right; a mark takes its base's direction;
 * digits read left to right and count as right to left for the punctuation and spaces around them,
 * unless a left-to-right letter came before them (rules W1, W7); a run of punctuation and spaces
 * takes the direction of the letters on both sides when they agree, else the title's (N1, N2).
 * Text that reads left to right (level 2) stays together across its spaces ("Hotel Management
 * Software" is one word here: its words must not be reversed, and a phrase too long for a line
 * wraps inside its own box); the title's own spaces (level 1) are where lines may break.
 */

/** A piece of a word that reads in one direction: its text, and whether it reads left to right. */
export interface TitleRun {
  text: string;
  ltr: boolean;
}

type Kind = 'R' | 'L' | 'D' | 'N';

const RIGHT_TO_LEFT =
  /[\p{Script=Arabic}\p{Script=Hebrew}\p{Script=Syriac}\p{Script=Thaana}\p{Script=Nko}\p{Script=Adlam}]/u;

function kindOf(char: string): Kind | 'M' {
  if (/\p{M}/u.test(char)) return 'M';
  if (/\p{Nd}/u.test(char)) return 'D';
  if (/\p{L}/u.test(char)) return RIGHT_TO_LEFT.test(char) ? 'R' : 'L';
  return 'N';
}

/** Each character's level: 1 reads right to left, 2 left to right. */
function levels(chars: string[]): number[] {
  const kinds: Kind[] = [];
  for (const char of chars) {
    const kind = kindOf(char);
    // W1: a mark takes the kind of what it marks (right to left at the start).
    kinds.push(kind === 'M' ? (kinds.at(-1) ?? 'R') : kind);
  }
  // W7: digits after a left-to-right letter are left to right.
  let strong: Kind = 'R';
  for (let i = 0; i < kinds.length; i++) {
    if (kinds[i] === 'R' || kinds[i] === 'L') strong = kinds[i]!;
    else if (kinds[i] === 'D' && strong === 'L') kinds[i] = 'L';
  }
  // N1, N2: punctuation and spaces between two left-to-right sides read left to right; any other
  // (digits count as right to left here, and so do the title's ends) right to left.
  const side = (kind: Kind | undefined) => (kind === 'L' ? 'L' : 'R');
  for (let start = 0; start < kinds.length;) {
    if (kinds[start] !== 'N') {
      start++;
      continue;
    }
    let end = start;
    while (kinds[end] === 'N') end++;
    const resolved = side(kinds[start - 1]) === 'L' && side(kinds[end]) === 'L' ? 'L' : 'R';
    kinds.fill(resolved, start, end);
    start = end;
  }
  return kinds.map((kind) => (kind === 'R' ? 1 : 2));
}

/**
 * The words of a right-to-left title in the order they are read (the first is the rightmost),
 * each as its runs from left to right.
 */
export function rtlTitleWords(title: string): TitleRun[][] {
  const chars = [...title.replace(/\s+/g, ' ').trim()];
  const level = levels(chars);
  const words: TitleRun[][] = [];
  // Right to left, letters and punctuation make runs of their own (satori is not trusted with both
  // in one); left to right, a run is all of it.
  let runs: Array<TitleRun & { kind: 'L' | 'R' | 'N' }> = [];
  const endWord = () => {
    // L2: the runs of a word are seen in the reverse of the order they are written (each reads in
    // its own direction, which satori gives it).
    if (runs.length) words.push(runs.reverse().map(({ text, ltr }) => ({ text, ltr })));
    runs = [];
  };
  chars.forEach((char, index) => {
    if (char === ' ' && level[index] === 1) return endWord();
    const ltr = level[index] === 2;
    const kind = ltr ? 'L' : kindOf(char) === 'N' ? 'N' : 'R';
    const last = runs.at(-1);
    if (last && last.kind === kind) last.text += char;
    else runs.push({ text: char, ltr, kind });
  });
  endWord();
  return words;
}
