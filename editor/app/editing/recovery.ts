/**
 * Unsaved text kept in localStorage, so that a crash or a closed tab loses at most the last second
 * of typing. The entry is written on every change (a few KB) and removed once the text is saved or
 * equals the file on disk.
 */
export interface StoredDraft {
  text: string;
  /**
   * The disk version the text was based on: a restore over a file changed since then ends in the
   * conflict dialog.
   */
  baseVersion: string;
  /** That version's text: what the draft and a later disk text are combined from. */
  baseText?: string;
  savedAt: number;
}

const key = (file: string) => `page-editor:unsaved:${file}`;

export function storeDraft(file: string, draft: StoredDraft, storage: Storage = localStorage) {
  try {
    storage.setItem(key(file), JSON.stringify(draft));
  } catch {
    // Storage full or disabled: the editor still works, only crash recovery is off.
  }
}

export function readDraft(file: string, storage: Storage = localStorage): StoredDraft | undefined {
  try {
    const raw = storage.getItem(key(file));
    if (!raw) return undefined;
    const parsed = JSON.parse(raw) as Partial<StoredDraft>;
    if (typeof parsed.text !== 'string' || typeof parsed.baseVersion !== 'string') return undefined;
    return {
      text: parsed.text,
      baseVersion: parsed.baseVersion,
      ...(typeof parsed.baseText === 'string' ? { baseText: parsed.baseText } : {}),
      savedAt: Number(parsed.savedAt) || 0,
    };
  } catch {
    return undefined;
  }
}

export function clearDraft(file: string, storage: Storage = localStorage) {
  try {
    storage.removeItem(key(file));
  } catch {
    // nothing to clear
  }
}

/** The files with unsaved text kept in this browser (open in a tab, or left behind by a closed one). */
export function unsavedFiles(storage: Storage = localStorage): string[] {
  const prefix = key('');
  try {
    return Object.keys(storage)
      .filter((name) => name.startsWith(prefix))
      .map((name) => name.slice(prefix.length))
      .sort();
  } catch {
    return [];
  }
}
