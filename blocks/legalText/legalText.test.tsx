// @vitest-environment jsdom
import { cleanup, screen, within } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import { siteLocales } from '../../engine/locales.ts';
import type { Words } from '../../schema/locales.ts';
import {
  clearDocument,
  loadExample,
  loadTestConfig,
  mountServerHtml,
  renderBlock,
} from '../../tests/helpers/render-block.tsx';
import { LegalText, slugify } from './LegalText.tsx';

describe('legalText', () => {
  afterEach(cleanup);

  it('numbers each section as an h2, never an h1, with its paragraphs', () => {
    const { container } = renderBlock('legalText');
    expect(container.querySelector('h1')).toBeNull();
    const headings = screen.getAllByRole('heading', { level: 2 });
    expect(headings.map((h) => h.textContent)).toEqual([
      '1. About these terms',
      '2. Our services',
      '3. Your account and your data',
      '4. Fees and payment',
      '5. Governing law',
      '6. Contact',
    ]);
    const governing = headings[4]!.parentElement!;
    expect(governing.querySelectorAll('p')).toHaveLength(1);
    expect(governing.textContent).toContain('governed by the laws of India');
    expect(headings[1]!.parentElement!.querySelectorAll('p')).toHaveLength(2);
  });

  it('shows the last updated date', () => {
    renderBlock('legalText');
    expect(screen.getByText(/Last updated:/).textContent).toBe('Last updated: 1 January 2024');
  });

  it('shows a date written as 2024-01-31 in the page’s language, any other text as written', () => {
    const config = loadTestConfig();
    const german = siteLocales(config.locales)!.list.find((locale) => locale.code === 'de')!;
    const arabic = siteLocales(config.locales)!.list.find((locale) => locale.code === 'ar')!;
    const block = { ...loadExample('legalText'), updated: '2024-01-31' };
    const line = (
      words: Words | undefined,
      locale: string | undefined,
      updated = block.updated,
    ) => {
      const root = mountServerHtml(
        <LegalText block={{ ...block, updated }} context={{ config, words, locale }} />,
      );
      const shown = root.querySelector('.updated')!;
      const time = shown.querySelector('time')?.getAttribute('datetime');
      clearDocument();
      return [shown.textContent, time];
    };
    expect(line(german.words, 'de-DE')).toEqual([
      'Zuletzt aktualisiert: 31. Januar 2024',
      '2024-01-31',
    ]);
    expect(line(arabic.words, 'ar-AE')).toEqual(['آخر تحديث: 31 يناير 2024', '2024-01-31']);
    // The site's language and region (seo.locale, en_IN) when the page gives none.
    expect(line(undefined, undefined)).toEqual(['Last updated: 31 January 2024', '2024-01-31']);
    expect(line(german.words, 'de-DE', 'Januar 2024')).toEqual([
      'Zuletzt aktualisiert: Januar 2024',
      undefined,
    ]);
    // Not a day of the calendar: shown as written.
    expect(line(german.words, 'de-DE', '2024-02-30')).toEqual([
      'Zuletzt aktualisiert: 2024-02-30',
      undefined,
    ]);
  });

  it('links a contents list to every section', () => {
    renderBlock('legalText');
    const nav = screen.getByRole('navigation', { name: 'Contents' });
    const links = within(nav).getAllByRole('link');
    expect(links).toHaveLength(6);
    expect(links[4]!.getAttribute('href')).toBe('#5-governing-law');
    expect(document.getElementById('5-governing-law')?.tagName).toBe('H2');
  });

  it('leaves out the date and the contents for a short text, and respects id and tone', () => {
    const block = loadExample('legalText');
    const { container } = renderBlock('legalText', {
      type: 'legalText',
      id: 'refunds',
      tone: 'muted',
      sections: block.sections.slice(0, 2),
    });
    expect(screen.queryByText(/Last updated/)).toBeNull();
    expect(screen.queryByRole('navigation')).toBeNull();
    const section = container.querySelector('section')!;
    expect(section.id).toBe('refunds');
    expect(section.className).toContain('muted');
    expect(container.querySelector('h2')!.id).toBe('refunds-1-about-these-terms');
  });

  it('slugs headings for anchors', () => {
    expect(slugify('Cancellation & Refund Policy')).toBe('cancellation-refund-policy');
    expect(slugify('  Governing law. ')).toBe('governing-law');
  });
});
