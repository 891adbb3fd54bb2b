import '@mantine/core/styles/Container.css';
import { Container } from '@mantine/core';
import type { NavItem, SiteConfig } from '../../schema/site-config.ts';
import { Icon } from '../../ui/Icon.tsx';
import { wordsOf, type PageLanguage } from '../language.ts';
import classes from './Header.module.css';

const isCurrent = (href: string, route: string) =>
  href === route || (href !== '/' && route.startsWith(href + '/'));

function DesktopItem({ item, route, index }: { item: NavItem; route: string; index: number }) {
  if ('href' in item) {
    return (
      <li>
        <a
          className={classes.navLink}
          href={item.href}
          aria-current={isCurrent(item.href, route) ? 'page' : undefined}
        >
          {item.label}
        </a>
      </li>
    );
  }
  const panelId = `menu-panel-${index}`;
  // CSS alone opens the panel on hover and focus; once the site script runs, header-enhance.ts
  // takes over (data-open).
  return (
    <li className={classes.menu} data-menu>
      <button
        type="button"
        className={classes.navLink}
        aria-expanded="false"
        aria-controls={panelId}
        data-menu-trigger
      >
        {item.label}
        <Icon name="chevronDown" size={12} className={classes.chevron} />
      </button>
      <div id={panelId} className={classes.menuPanel} data-menu-panel>
        {item.columns.map((column) => (
          <div key={column.heading} className={classes.menuColumn}>
            <p className={classes.menuHeading}>{column.heading}</p>
            <ul className={classes.menuLinks}>
              {column.links.map((link) => (
                <li key={link.href}>
                  <a
                    href={link.href}
                    className={classes.menuLink}
                    aria-current={isCurrent(link.href, route) ? 'page' : undefined}
                  >
                    <span className={classes.menuLinkLabel}>{link.label}</span>
                    {link.description && (
                      <span className={classes.menuLinkDescription}>{link.description}</span>
                    )}
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
          <Icon name="chevronDown" size={12} className={classes.chevron} />
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

/** The header's buttons (Book a Demo…), in the bar and again in the mobile menu. */
function ActionLinks({ actions }: { actions: SiteConfig['navigation']['actions'] }) {
  return actions.map((action) => (
    <a
      key={action.href}
      href={action.href}
      className={action.variant === 'primary' ? classes.primaryAction : classes.secondaryAction}
    >
      {action.label}
    </a>
  ));
}

/**
 * The other languages of the page, as plain links: to the same page in that language, or, where it
 * is not translated, to that language's home page, and said so in that language
 * (`words.untranslated`).
 */
function LanguageLinks({ language, mobile }: { language: PageLanguage; mobile?: boolean }) {
  return (
    <ul className={mobile ? classes.mobileLanguages : classes.languageList}>
      {language.alternates.map((alternate) => (
        <li key={alternate.code}>
          {alternate.current ? (
            <span
              className={classes.languageCurrent}
              lang={alternate.code}
              dir={alternate.dir}
              aria-current="true"
            >
              {alternate.label}
            </span>
          ) : (
            <a
              className={classes.languageLink}
              href={alternate.route}
              hrefLang={alternate.code}
              lang={alternate.code}
              dir={alternate.dir}
              data-translated={alternate.translated ? 'true' : 'false'}
            >
              <span className={classes.languageLabel}>{alternate.label}</span>
              {!alternate.translated && (
                <span className={classes.languageNote}>{alternate.untranslated}</span>
              )}
            </a>
          )}
        </li>
      ))}
    </ul>
  );
}

/** The switcher in the bar: a disclosure (no JavaScript) with the page's languages. */
function LanguageSwitcher({ language }: { language: PageLanguage }) {
  const current = language.alternates.find((alternate) => alternate.current)!;
  return (
    <details className={classes.language} data-language-switcher>
      {/* Named by what it shows first ("EN, Language: English"), so a voice-control user can say
          what they see (WCAG 2.5.3 Label in Name). */}
      <summary
        className={classes.languageToggle}
        aria-label={`${current.code.toUpperCase()}, ${language.words.languageMenu}: ${current.label}`}
      >
        <Icon name="globe" size={18} />
        <span aria-hidden="true">{current.code.toUpperCase()}</span>
      </summary>
      <nav aria-label={language.words.languageMenu} className={classes.languagePanel}>
        <LanguageLinks language={language} />
      </nav>
    </details>
  );
}

/**
 * What the header's HTML depends on besides the config: which of its links are the current page's,
 * whether the navigation is hidden, and of the page's language the words, the home page and the
 * alternates when there is a switcher (as `Header` reads them).
 */
export function headerKey(
  config: SiteConfig,
  route: string,
  hideNavbar: boolean | undefined,
  language: PageLanguage | undefined,
): string {
  const hrefs = config.navigation.items.flatMap((item) =>
    'href' in item
      ? [item.href]
      : item.columns.flatMap((column) => column.links.map((link) => link.href)),
  );
  const current = hrefs.filter((href) => isCurrent(href, route));
  // The current language is shown without a link: its route (the page's own) is not in the HTML.
  const alternates =
    language && language.alternates.length > 1
      ? language.alternates.map(({ route, ...alternate }) =>
          alternate.current ? alternate : { route, ...alternate },
        )
      : null;
  return JSON.stringify([
    current,
    Boolean(hideNavbar),
    wordsOf(language),
    language?.home ?? '/',
    alternates,
  ]);
}

export function Header({
  config,
  route,
  hideNavbar,
  language,
}: {
  config: SiteConfig;
  route: string;
  hideNavbar?: boolean;
  language?: PageLanguage;
}) {
  const { items, actions } = config.navigation;
  const words = wordsOf(language);
  const home = language?.home ?? '/';
  const switcher = language && language.alternates.length > 1 ? language : undefined;
  return (
    <header className={classes.header} data-header data-navbar={hideNavbar ? 'hidden' : undefined}>
      <Container size="lg" className={classes.bar}>
        <a
          href={home}
          className={classes.brand}
          aria-label={words.homeLink.replace('{name}', config.name)}
        >
          <img src={config.logo.src} alt="" width={32} height={32} />
          <span>{config.name}</span>
        </a>
        {!hideNavbar && (
          <nav aria-label={words.mainMenu} className={classes.desktopNav} data-main-nav>
            <ul className={classes.navList}>
              {items.map((item, index) => (
                <DesktopItem key={item.label} item={item} route={route} index={index} />
              ))}
            </ul>
          </nav>
        )}
        <div className={classes.actions}>
          {switcher && <LanguageSwitcher language={switcher} />}
          <ActionLinks actions={actions} />
        </div>
        {!hideNavbar && (
          <details className={classes.mobileMenu} data-mobile-menu>
            <summary className={classes.mobileToggle} aria-label={words.menuButton}>
              <span className={classes.burger} aria-hidden="true" />
            </summary>
            <nav aria-label={words.mobileMenu} className={classes.mobilePanel}>
              <ul className={classes.mobileList}>
                {items.map((item) => (
                  <MobileItem key={item.label} item={item} />
                ))}
              </ul>
              <div className={classes.mobileActions}>
                <ActionLinks actions={actions} />
              </div>
              {switcher && (
                // A group, not a second "Language" landmark: the bar's switcher is one already, and
                // this is inside the mobile navigation.
                <div
                  role="group"
                  aria-label={words.languageMenu}
                  className={classes.mobileLanguageNav}
                >
                  <LanguageLinks language={switcher} mobile />
                </div>
              )}
            </nav>
          </details>
        )}
      </Container>
    </header>
  );
}
