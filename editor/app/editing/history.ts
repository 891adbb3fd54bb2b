/**
 * Undo / redo over whole texts of one file. Typing in one field is coalesced: an edit with the same
 * `group` as the previous one, less than `coalesceMs` later, replaces the top entry instead of
 * adding one, so Ctrl+Z undoes a word burst rather than a letter.
 */
export interface History {
  entries: string[];
  index: number;
  lastGroup?: string;
  lastAt: number;
}

const COALESCE_MS = 1000;

export const startHistory = (text: string): History => ({ entries: [text], index: 0, lastAt: 0 });

export const currentText = (history: History) => history.entries[history.index]!;

export function record(
  history: History,
  text: string,
  group?: string,
  now = Date.now(),
  coalesceMs = COALESCE_MS,
): History {
  if (text === currentText(history)) return history;
  const kept = history.entries.slice(0, history.index + 1);
  const coalesce =
    group !== undefined &&
    group === history.lastGroup &&
    now - history.lastAt < coalesceMs &&
    history.index > 0;
  if (coalesce) kept[kept.length - 1] = text;
  else kept.push(text);
  return { entries: kept, index: kept.length - 1, lastGroup: group, lastAt: now };
}

export const canUndo = (history: History) => history.index > 0;
export const canRedo = (history: History) => history.index < history.entries.length - 1;

export const undo = (history: History): History =>
  canUndo(history) ? { ...history, index: history.index - 1, lastGroup: undefined } : history;
export const redo = (history: History): History =>
  canRedo(history) ? { ...history, index: history.index + 1, lastGroup: undefined } : history;
