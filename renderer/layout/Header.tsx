import '@mantine/core/styles/Container.css';
import { Container } from '@mantine/core';
import { useEffect, useRef, useState, type KeyboardEvent, type MouseEvent, type PointerEvent } from 'react';
import type { NavItem, SiteConfig } from '../../schema/site-config.ts';
import classes from './Header.module.css';
import { HEADER_SCROLL_THRESHOLD, MenuIntent } from './menu-intent.ts';

const isCurrent = (href: string, route: string) => href === route || (href !== '/' && route.startsWith(href + '/'));

function Chevron() {
  return (
    <svg className={classes.chevron} width="12" height="12" viewBox="0 0 12 12" aria-hidden="true" focusable="false">
      <path d="M2.5 4.5 6 8l3.5-3.5" fill="none" stroke="currentColor" strokeWidth="1.6" strokeLinecap="round" strokeLinejoin="round" />
    </svg>
  );
}

interface MenuState {
  /** False in the server HTML and until hydration: CSS alone then opens menus on hover and focus. */
  enhanced: boolean;
  open: number | null;
  intent: MenuIntent | null;
}

function DesktopItem({ item, route, index, menus }: { item: NavItem; route: string; index: number; menus: MenuState }) {
  if ('href' in item) {
    return (
      <li>
        <a className={classes.navLink} href={item.href} aria-current={isCurrent(item.href, route) ? 'page' : undefined}>
          {item.label}
        </a>
      </li>
    );
  }
  const panelId = `menu-panel-${index}`;
  const { enhanced, open, intent } = menus;
  const isOpen = enhanced && open === index;
  const onPointer = (event: PointerEvent, enter: boolean) => {
    // Touch and pen taps are clicks, not hovers.
    if (event.pointerType !== 'mouse' || !intent) return;
    if (enter) intent.pointerEnter(index);
    else intent.pointerLeave(index);
  };
  const onKeyDown = (event: KeyboardEvent<HTMLLIElement>) => {
    if (!intent) return;
    if (event.key === 'Escape' && intent.open === index) {
      event.preventDefault();
      intent.close();
      event.currentTarget.querySelector<HTMLButtonElement>('[data-menu-trigger]')?.focus();
    } else if (event.key === 'ArrowDown' && (event.target as Element).matches('[data-menu-trigger]')) {
      event.preventDefault();
      intent.show(index);
      const panel = event.currentTarget.querySelector<HTMLElement>('[data-menu-panel]');
      // The panel becomes visible on the next render; move focus once it is.
      requestAnimationFrame(() => panel?.querySelector<HTMLAnchorElement>('a')?.focus());
    }
  };
  return (
    <li
      className={classes.menu}
      data-menu
      data-enhanced={enhanced ? '' : undefined}
      data-open={isOpen ? '' : undefined}
      onPointerEnter={(event) => onPointer(event, true)}
      onPointerLeave={(event) => onPointer(event, false)}
      onKeyDown={onKeyDown}
      onBlur={(event) => {
        // Focus moved out of this menu (Tab past its last link, or elsewhere): close it.
        if (intent?.open === index && !event.currentTarget.contains(event.relatedTarget as Node | null)) intent.close();
      }}
    >
      <button
        type="button"
        className={classes.navLink}
        aria-expanded={isOpen}
        aria-controls={panelId}
        data-menu-trigger
        onClick={() => intent?.toggle(index)}
      >
        {item.label}
        <Chevron />
      </button>
      <div id={panelId} className={classes.menuPanel} data-menu-panel>
        {item.columns.map((column) => (
          <div key={column.heading} className={classes.menuColumn}>
            <p className={classes.menuHeading}>{column.heading}</p>
            <ul className={classes.menuLinks}>
              {column.links.map((link) => (
                <li key={link.href}>
                  <a href={link.href} className={classes.menuLink} aria-current={isCurrent(link.href, route) ? 'page' : undefined}>
                    <span className={classes.menuLinkLabel}>{link.label}</span>
                    {link.description && <span className={classes.menuLinkDescription}>{link.description}</span>}
                  </a>
                </li>
              ))}
            </ul>
          </div>
        ))}
      </div>
    </li>
  );
}

function MobileItem({ item }: { item: NavItem }) {
  if ('href' in item) {
    return (
      <li>
        <a className={classes.mobileLink} href={item.href}>
          {item.label}
        </a>
      </li>
    );
  }
  return (
    <li>
      {/* Native exclusive accordion: one section open at a time, and it can be collapsed — without JavaScript. */}
      <details name="mobile-menu-section" className={classes.mobileSection}>
        <summary className={classes.mobileLink}>
          {item.label}
          <Chevron />
        </summary>
        {item.columns.map((column) => (
          <div key={column.heading} className={classes.mobileColumn}>
            <p className={classes.menuHeading}>{column.heading}</p>
            <ul className={classes.mobileSubLinks}>
              {column.links.map((link) => (
                <li key={link.href}>
                  <a href={link.href}>{link.label}</a>
                </li>
              ))}
            </ul>
          </div>
        ))}
      </details>
    </li>
  );
}

/**
 * After hydration: exact hover intent for the desktop menus, click and keyboard control, Escape, the scrolled state
 * and closing the mobile menu on link click. The server HTML is the same, and works with CSS alone.
 */
function useHeaderBehaviour() {
  const [enhanced, setEnhanced] = useState(false);
  const [open, setOpen] = useState<number | null>(null);
  const [scrolled, setScrolled] = useState(false);
  const [intent, setIntent] = useState<MenuIntent | null>(null);
  const navRef = useRef<HTMLElement>(null);
  const mobileRef = useRef<HTMLDetailsElement>(null);

  useEffect(() => {
    const menuIntent = new MenuIntent(setOpen);
    setIntent(menuIntent);
    setEnhanced(true);
    const onScroll = () => setScrolled(window.scrollY > HEADER_SCROLL_THRESHOLD);
    onScroll();
    window.addEventListener('scroll', onScroll, { passive: true });
    // A press outside the desktop menus or the mobile menu closes them.
    const onPointerDown = (event: Event) => {
      const target = event.target as Node;
      if (menuIntent.open !== null && !navRef.current?.contains(target)) menuIntent.close();
      const mobile = mobileRef.current;
      if (mobile?.open && !mobile.contains(target)) mobile.open = false;
    };
    document.addEventListener('pointerdown', onPointerDown);
    return () => {
      menuIntent.dispose();
      window.removeEventListener('scroll', onScroll);
      document.removeEventListener('pointerdown', onPointerDown);
    };
  }, []);

  const closeMobile = (focusToggle: boolean) => {
    const mobile = mobileRef.current;
    if (!mobile?.open) return;
    mobile.open = false;
    if (focusToggle) mobile.querySelector<HTMLElement>(':scope > summary')?.focus();
  };
  const mobileHandlers = {
    // Any link in the mobile menu closes it, including same-page #anchor links that do not load a new page.
    onClick: (event: MouseEvent) => {
      if ((event.target as Element).closest('a')) closeMobile(false);
    },
    onKeyDown: (event: KeyboardEvent) => {
      if (event.key === 'Escape') closeMobile(true);
    },
  };
  return { menus: { enhanced, open, intent }, scrolled, navRef, mobileRef, mobileHandlers };
}

export function Header({ config, route, hideNavbar }: { config: SiteConfig; route: string; hideNavbar?: boolean }) {
  const { items, actions } = config.navigation;
  const { menus, scrolled, navRef, mobileRef, mobileHandlers } = useHeaderBehaviour();
  return (
    <header className={classes.header} data-header data-scrolled={scrolled ? 'true' : undefined} data-navbar={hideNavbar ? 'hidden' : undefined}>
      <Container size="lg" className={classes.bar}>
        <a href="/" className={classes.brand} aria-label={`${config.name}, home`}>
          <img src={config.logo.src} alt="" width={32} height={32} />
          <span>{config.name}</span>
        </a>
        {!hideNavbar && (
          <nav aria-label="Main" className={classes.desktopNav} ref={navRef}>
            <ul className={classes.navList}>
              {items.map((item, index) => (
                <DesktopItem key={item.label} item={item} route={route} index={index} menus={menus} />
              ))}
            </ul>
          </nav>
        )}
        <div className={classes.actions}>
          {actions.map((action) => (
            <a key={action.href} href={action.href} className={action.variant === 'primary' ? classes.primaryAction : classes.secondaryAction}>
              {action.label}
            </a>
          ))}
        </div>
        {!hideNavbar && (
          <details className={classes.mobileMenu} data-mobile-menu ref={mobileRef} {...mobileHandlers}>
            <summary className={classes.mobileToggle} aria-label="Menu">
              <span className={classes.burger} aria-hidden="true" />
            </summary>
            <nav aria-label="Mobile" className={classes.mobilePanel}>
              <ul className={classes.mobileList}>
                {items.map((item) => (
                  <MobileItem key={item.label} item={item} />
                ))}
              </ul>
              <div className={classes.mobileActions}>
                {actions.map((action) => (
                  <a key={action.href} href={action.href} className={action.variant === 'primary' ? classes.primaryAction : classes.secondaryAction}>
                    {action.label}
                  </a>
                ))}
              </div>
            </nav>
          </details>
        )}
      </Container>
    </header>
  );
}
