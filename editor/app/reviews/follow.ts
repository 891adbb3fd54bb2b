import { useEffect } from 'react';

/** How often an open Reviews screen asks again while its tab is in view. */
const FOLLOW_MS = 15_000;
/** Focus and visibility arrive together when a tab comes back: they ask once. */
const SETTLE_MS = 1_000;

/**
 * Runs `reload` while a screen is open, so that it follows what others do meanwhile: when the tab
 * comes back into view or the window regains focus, and every `everyMs` while the tab is in view
 * (a hidden tab asks nothing). One reload at a time: one asked while another runs is left out.
 * The screen's first load is its own.
 */
export function useFollow(reload: () => Promise<unknown>, everyMs = FOLLOW_MS) {
  useEffect(() => {
    let running = false;
    let last = Date.now();
    const run = () => {
      if (running || document.visibilityState !== 'visible') return;
      if (Date.now() - last < SETTLE_MS) return;
      running = true;
      last = Date.now();
      void reload().finally(() => {
        running = false;
      });
    };
    const timer = setInterval(run, everyMs);
    document.addEventListener('visibilitychange', run);
    window.addEventListener('focus', run);
    return () => {
      clearInterval(timer);
      document.removeEventListener('visibilitychange', run);
      window.removeEventListener('focus', run);
    };
  }, [reload, everyMs]);
}
