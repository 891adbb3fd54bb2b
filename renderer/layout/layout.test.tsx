// @vitest-environment jsdom
import { cleanup, fireEvent, render, screen, within } from '@testing-library/react';
import { renderToString } from 'react-dom/server';
import { afterEach, describe, expect, it, vi } from 'vitest';
import {
  clearDocument,
  loadTestConfig,
  mountServerHtml,
} from '../../tests/helpers/render-block.tsx';
import { enhanceBackToTop } from './back-to-top-enhance.ts';
import { enhanceHeader } from './header-enhance.ts';
import { Layout } from './Layout.tsx';

afterEach(() => {
  cleanup();
  clearDocument();
  vi.restoreAllMocks();
});

/**
 * The prerendered layout with the header's enhancement script run on it, as on a page with an
 * interactive block.
 */
function enhancedPage() {
  mountServerHtml(page());
  enhanceHeader(document);
}

const config = loadTestConfig();
const page = (children = <p>Page body</p>, hideNavbar = false) => (
  <Layout config={config} route="/pricing" hideNavbar={hideNavbar}>
    {children}
  </Layout>
);

describe('layout', () => {
  it('has a skip link to the main landmark, a header, the page and a footer with Back to Top', () => {
    render(page());
    const skip = screen.getByRole('link', { name: 'Skip to content' });
    expect(skip.getAttribute('href')).toBe('#main');
    expect(document.getElementById('main')?.tagName).toBe('MAIN');
    expect(screen.getByRole('main').textContent).toBe('Page body');
    expect(screen.getByRole('link', { name: /Back to Top/ }).getAttribute('href')).toBe('#top');
    expect(document.getElementById('top')).toBeTruthy();
  });

  it("puts the header buttons in the spec's order: Book a Demo, then Contact", () => {
    render(page());
    const header = document.querySelector<HTMLElement>('[data-header]')!;
    const desktop = [...header.querySelectorAll<HTMLAnchorElement>(':scope > * > div > a')].map(
      (link) => [link.textContent, link.getAttribute('href')],
    );
    expect(desktop).toEqual([
      ['Book a Demo', '/book-demo'],
      ['Contact', '/contact'],
    ]);
  });

  it('with its script, Back to Top is a button that moves focus to the top without touching the URL', () => {
    mountServerHtml(page());
    enhanceBackToTop(document);
    expect(screen.queryByRole('link', { name: /Back to Top/ })).toBeNull();
    const button = screen.getByRole('button', { name: /Back to Top/ });
    expect(button.getAttribute('type')).toBe('button');
    const scrollTo = vi.spyOn(window, 'scrollTo').mockImplementation(() => {});
    const before = window.location.href;
    fireEvent.click(button);
    expect(document.activeElement).toBe(document.getElementById('top'));
    expect(document.getElementById('top')!.getAttribute('tabindex')).toBe('-1');
    expect(scrollTo).toHaveBeenCalledWith({ top: 0, behavior: 'smooth' });
    expect(window.location.href).toBe(before);
  });

  it('server-renders closed menus that CSS alone can open (no data-enhanced, aria-expanded false)', () => {
    const html = renderToString(page());
    expect(html.match(/data-menu="true"/g)).toHaveLength(2);
    expect(html).not.toContain('data-enhanced');
    expect(html).not.toContain('data-open');
    expect(html.match(/aria-expanded="false"/g)).toHaveLength(2);
  });

  it('enhanced: click toggles a menu, Escape closes it and returns focus to its trigger', () => {
    enhancedPage();
    const nav = screen.getByRole('navigation', { name: 'Main' });
    const trigger = within(nav).getByRole('button', { name: 'Solutions' });
    const menu = trigger.closest('[data-menu]')!;
    expect(menu.hasAttribute('data-enhanced')).toBe(true);
    fireEvent.click(trigger);
    expect(trigger.getAttribute('aria-expanded')).toBe('true');
    expect(menu.hasAttribute('data-open')).toBe(true);
    const link = within(menu as HTMLElement).getByRole('link', { name: /Operations Hub/ });
    link.focus();
    fireEvent.keyDown(link, { key: 'Escape' });
    expect(trigger.getAttribute('aria-expanded')).toBe('false');
    expect(document.activeElement).toBe(trigger);
    fireEvent.click(trigger);
    fireEvent.click(trigger);
    expect(trigger.getAttribute('aria-expanded')).toBe('false');
  });

  it('only one desktop menu is open at a time, and a press outside closes it', () => {
    enhancedPage();
    const nav = screen.getByRole('navigation', { name: 'Main' });
    const solutions = within(nav).getByRole('button', { name: 'Solutions' });
    const resources = within(nav).getByRole('button', { name: 'Resources' });
    fireEvent.click(solutions);
    fireEvent.click(resources);
    expect([solutions, resources].map((button) => button.getAttribute('aria-expanded'))).toEqual([
      'false',
      'true',
    ]);
    fireEvent.pointerDown(document.body);
    expect(resources.getAttribute('aria-expanded')).toBe('false');
  });

  it('marks the header scrolled once scrollY passes 10', () => {
    enhancedPage();
    const header = document.querySelector('[data-header]')!;
    expect(header.hasAttribute('data-scrolled')).toBe(false);
    Object.defineProperty(window, 'scrollY', { value: 11, configurable: true });
    window.dispatchEvent(new Event('scroll'));
    expect(header.getAttribute('data-scrolled')).toBe('true');
    Object.defineProperty(window, 'scrollY', { value: 10, configurable: true });
    window.dispatchEvent(new Event('scroll'));
    expect(header.hasAttribute('data-scrolled')).toBe(false);
  });

  it('has a mobile menu toggle with an accessible name that closes on link click', () => {
    enhancedPage();
    const mobile = document.querySelector<HTMLDetailsElement>('[data-mobile-menu]')!;
    expect(mobile.querySelector(':scope > summary')?.getAttribute('aria-label')).toBe('Menu');
    mobile.open = true;
    fireEvent.click(within(mobile).getByRole('link', { name: 'Pricing' }));
    expect(mobile.open).toBe(false);
    const sections = mobile.querySelectorAll('details');
    expect(new Set([...sections].map((section) => section.getAttribute('name'))).size).toBe(1);
  });

  it('hides the navigation, but not the brand and the call to action, when the page says hideNavbar', () => {
    render(page(undefined, true));
    expect(screen.queryByRole('navigation', { name: 'Main' })).toBeNull();
    expect(document.querySelector('[data-mobile-menu]')).toBeNull();
    const header = document.querySelector<HTMLElement>('[data-header]')!;
    expect(within(header).getByRole('link', { name: 'Book a Demo' })).toBeTruthy();
    expect(within(header).getByRole('link', { name: 'Staylix, home' })).toBeTruthy();
    expect(header.getAttribute('data-navbar')).toBe('hidden');
  });
});
