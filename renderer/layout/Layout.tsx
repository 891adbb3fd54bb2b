import '@mantine/core/styles/baseline.css';
import '@mantine/core/styles/default-css-variables.css';
import '@mantine/core/styles/global.css';
import '../global.css';
import { MantineProvider } from '@mantine/core';
import type { ReactNode } from 'react';
import { RESERVED_ANCHORS } from '../../schema/anchors.ts';
import type { SiteConfig } from '../../schema/site-config.ts';
import { wordsOf, type PageLanguage } from '../language.ts';
import { once } from '../rendered-once.ts';
import { theme } from '../theme.ts';
import { Footer } from './Footer.tsx';
import { Header, headerKey } from './Header.tsx';
import classes from './Layout.module.css';

const [mainId, topId] = RESERVED_ANCHORS;

/**
 * Skip link, header, the page's main landmark and the footer. Rendered on the server only: the site
 * never hydrates.
 */
export function Layout({
  config,
  route,
  hideNavbar,
  language,
  children,
}: {
  config: SiteConfig;
  route: string;
  hideNavbar?: boolean;
  language?: PageLanguage;
  children: ReactNode;
}) {
  const words = wordsOf(language);
  return (
    // Mantine's CSS variables and responsive classes are rendered in <head> by renderer/+Head.tsx
    // (a <style> in <body> is invalid HTML).
    <MantineProvider
      theme={theme}
      forceColorScheme="light"
      withCssVariables={false}
      withGlobalClasses={false}
    >
      <div id={topId} className={classes.shell}>
        <a className={classes.skipLink} href={`#${mainId}`}>
          {words.skipLink}
        </a>
        {import.meta.env.SSR ? (
          once(
            config,
            `header${headerKey(config, route, hideNavbar, language)}`,
            <Header config={config} route={route} hideNavbar={hideNavbar} language={language} />,
          )
        ) : (
          <Header config={config} route={route} hideNavbar={hideNavbar} language={language} />
        )}
        <main id={mainId} tabIndex={-1} className={classes.main}>
          {children}
        </main>
        {import.meta.env.SSR ? (
          once(
            config,
            `footer${JSON.stringify([words, language?.home ?? '/'])}`,
            <Footer config={config} words={words} home={language?.home ?? '/'} />,
          )
        ) : (
          <Footer config={config} words={words} home={language?.home ?? '/'} />
        )}
      </div>
    </MantineProvider>
  );
}
