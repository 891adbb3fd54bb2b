import '@mantine/core/styles/Container.css';
import { Container } from '@mantine/core';
import { RESERVED_ANCHORS } from '../../schema/anchors.ts';
import type { Words } from '../../schema/locales.ts';
import type { SiteConfig } from '../../schema/site-config.ts';
import { telHref } from '../../ui/tel-href.ts';
import classes from './Footer.module.css';

const [, topId] = RESERVED_ANCHORS;

export function Footer({
  config,
  words,
  home,
}: {
  config: SiteConfig;
  words: Words;
  home: string;
}) {
  const { contact, footer } = config;
  return (
    <footer className={classes.footer}>
      <Container size="lg">
        <div className={classes.top}>
          <div className={classes.about}>
            <a href={home} className={classes.brand}>
              <img src={config.logo.src} alt="" width={28} height={28} />
              <span>{config.name}</span>
            </a>
            <p className={classes.tagline}>{config.tagline}</p>
          </div>
          <div className={classes.columns}>
            {footer.columns.map((column) => (
              <nav key={column.heading} aria-label={column.heading} className={classes.column}>
                <h2 className={classes.heading}>{column.heading}</h2>
                <ul className={classes.links}>
                  {column.links.map((link) => (
                    <li key={link.href}>
                      <a href={link.href}>{link.label}</a>
                    </li>
                  ))}
                </ul>
              </nav>
            ))}
            <div className={classes.column}>
              <h2 className={classes.heading}>{words.contactHeading}</h2>
              <ul className={classes.links}>
                <li>
                  <a href={`mailto:${contact.email}`}>{contact.email}</a>
                </li>
                <li>
                  <a href={telHref(contact.phone)}>{contact.phone}</a>
                </li>
                <li>
                  <a href={contact.social.href} rel="noopener noreferrer" target="_blank">
                    {contact.social.label}
                    <span className="visually-hidden"> {words.opensInNewTab}</span>
                  </a>
                </li>
              </ul>
              <address className={classes.address}>{contact.address}</address>
            </div>
          </div>
        </div>
        <div className={classes.bottom}>
          <p className={classes.copyright}>{footer.copyright}</p>
          {/* Without JavaScript a #top link; back-to-top-enhance.ts makes it a button that leaves the URL alone. */}
          <a href={`#${topId}`} className={classes.backToTop} data-back-to-top>
            {words.backToTop} <span aria-hidden="true">↑</span>
          </a>
        </div>
      </Container>
    </footer>
  );
}
