/**
 * Back to Top: the footer's `#top` link (the fallback without JavaScript) becomes a real button
 * that scrolls to the top (smoothly, unless the visitor prefers reduced motion) and moves keyboard
 * focus there, so the next Tab starts again at the skip link, without adding #top to the URL or the
 * history.
 */
export function enhanceBackToTop(doc: Document = document): void {
  const link = doc.querySelector<HTMLAnchorElement>('a[data-back-to-top]');
  const top = doc.getElementById('top');
  if (!link || !top) return;
  const win = doc.defaultView ?? window;
  const button = doc.createElement('button');
  button.type = 'button';
  button.className = link.className;
  button.dataset.backToTop = '';
  button.append(...link.childNodes);
  button.addEventListener('click', () => {
    const reduce = win.matchMedia('(prefers-reduced-motion: reduce)').matches;
    // The page's outermost element takes focus without a visible ring (Layout.module.css) and
    // without a jump.
    if (!top.hasAttribute('tabindex')) top.setAttribute('tabindex', '-1');
    top.focus({ preventScroll: true });
    win.scrollTo({ top: 0, behavior: reduce ? 'auto' : 'smooth' });
  });
  link.replaceWith(button);
}
