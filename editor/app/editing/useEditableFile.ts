import { useCallback, useEffect, useMemo, useRef, useState } from 'react';
import type { EditorDiagnostic, EditorEvent } from '../../shared/api.ts';
import { ApiFailure, Conflict, type Api } from '../api.ts';
import type { EditOp } from '../schema-form/context.tsx';
import { FormStore } from '../schema-form/store.ts';
import { yamlData } from '../../document/read-yaml.ts';
import { applyEdit } from './apply.ts';
import { labelsFollowText } from '../../document/labels-follow.ts';
import {
  canRedo,
  canUndo,
  currentText,
  record,
  redo as redoHistory,
  startHistory,
  undo as undoHistory,
  type History,
} from './history.ts';
import { clearDraft, readDraft, storeDraft, type StoredDraft } from './recovery.ts';
import { valueAt } from '../../document/data-ops.ts';
import { useLeaveWarning } from './useLeaveWarning.ts';
import { describeFileChange } from '../../changes/describe.ts';
import { mergeYaml, resolveConflicts } from '../../changes/merge.ts';
import type { Conflict as MergeConflict, MergeInput } from '../../changes/types.ts';

/** The changes between two texts of `file`, in the form's words. */
const changesOnDisk = (file: string, before: string, after: string) =>
  describeFileChange({ file, before, after }).changes.map((change) => change.text);

/** What a change on disk brought into the editor's text when it combined field by field. */
export interface DiskMerge {
  /** The changes made on disk, in the form's words (`Hero › Title: 'A' → 'B'`). */
  changes: string[];
}

type Cause = 'save' | 'disk-change' | 'restore';

export interface ConflictState {
  /** What is on disk now ('' when the file was deleted). */
  diskText: string;
  /** Its version; null when the file no longer exists. */
  version: string | null;
  /** How the editor found out. */
  cause: Cause;
  /**
   * The field-by-field merge of the disk's changes into the editor's text (as Get latest merges a
   * colleague's): the fields both changed differently, for the author to choose.
   */
  merge?: { input: MergeInput; conflicts: MergeConflict[] };
}

type SaveState = 'saved' | 'unsaved' | 'saving' | 'failed';

/**
 * Unsaved text reaches localStorage this long after the last change (a crash loses at most about
 * this much).
 */
const RECOVERY_DELAY_MS = 300;

/**
 * One file open in the editor: its text with undo/redo, the validator's diagnostics as the user
 * types, crash recovery in localStorage, saving with the disk version it was based on, and the
 * conflicts when the disk moved.
 */
export function useEditableFile(api: Api, path: string, onChecked?: (revision: number) => void) {
  // eslint-disable-next-line react-hooks/exhaustive-deps -- a new store for each file opened
  const store = useMemo(() => new FormStore(), [path]);
  const [history, setHistory] = useState<History | null>(null);
  const [loadError, setLoadError] = useState<string | null>(null);
  const [savedText, setSavedText] = useState<string | null>(null);
  const [baseVersion, setBaseVersion] = useState<string | null>(null);
  /** The translations the last save wrote too (a page of the default language: they follow it). */
  const [translationsSaved, setTranslationsSaved] = useState<readonly string[]>([]);
  const [saving, setSaving] = useState(false);
  const [saveFailed, setSaveFailed] = useState<string | null>(null);
  const [conflict, setConflict] = useState<ConflictState | null>(null);
  const [diskMerge, setDiskMerge] = useState<DiskMerge | null>(null);
  const [recovery, setRecovery] = useState<StoredDraft | null>(null);
  const [editError, setEditError] = useState<string | null>(null);

  const text = history ? currentText(history) : null;
  const refs = useRef({
    text,
    savedText,
    baseVersion,
    history,
    saving: null as string | null,
    group: null as { group: string; base: string; before: unknown } | null,
    checking: false,
    pendingCheck: null as string | null,
    recovery: null as StoredDraft | null,
  });
  refs.current.savedText = savedText;
  refs.current.recovery = recovery;
  refs.current.baseVersion = baseVersion;
  const onCheckedRef = useRef(onChecked);
  onCheckedRef.current = onChecked;

  /**
   * Sends the text to the validator at once (the request leaves before React re-renders the form);
   * while one check is under way only the newest text waits. The server keeps each checked text as
   * the preview's draft.
   */
  const requestCheck = useCallback(
    function requestCheck(next: string) {
      if (refs.current.checking) {
        refs.current.pendingCheck = next;
        return;
      }
      refs.current.checking = true;
      api.check(path, next).then(
        (result) => {
          refs.current.checking = false;
          const pending = refs.current.pendingCheck;
          refs.current.pendingCheck = null;
          onCheckedRef.current?.(result.draftRevision);
          if (pending !== null && pending !== next) requestCheck(pending);
          else store.setDiagnostics(result.diagnostics);
        },
        () => {
          refs.current.checking = false;
          const pending = refs.current.pendingCheck;
          refs.current.pendingCheck = null;
          if (pending !== null) requestCheck(pending);
        },
      );
    },
    [api, path, store],
  );

  /** The one place the text changes: history, the form's data and the check move together. */
  const commit = useCallback(
    (updated: History) => {
      const next = currentText(updated);
      const changed = next !== refs.current.text;
      refs.current.history = updated;
      refs.current.text = next;
      store.setText(next);
      setHistory(updated);
      if (changed) requestCheck(next);
    },
    [store, requestCheck],
  );

  // Load the file; offer back unsaved text from a crash or a closed tab.
  useEffect(() => {
    let cancelled = false;
    setHistory(null);
    setLoadError(null);
    setConflict(null);
    refs.current.text = null;
    api.file(path).then(
      (file) => {
        if (cancelled) return;
        setSavedText(file.text);
        setBaseVersion(file.version);
        refs.current.savedText = file.text;
        refs.current.baseVersion = file.version;
        commit(startHistory(file.text));
        const stored = readDraft(path);
        if (stored && stored.text !== file.text) setRecovery(stored);
        else {
          clearDraft(path);
          setRecovery(null);
        }
      },
      (error: unknown) =>
        !cancelled && setLoadError(error instanceof Error ? error.message : String(error)),
    );
    return () => {
      cancelled = true;
    };
  }, [api, path, commit]);

  // Keep unsaved text in localStorage (a few hundred ms after the last change; never while the
  // recovery question is open).
  useEffect(() => {
    if (text === null || savedText === null || recovery || baseVersion === null) return;
    const timer = setTimeout(() => {
      if (text === savedText) clearDraft(path);
      else storeDraft(path, { text, baseVersion, baseText: savedText, savedAt: Date.now() });
    }, RECOVERY_DELAY_MS);
    return () => clearTimeout(timer);
  }, [text, savedText, baseVersion, recovery, path]);

  // Leaving the page's screen or the tab within the delay above keeps the text too (Changes lists
  // it); a text back to the saved one (an Undo just before) leaves nothing to offer back.
  useEffect(() => {
    const keepNow = () => {
      const { text: last, savedText: saved, baseVersion: base, recovery: asked } = refs.current;
      // While the question is open, the text kept is the one it offers back.
      if (last === null || saved === null || base === null || asked) return;
      if (last === saved) clearDraft(path);
      else
        storeDraft(path, { text: last, baseVersion: base, baseText: saved, savedAt: Date.now() });
    };
    addEventListener('pagehide', keepNow);
    return () => {
      removeEventListener('pagehide', keepNow);
      keepNow();
    };
  }, [path]);

  const edit = useCallback(
    (op: EditOp) => {
      const { history: current, text: now } = refs.current;
      if (!current || now === null) return;
      // Typing in one field: each keystroke is applied to the text before the first one, so the
      // value's quoting is decided from the original style, not from an intermediate value (a
      // trailing space needs quotes for a moment).
      const group = op.op === 'set' ? op.group : undefined;
      const sameGroup = group !== undefined && refs.current.group?.group === group;
      const base = sameGroup ? refs.current.group!.base : now;
      const before = sameGroup
        ? refs.current.group!.before
        : op.op === 'set'
          ? valueAt(store.getData(), op.path)
          : undefined;
      let next: string;
      try {
        next = applyEdit(base, op, before);
        // A site text moved or removed takes each language's label along (one undo step).
        if (path === 'site.config.yaml' && op.op !== 'set') next = labelsFollowText(base, next);
      } catch (error) {
        setEditError(error instanceof Error ? error.message : String(error));
        return;
      }
      setEditError(null);
      refs.current.group = group === undefined ? null : { group, base, before };
      commit(record(current, next, group));
    },
    [commit, store, path],
  );

  const replaceText = useCallback(
    (next: string) => {
      const current = refs.current.history;
      if (!current) return;
      refs.current.group = null;
      commit(record(current, next));
    },
    [commit],
  );

  /** Several form edits as one change (one undo step), e.g. marking every stale field reviewed. */
  const editAll = useCallback(
    (ops: readonly EditOp[]) => {
      const { history: current, text: now } = refs.current;
      if (!current || now === null || !ops.length) return;
      let next = now;
      try {
        for (const op of ops) next = applyEdit(next, op, valueAt(yamlData(next), op.path));
      } catch (error) {
        setEditError(error instanceof Error ? error.message : String(error));
        return;
      }
      setEditError(null);
      refs.current.group = null;
      commit(record(current, next));
    },
    [commit],
  );

  /**
   * Typing in the YAML text itself (a file the form cannot show): one undo step per burst of
   * typing.
   */
  const editText = useCallback(
    (next: string) => {
      const current = refs.current.history;
      if (!current) return;
      refs.current.group = null;
      commit(record(current, next, 'yaml-text'));
    },
    [commit],
  );

  const undo = useCallback(() => {
    refs.current.group = null;
    if (refs.current.history) commit(undoHistory(refs.current.history));
  }, [commit]);
  const redo = useCallback(() => {
    refs.current.group = null;
    if (refs.current.history) commit(redoHistory(refs.current.history));
  }, [commit]);

  const markSaved = useCallback(
    (saved: string, version: string, newDiagnostics?: EditorDiagnostic[]) => {
      setSavedText(saved);
      setBaseVersion(version);
      refs.current.savedText = saved;
      refs.current.baseVersion = version;
      if (newDiagnostics && refs.current.text === saved) store.setDiagnostics(newDiagnostics);
      if (refs.current.text === saved) clearDraft(path);
    },
    [path, store],
  );

  /**
   * The disk's text combined with `ours` field by field, as Get latest combines a colleague's:
   * taken at once when no field was changed on both sides (a notice says what came in), else the
   * dialog asks about each such field by its label.
   */
  const combineWithDisk = useCallback(
    (base: string, ours: string, disk: { text: string; version: string }, cause: Cause) => {
      const input: MergeInput = { file: path, base, ours, theirs: disk.text };
      const merged = mergeYaml(input);
      if (merged.conflicts.length === 0) {
        markSaved(disk.text, disk.version);
        replaceText(merged.text);
        setDiskMerge({ changes: changesOnDisk(path, base, disk.text) });
        return;
      }
      setConflict({
        diskText: disk.text,
        version: disk.version,
        cause,
        merge: { input, conflicts: merged.conflicts },
      });
    },
    [path, markSaved, replaceText],
  );

  /** Saves the current text over `overVersion` (default: the version it was loaded from). */
  const save = useCallback(
    async (overVersion?: string | null): Promise<boolean> => {
      const { text: now, baseVersion: base } = refs.current;
      if (now === null) return false;
      setSaving(true);
      setSaveFailed(null);
      refs.current.saving = now;
      try {
        const result = await api.save(path, now, overVersion === undefined ? base : overVersion);
        markSaved(now, result.version, result.diagnostics);
        setConflict(null);
        if (result.translations?.length) setTranslationsSaved(result.translations);
        return true;
      } catch (error) {
        if (error instanceof Conflict && error.body.version)
          combineWithDisk(
            refs.current.savedText ?? '',
            now,
            { text: error.body.diskText, version: error.body.version },
            'save',
          );
        else if (error instanceof Conflict)
          setConflict({ diskText: '', version: null, cause: 'save' });
        else
          setSaveFailed(
            error instanceof ApiFailure
              ? `${error.message}${error.hint ? ` ${error.hint}` : ''}`
              : String(error),
          );
        return false;
      } finally {
        refs.current.saving = null;
        setSaving(false);
      }
    },
    [api, path, markSaved, combineWithDisk],
  );

  // The file changed on disk (another editor, git pull): take it when nothing is unsaved, else ask.
  useEffect(() => {
    if (typeof EventSource === 'undefined') return;
    const events = api.events();
    events.onmessage = (message: MessageEvent<string>) => {
      let event: EditorEvent;
      try {
        event = JSON.parse(message.data) as EditorEvent;
      } catch {
        return;
      }
      if (event.type !== 'file-changed' || event.path !== path) return;
      if (event.version !== null && event.version === refs.current.baseVersion) return;
      void onDiskChange(event.version === null);
    };
    async function onDiskChange(deleted: boolean) {
      const { text: now, savedText: saved } = refs.current;
      if (now === null || saved === null) return;
      let disk: { text: string; version: string } | null = null;
      if (!deleted) {
        try {
          disk = await api.file(path);
        } catch {
          disk = null;
        }
      }
      if (disk && (disk.text === saved || disk.text === refs.current.saving)) return;
      if (disk && disk.text === now) return markSaved(disk.text, disk.version);
      if (disk && now === saved) {
        replaceText(disk.text);
        markSaved(disk.text, disk.version);
        return;
      }
      // Both changed: combined field by field, like Get latest.
      if (disk) return combineWithDisk(saved, now, disk, 'disk-change');
      // Deleted on disk.
      setConflict({ diskText: '', version: null, cause: 'disk-change' });
    }
    return () => events.close();
  }, [api, path, markSaved, replaceText, combineWithDisk]);

  const restoreRecovered = useCallback(() => {
    const stored = recovery;
    if (!stored) return;
    setRecovery(null);
    replaceText(stored.text);
    const { savedText: disk, baseVersion: version } = refs.current;
    // The disk changed since the lost session: combined field by field with what it was based on
    // (a draft kept before its base text was stored is combined over the disk's text: it wins).
    if (stored.baseVersion !== version && disk !== null && version !== null)
      combineWithDisk(stored.baseText ?? disk, stored.text, { text: disk, version }, 'restore');
  }, [recovery, replaceText, combineWithDisk]);

  const discardRecovered = useCallback(() => {
    clearDraft(path);
    setRecovery(null);
  }, [path]);

  /** Conflict: keep my text (written over the disk's). */
  const keepMine = useCallback(
    () => save(conflict ? conflict.version : undefined),
    [conflict, save],
  );

  /**
   * Conflict after a merge: the disk's changes combined with mine, each field both changed as
   * chosen ('ours' or 'theirs' by conflict id); the result is unsaved text over the disk's version.
   */
  const combine = useCallback(
    (picks: Record<string, 'ours' | 'theirs'>) => {
      if (!conflict?.merge || conflict.version === null) return;
      const choices = Object.fromEntries(
        Object.entries(picks).map(([id, pick]) => [id, { pick }] as const),
      );
      const text = resolveConflicts(conflict.merge.input, choices);
      markSaved(conflict.diskText, conflict.version);
      replaceText(text);
      setDiskMerge({
        changes: changesOnDisk(path, conflict.merge.input.base, conflict.diskText),
      });
      setConflict(null);
    },
    [conflict, markSaved, replaceText, path],
  );

  useLeaveWarning(text !== null && savedText !== null && text !== savedText);

  const state: SaveState = saving
    ? 'saving'
    : saveFailed
      ? 'failed'
      : text !== null && text === savedText
        ? 'saved'
        : 'unsaved';
  return {
    store,
    translationsSaved,
    loading: history === null && !loadError,
    loadError,
    text,
    state,
    saveFailed,
    editError,
    dismissEditError: useCallback(() => setEditError(null), []),
    canUndo: history ? canUndo(history) : false,
    canRedo: history ? canRedo(history) : false,
    edit,
    editAll,
    editText,
    undo,
    redo,
    save: useCallback(() => save(), [save]),
    conflict,
    closeConflict: useCallback(() => setConflict(null), []),
    keepMine,
    combine,
    diskMerge,
    dismissDiskMerge: useCallback(() => setDiskMerge(null), []),
    recovery,
    restoreRecovered,
    discardRecovered,
  };
}

export type EditableFile = ReturnType<typeof useEditableFile>;
