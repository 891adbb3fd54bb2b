import { useEffect, useRef } from 'react';

export interface Shortcuts {
  undo: () => void;
  redo: () => void;
  save: () => void;
}

/**
 * Ctrl/⌘+Z undo, Ctrl/⌘+Shift+Z or Ctrl+Y redo, Ctrl/⌘+S save, everywhere on the screen (inputs
 * too: the browser's own undo in an input would bypass the document's history). Not while a dialog
 * is open.
 */
export function useShortcuts(shortcuts: Shortcuts, enabled = true) {
  const ref = useRef(shortcuts);
  ref.current = shortcuts;
  useEffect(() => {
    if (!enabled) return;
    const onKey = (event: KeyboardEvent) => {
      if (!(event.ctrlKey || event.metaKey) || event.altKey) return;
      if (document.querySelector('[role="dialog"][aria-modal="true"]')) return;
      const key = event.key.toLowerCase();
      if (key === 'z' && !event.shiftKey) ref.current.undo();
      else if ((key === 'z' && event.shiftKey) || key === 'y') ref.current.redo();
      else if (key === 's') ref.current.save();
      else return;
      event.preventDefault();
    };
    window.addEventListener('keydown', onKey, true);
    return () => window.removeEventListener('keydown', onKey, true);
  }, [enabled]);
}
