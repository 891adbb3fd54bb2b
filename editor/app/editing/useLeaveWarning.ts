import { useEffect } from 'react';

/**
 * While `unsaved`, closing or reloading the tab asks the browser's own "Leave the page?" first (the
 * text is also kept for the next visit, editing/recovery.ts, but a marketer expects the question).
 */
export function useLeaveWarning(unsaved: boolean) {
  useEffect(() => {
    if (!unsaved) return;
    const ask = (event: BeforeUnloadEvent) => {
      event.preventDefault();
      // Older browsers ask only when returnValue is set.
      event.returnValue = '';
    };
    window.addEventListener('beforeunload', ask);
    return () => window.removeEventListener('beforeunload', ask);
  }, [unsaved]);
}
