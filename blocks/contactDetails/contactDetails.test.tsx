// @vitest-environment jsdom
import { cleanup, screen, within } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import { loadExample, loadTestConfig, renderBlock } from '../../tests/helpers/render-block.tsx';
import { telHref } from '../../ui/tel-href.ts';

describe('contactDetails', () => {
  afterEach(cleanup);
  const { contact } = loadTestConfig();

  it('links the email and the phone number from site.config.yaml', () => {
    renderBlock('contactDetails');
    expect(
      screen.getByRole('heading', { level: 2, name: 'Talk to the Staylix team' }),
    ).toBeTruthy();
    expect(screen.getByRole('link', { name: contact.email }).getAttribute('href')).toBe(
      `mailto:${contact.email}`,
    );
    expect(screen.getByRole('link', { name: contact.phone }).getAttribute('href')).toBe(
      `tel:${contact.phone.replace(/[^\d+]/g, '')}`,
    );
    expect(screen.getAllByRole('heading', { level: 3 }).map((h) => h.textContent)).toEqual([
      'Email',
      'Phone',
      'Office',
      'Social',
    ]);
  });

  it('puts the postal address in an <address> element', () => {
    const { container } = renderBlock('contactDetails');
    const address = container.querySelector('address')!;
    expect(address.textContent).toContain(contact.address);
    expect(address.textContent).toContain('Staylix Technologies Pvt. Ltd.');
  });

  it('opens the social profile in a new tab safely and says so', () => {
    renderBlock('contactDetails');
    const link = screen.getByRole('link', { name: 'Staylix on LinkedIn (opens in a new tab)' });
    expect(link.getAttribute('href')).toBe(contact.social.href);
    expect(link.getAttribute('target')).toBe('_blank');
    expect(link.getAttribute('rel')).toBe('noopener noreferrer');
    expect(within(link).getByText('(opens in a new tab)').className).toBe('visually-hidden');
  });

  it('respects id and tone', () => {
    const { container } = renderBlock('contactDetails', {
      ...loadExample('contactDetails'),
      tone: 'muted',
    });
    const section = container.querySelector('section')!;
    expect(section.id).toBe('get-in-touch');
    expect(section.className).toContain('muted');
  });

  it('builds tel: links from the dialled number', () => {
    expect(telHref('+91 (80) 4718-2290')).toBe('tel:+918047182290');
  });
});
