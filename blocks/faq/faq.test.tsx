// @vitest-environment jsdom
import { cleanup, screen } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import { loadExample, renderBlock } from '../../tests/helpers/render-block.tsx';
import { jsonLdPage } from '../json-ld.ts';
import { definition } from './index.tsx';

afterEach(cleanup);

describe('faq block', () => {
  it('renders a labelled section with every question as a native details/summary pair', () => {
    const { container } = renderBlock('faq');
    expect(screen.getByRole('heading', { level: 2 }).textContent).toBe(
      'Frequently asked questions',
    );
    expect(screen.getByRole('region', { name: 'Frequently asked questions' })).toBeTruthy();
    const items = [...container.querySelectorAll('details')];
    expect(items.map((item) => item.querySelector('summary')?.textContent)).toEqual([
      'Do I need a credit card to book a demo?',
      'How does setup work?',
      'Which messaging channels does the AI guest chat cover?',
    ]);
    expect(items[1]!.querySelector('p')?.textContent).toMatch(/^Setup is free and personalized/);
  });

  it('groups the items into one exclusive accordion, all closed at first', () => {
    const { container } = renderBlock('faq');
    const names = new Set(
      [...container.querySelectorAll('details')].map((item) => item.getAttribute('name')),
    );
    expect([...names]).toEqual(['faq-faq']);
    expect(container.querySelectorAll('details[open]')).toHaveLength(0);
  });

  it('gives two FAQ blocks on one page separate groups', () => {
    const block = { ...loadExample('faq'), id: undefined };
    const { container } = renderBlock('faq', block);
    const { container: second } = renderBlock('faq', block);
    const first = container.querySelector('details')!.getAttribute('name');
    expect(first).toMatch(/^faq-[A-Za-z0-9_-]+$/);
    expect(second.querySelector('details')!.getAttribute('name')).not.toBe(first);
  });

  it('hides the plus/minus marker from screen readers and needs no JavaScript', () => {
    const { container } = renderBlock('faq');
    expect(container.querySelector('summary [aria-hidden="true"]')).toBeTruthy();
    expect(definition.isInteractive).toBeUndefined();
  });

  it('merges every faq block of the page into one FAQPage', () => {
    const blocks = [
      {
        type: 'faq' as const,
        heading: 'FAQ',
        items: [{ question: 'How long does setup take?', answer: 'About a week.' }],
      },
      {
        type: 'faq' as const,
        heading: 'More',
        items: [{ question: 'Is there a contract?', answer: 'No.' }],
      },
    ];
    expect(
      definition.jsonLd!(blocks, jsonLdPage('https://www.example.com', 'https://www.example.com/')),
    ).toEqual([
      {
        '@context': 'https://schema.org',
        '@type': 'FAQPage',
        mainEntity: [
          {
            '@type': 'Question',
            name: 'How long does setup take?',
            acceptedAnswer: { '@type': 'Answer', text: 'About a week.' },
          },
          {
            '@type': 'Question',
            name: 'Is there a contract?',
            acceptedAnswer: { '@type': 'Answer', text: 'No.' },
          },
        ],
      },
    ]);
  });

  it("says the page's language in its FAQPage when the page has one", () => {
    const blocks = [
      { type: 'faq' as const, heading: 'FAQ', items: [{ question: 'Wie?', answer: 'So.' }] },
    ];
    const base = 'https://www.example.com';
    const [faqPage] = definition.jsonLd!(blocks, jsonLdPage(base, `${base}/de/`, 'de'));
    expect(faqPage).toMatchObject({ '@type': 'FAQPage', inLanguage: 'de' });
    const [withoutLanguage] = definition.jsonLd!(blocks, jsonLdPage(base, `${base}/`));
    expect(withoutLanguage).not.toHaveProperty('inLanguage');
  });
});
