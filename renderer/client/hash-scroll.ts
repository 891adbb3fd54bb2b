/**
 * On hydrated pages: once the page has loaded and layout has settled, scroll smoothly to the element named by the
 * URL's #hash (instantly under prefers-reduced-motion). The browser's own jump can land off target while images and
 * fonts still move things around; this settles it. Does nothing if the visitor starts scrolling first.
 */
export function scrollToHashWhenSettled(win: Window = window): () => void {
  const id = decodeURIComponent(win.location.hash.slice(1));
  if (!id) return () => {};
  let cancelled = false;
  const cancel = () => {
    cancelled = true;
  };
  const userEvents = ['wheel', 'touchstart', 'keydown'] as const;
  for (const type of userEvents) win.addEventListener(type, cancel, { once: true, passive: true });

  const scroll = () => {
    if (cancelled) return;
    const target = win.document.getElementById(id);
    if (!target) return;
    const reduce = win.matchMedia('(prefers-reduced-motion: reduce)').matches;
    target.scrollIntoView({ behavior: reduce ? 'auto' : 'smooth', block: 'start' });
  };
  const afterLayout = () => {
    const fontsReady = win.document.fonts?.ready ?? Promise.resolve();
    void fontsReady.then(() => win.requestAnimationFrame(() => win.requestAnimationFrame(scroll)));
  };
  if (win.document.readyState === 'complete') afterLayout();
  else win.addEventListener('load', afterLayout, { once: true });

  return () => {
    cancel();
    win.removeEventListener('load', afterLayout);
    for (const type of userEvents) win.removeEventListener(type, cancel);
  };
}
