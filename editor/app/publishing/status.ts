import { useCallback, useEffect, useState } from 'react';
import type { PublishStatus } from '../../shared/publish-api.ts';
import type { Api } from '../api.ts';

const CHANGED = 'page-editor:publishing-changed';

/**
 * Tells every screen that shows the publishing state (the header's "a conflict waits", Changes)
 * that it moved: after a publish, Get latest, a discard or resolved conflicts.
 */
export const publishingChanged = () => window.dispatchEvent(new Event(CHANGED));

/** Runs `reload` whenever the publishing state moved (publishingChanged) or the tab is back in view. */
export function useOnPublishingChange(reload: () => void) {
  useEffect(() => {
    const onVisible = () => {
      if (document.visibilityState === 'visible') reload();
    };
    window.addEventListener(CHANGED, reload);
    document.addEventListener('visibilitychange', onVisible);
    return () => {
      window.removeEventListener(CHANGED, reload);
      document.removeEventListener('visibilitychange', onVisible);
    };
  }, [reload]);
}

/** Whether this project can publish, to where, and the author's name and e-mail once given. */
export function usePublishStatus(api: Api) {
  const [status, setStatus] = useState<PublishStatus | null>(null);
  const reload = useCallback(() => {
    api.publishing.status().then(setStatus, () => setStatus(null));
  }, [api]);
  useEffect(reload, [reload]);
  useOnPublishingChange(reload);
  return { status, setStatus, reload };
}
