import '@mantine/core/styles/baseline.css';
import '@mantine/core/styles/default-css-variables.css';
import '@mantine/core/styles/global.css';
import '../global.css';
import { MantineProvider } from '@mantine/core';
import { useEffect, type ReactNode } from 'react';
import type { SiteConfig } from '../../schema/site-config.ts';
import { scrollToHashWhenSettled } from '../client/hash-scroll.ts';
import { theme } from '../theme.ts';
import { ErrorBoundary } from './ErrorBoundary.tsx';
import { Footer } from './Footer.tsx';
import { Header } from './Header.tsx';
import classes from './Layout.module.css';

/**
 * Skip link, header, the page's main landmark and the footer. On hydrated pages, error boundaries replace a failing
 * page (or, failing that, the whole layout) with 'Unexpected Application Error!', and a #hash in the URL is scrolled to.
 */
export function Layout({ config, route, hideNavbar, children }: { config: SiteConfig; route: string; hideNavbar?: boolean; children: ReactNode }) {
  useEffect(() => scrollToHashWhenSettled(), []);
  return (
    // Mantine's CSS variables and responsive classes are rendered in <head> by renderer/+Head.tsx (a <style> in <body> is invalid HTML).
    <MantineProvider theme={theme} forceColorScheme="light" withCssVariables={false} withGlobalClasses={false}>
      <ErrorBoundary fullPage>
        <div id="top" className={classes.shell}>
          <a className={classes.skipLink} href="#main">
            Skip to content
          </a>
          <Header config={config} route={route} hideNavbar={hideNavbar} />
          <main id="main" tabIndex={-1} className={classes.main}>
            <ErrorBoundary>{children}</ErrorBoundary>
          </main>
          <Footer config={config} />
        </div>
      </ErrorBoundary>
    </MantineProvider>
  );
}
