// @vitest-environment jsdom
import { cleanup, screen, within } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import { loadExample, renderBlock } from '../../tests/helpers/render-block.tsx';

afterEach(cleanup);

describe('richText block', () => {
  it('renders eyebrow, an h2 that labels the section, and every paragraph', () => {
    const { container } = renderBlock('richText');
    const heading = screen.getByRole('heading', {
      level: 2,
      name: 'One system for the whole guest journey',
    });
    const section = screen.getByRole('region', { name: 'One system for the whole guest journey' });
    expect(section.contains(heading)).toBe(true);
    expect(screen.getByText('Overview').tagName).toBe('P');
    const example = loadExample('richText');
    for (const paragraph of example.paragraphs)
      expect(screen.getByText(paragraph).tagName).toBe('P');
    expect(container.querySelectorAll('h1, h3')).toHaveLength(0);
  });

  it('renders bullets as a list with a decorative check icon each', () => {
    renderBlock('richText');
    const items = within(screen.getByRole('list')).getAllByRole('listitem');
    expect(items.map((item) => item.textContent)).toEqual(loadExample('richText').bullets);
    for (const item of items) expect(item.querySelector('svg[aria-hidden="true"]')).not.toBeNull();
  });

  it('omits the list without bullets and keeps text as text', () => {
    const block = {
      ...loadExample('richText'),
      bullets: undefined,
      eyebrow: undefined,
      paragraphs: ['<b>Not bold</b>'],
    };
    const { container } = renderBlock('richText', block);
    expect(screen.queryByRole('list')).toBeNull();
    expect(screen.getByText('<b>Not bold</b>')).toBeTruthy();
    expect(container.querySelector('b')).toBeNull();
  });

  it('passes id and tone to the section', () => {
    const { container } = renderBlock('richText', {
      ...loadExample('richText'),
      id: 'about',
      tone: 'dark',
    });
    const section = container.querySelector('section')!;
    expect(section.id).toBe('about');
    expect(section.className).toContain('dark');
  });
});
