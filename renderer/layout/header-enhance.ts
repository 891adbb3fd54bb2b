import { HEADER_SCROLL_THRESHOLD, MenuIntent } from './menu-intent.ts';

/**
 * The header's behaviour, on every page (renderer/client/site.ts): exact hover intent for the
 * desktop menus (menu-intent.ts), click and keyboard control, Escape, the scrolled state, and
 * closing the mobile menu on a link click or Escape. Without JavaScript the same HTML works with
 * CSS alone (hover/focus menus, scroll-driven shadow).
 */
export function enhanceHeader(doc: Document = document): void {
  const header = doc.querySelector<HTMLElement>('[data-header]');
  if (!header) return;
  const win = doc.defaultView ?? window;
  enhanceDesktopMenus(doc, header);
  enhanceMobileMenu(doc, header);

  const onScroll = () => {
    if (win.scrollY > HEADER_SCROLL_THRESHOLD) header.dataset.scrolled = 'true';
    else delete header.dataset.scrolled;
  };
  onScroll();
  win.addEventListener('scroll', onScroll, { passive: true });
}

function enhanceDesktopMenus(doc: Document, header: HTMLElement) {
  const nav = header.querySelector<HTMLElement>('[data-main-nav]');
  if (!nav) return;
  const menus = [...nav.querySelectorAll<HTMLElement>('[data-menu]')];
  const triggerOf = (menu: HTMLElement) =>
    menu.querySelector<HTMLButtonElement>('[data-menu-trigger]')!;

  const intent = new MenuIntent((open) => {
    menus.forEach((menu, index) => {
      menu.toggleAttribute('data-open', index === open);
      triggerOf(menu).setAttribute('aria-expanded', String(index === open));
    });
  });

  menus.forEach((menu, index) => {
    // From here on data-open, not :hover/:focus-within, decides whether the panel shows
    // (Header.module.css).
    menu.dataset.enhanced = '';
    const trigger = triggerOf(menu);
    // Touch and pen taps are clicks, not hovers.
    menu.addEventListener(
      'pointerenter',
      (event) => event.pointerType === 'mouse' && intent.pointerEnter(index),
    );
    menu.addEventListener(
      'pointerleave',
      (event) => event.pointerType === 'mouse' && intent.pointerLeave(index),
    );
    trigger.addEventListener('click', () => intent.toggle(index));
    menu.addEventListener('keydown', (event) => {
      if (event.key === 'Escape' && intent.open === index) {
        event.preventDefault();
        intent.close();
        trigger.focus();
      } else if (event.key === 'ArrowDown' && event.target === trigger) {
        event.preventDefault();
        intent.show(index);
        menu.querySelector<HTMLAnchorElement>('[data-menu-panel] a')?.focus();
      }
    });
    // Focus moved out of this menu (Tab past its last link, or elsewhere): close it.
    menu.addEventListener('focusout', (event) => {
      if (intent.open === index && !menu.contains(event.relatedTarget as Node | null))
        intent.close();
    });
  });

  // A press outside the desktop menus closes them.
  doc.addEventListener('pointerdown', (event) => {
    if (intent.open !== null && !nav.contains(event.target as Node)) intent.close();
  });
}

function enhanceMobileMenu(doc: Document, header: HTMLElement) {
  const mobile = header.querySelector<HTMLDetailsElement>('[data-mobile-menu]');
  if (!mobile) return;
  const close = (focusToggle: boolean) => {
    if (!mobile.open) return;
    mobile.open = false;
    if (focusToggle) mobile.querySelector<HTMLElement>(':scope > summary')?.focus();
  };
  // Any link in the mobile menu closes it, including same-page #anchor links that do not load a new
  // page.
  mobile.addEventListener('click', (event) => {
    if ((event.target as Element).closest('a')) close(false);
  });
  mobile.addEventListener('keydown', (event) => {
    if (event.key === 'Escape') close(true);
  });
  doc.addEventListener('pointerdown', (event) => {
    if (mobile.open && !mobile.contains(event.target as Node)) close(false);
  });
}
