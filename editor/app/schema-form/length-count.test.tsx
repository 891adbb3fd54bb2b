// @vitest-environment jsdom
import { cleanup, fireEvent, screen } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import type { z } from 'zod';
import { blockSchemas } from '../../../blocks/schemas.ts';
import { mountForm } from './form-harness.tsx';

afterEach(cleanup);

const page = (title: string) => `title: Resorts
blocks:
  - type: hero
    title: ${title}
    actions:
      - { label: Book a Demo, href: /book-demo }
`;

const mountHero = (title: string) =>
  mountForm(page(title), {
    schema: blockSchemas.hero as unknown as z.ZodType,
    exclude: ['type'],
    path: ['blocks', 0],
  });

const countOf = (testId: string) =>
  screen
    .getByTestId(testId)
    .closest('.mantine-InputWrapper-root')!
    .querySelector('[data-testid="length-count"]')?.textContent;

describe('length guidance in the form', () => {
  it('counts a headline against its 70 characters, and says so past it', () => {
    mountHero('Run your resort');
    expect(countOf('field-blocks.0.title')).toBe('15 / 70');
    fireEvent.change(screen.getByTestId('field-blocks.0.title'), {
      target: { value: 'A'.repeat(20_000) },
    });
    expect(countOf('field-blocks.0.title')).toBe('20000 / 70 · longer than a headline reads best');
  });

  it('counts a text with no guide not at all', () => {
    mountHero('Run your resort');
    expect(screen.queryAllByTestId('length-count').length).toBeGreaterThan(0);
    expect(countOf('field-blocks.0.id')).toBeUndefined();
  });
});
