// @vitest-environment jsdom
import { cleanup, screen, within } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import { loadExample, renderBlock } from '../../tests/helpers/render-block.tsx';
import { definition } from './index.tsx';
import { jsonLdPage } from '../json-ld.ts';

describe('pricingTiers', () => {
  afterEach(cleanup);

  it('renders one card per plan with its name as h3, features and a call to action', () => {
    renderBlock('pricingTiers');
    expect(
      screen.getByRole('heading', { level: 2, name: 'Plans that grow with your property' }),
    ).toBeTruthy();
    const names = screen.getAllByRole('heading', { level: 3 }).map((h) => h.textContent);
    expect(names).toEqual(['Starter', 'Growth', 'Enterprise']);

    const cta = screen.getByRole('link', { name: 'Talk to Sales' });
    expect(cta.getAttribute('href')).toBe('/contact');
    expect(screen.getByRole('link', { name: 'Get Started' }).getAttribute('href')).toBe(
      '/book-demo',
    );
    expect(screen.getByRole('link', { name: 'Contact' }).getAttribute('href')).toBe('/contact');
    // The button is described by its plan name so "Contact" is not ambiguous out of context.
    expect(document.getElementById(cta.getAttribute('aria-describedby')!)?.textContent).toBe(
      'Growth',
    );
  });

  it('lists the features of each plan and shows no prices', () => {
    const { container } = renderBlock('pricingTiers');
    const growth = screen.getByRole('heading', { level: 3, name: 'Growth' }).closest('li')!;
    const features = within(growth)
      .getAllByRole('listitem')
      .map((li) => li.textContent);
    expect(features).toContain('Ops automation and AI upsells');
    expect(features).toHaveLength(6);
    expect(container.textContent).not.toMatch(/[$€£₹]\s?\d/);
  });

  it('marks only the highlighted plan as most popular and staggers the fade-in', () => {
    renderBlock('pricingTiers');
    expect(screen.getAllByText('Most popular')).toHaveLength(1);
    const cards = screen.getAllByRole('heading', { level: 3 }).map((h) => h.closest('li')!);
    expect(cards.map((card) => card.dataset.highlighted ?? null)).toEqual([null, 'true', null]);
    expect(cards.every((card) => card.classList.contains('fade-in'))).toBe(true);
    expect(cards.map((card) => card.style.getPropertyValue('--stagger-index'))).toEqual([
      '0',
      '1',
      '2',
    ]);
  });

  it('links to the full comparison under the plans when the YAML asks for it', () => {
    renderBlock('pricingTiers');
    const link = screen.getByRole('link', { name: /Compare every feature on the pricing page/ });
    expect(link.getAttribute('href')).toBe('/pricing');
    cleanup();
    renderBlock('pricingTiers', { ...loadExample('pricingTiers'), link: undefined });
    expect(screen.queryByRole('link', { name: /Compare every feature/ })).toBeNull();
  });

  it('shows no badge when no plan is highlighted, and respects id and tone', () => {
    const block = loadExample('pricingTiers');
    const { container } = renderBlock('pricingTiers', {
      ...block,
      tone: 'muted',
      tiers: block.tiers.map((tier) => ({ ...tier, highlighted: undefined })),
    });
    expect(screen.queryByText('Most popular')).toBeNull();
    const section = container.querySelector('section')!;
    expect(section.id).toBe('pricing');
    expect(section.className).toContain('muted');
  });

  it('lists the plans as an ItemList without Product or Offer (no prices are shown)', () => {
    const base = 'https://www.example.com';
    const block = {
      type: 'pricingTiers' as const,
      heading: 'Plans',
      tiers: [
        {
          name: 'Starter',
          description: 'For small properties.',
          features: ['Unified guest chat'],
          cta: { label: 'Get Started', href: '/book-demo' },
        },
        {
          name: 'Growth',
          description: 'For growing hotels.',
          features: ['Smart PMS', 'AI upsells'],
          cta: { label: 'Talk to Sales', href: '#contact' },
        },
      ],
    };
    const [list, ...rest] = definition.jsonLd!([block], jsonLdPage(base, `${base}/pricing`));
    expect(rest).toEqual([]);
    expect(JSON.stringify(list)).not.toMatch(/"Product"|"Offer"|price/i);
    expect(list).toEqual({
      '@context': 'https://schema.org',
      '@type': 'ItemList',
      name: 'Plans',
      numberOfItems: 2,
      itemListElement: [
        {
          '@type': 'ListItem',
          position: 1,
          name: 'Starter',
          description: 'For small properties. · Unified guest chat',
          url: `${base}/book-demo`,
        },
        {
          '@type': 'ListItem',
          position: 2,
          name: 'Growth',
          description: 'For growing hotels. · Smart PMS · AI upsells',
          url: `${base}/pricing#contact`,
        },
      ],
    });
  });
});
