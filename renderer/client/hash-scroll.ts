/**
 * On pages with a script: once layout has settled (fonts ready, two frames later), scroll smoothly
 * to the element named by the URL's #hash (instantly under prefers-reduced-motion). The browser's
 * own jump can land off target while fonts and late content still move things around; this settles
 * it. It does not wait for the window's load event, which a slow third-party frame (the scheduling
 * widget) can hold back for seconds. Does nothing if the visitor starts scrolling first.
 */
export function scrollToHashWhenSettled(win: Window = window): () => void {
  let id: string;
  try {
    id = decodeURIComponent(win.location.hash.slice(1));
  } catch {
    return () => {}; // a malformed #hash names no element
  }
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
  const fontsReady = win.document.fonts?.ready ?? Promise.resolve();
  void fontsReady.then(() => win.requestAnimationFrame(() => win.requestAnimationFrame(scroll)));

  return () => {
    cancel();
    for (const type of userEvents) win.removeEventListener(type, cancel);
  };
}
