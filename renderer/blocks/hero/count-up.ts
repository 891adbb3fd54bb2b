/** Spec §4/§9: the stats show 0, then change to their targets 500 ms later (here: counting up from that moment). */
export const STATS_DELAY_MS = 500;
export const STATS_COUNT_UP_MS = 1200;

/** easeOutExpo-like curve: fast start, gentle landing on the target. */
export const easeOut = (t: number) => (t >= 1 ? 1 : 1 - Math.pow(2, -10 * t));

/**
 * Counts from 0 to each target: 0 until `delay` ms have passed, then an eased count-up over `duration` ms, calling
 * `onFrame` with the rounded values. Driven by requestAnimationFrame and performance.now, so a test's fake clock
 * controls it. Returns a function that stops it.
 */
export function countUp(targets: number[], onFrame: (values: number[]) => void, delay = STATS_DELAY_MS, duration = STATS_COUNT_UP_MS): () => void {
  // The clock starts now, not at the first frame, so the 500 ms hold is measured from the moment the page is live.
  const start = performance.now();
  let frame = 0;
  onFrame(targets.map(() => 0));
  const tick = (now: number) => {
    const elapsed = now - start - delay;
    if (elapsed >= 0) {
      const progress = easeOut(Math.min(1, elapsed / duration));
      onFrame(targets.map((target) => Math.round(target * progress)));
      if (progress >= 1) return;
    }
    frame = requestAnimationFrame(tick);
  };
  frame = requestAnimationFrame(tick);
  return () => cancelAnimationFrame(frame);
}
