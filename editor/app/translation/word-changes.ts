import { diffWordsWithSpace } from 'diff';

/** A run of text, and whether it was taken out of or put into the source text. */
export interface TextRun {
  text: string;
  change?: 'removed' | 'added';
}

/**
 * What changed between the source text a field was translated from and the source text now, word
 * by word: `before` is the old text with the words taken out marked, `now` the new text with the
 * words put in marked. Joining the runs of either side gives back its text exactly.
 */
export function wordChanges(before: string, now: string): { before: TextRun[]; now: TextRun[] } {
  const runs = { before: [] as TextRun[], now: [] as TextRun[] };
  for (const part of diffWordsWithSpace(before, now)) {
    if (part.removed) runs.before.push({ text: part.value, change: 'removed' });
    else if (part.added) runs.now.push({ text: part.value, change: 'added' });
    else {
      runs.before.push({ text: part.value });
      runs.now.push({ text: part.value });
    }
  }
  return { before: joinChanges(runs.before), now: joinChanges(runs.now) };
}

/** "two" " " "clicks" both removed reads as one change: the space between joins them. */
function joinChanges(runs: TextRun[]): TextRun[] {
  const joined: TextRun[] = [];
  for (const [i, run] of runs.entries()) {
    const last = joined.at(-1);
    const between = !run.change && /^\s+$/.test(run.text) && runs[i + 1]?.change === last?.change;
    if (last?.change && (run.change === last.change || between)) last.text += run.text;
    else joined.push({ ...run });
  }
  return joined;
}
