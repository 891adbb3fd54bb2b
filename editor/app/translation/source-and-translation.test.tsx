// @vitest-environment jsdom
import { MantineProvider } from '@mantine/core';
import { cleanup, render, within } from '@testing-library/react';
import { afterEach, expect, it } from 'vitest';
import { SourceAndTranslation } from './SourceAndTranslation.tsx';

afterEach(cleanup);

const english = { code: 'en', label: 'English', dir: 'ltr' } as const;
const german = { code: 'de', label: 'Deutsch', dir: 'ltr' } as const;

it('shows which words of the source changed since the field was translated', () => {
  const view = render(
    <MantineProvider>
      <SourceAndTranslation
        fields={[
          {
            path: ['blocks', 0, 'title'],
            key: 'blocks.0.title',
            before: 'Book rooms in two clicks, with no fees.',
            now: 'Book rooms in one click, with no fees.',
            translation: 'Zimmer mit zwei Klicks buchen, ohne Gebühren.',
          },
        ]}
        source={english}
        translation={german}
        fieldLabel={() => 'Hero › Title'}
        onMark={() => {}}
        onEdit={() => {}}
        onClose={() => {}}
      />
    </MantineProvider>,
  );
  const before = view.getByTestId('source-before');
  const now = view.getByTestId('source-now');
  expect(before.textContent).toBe('Book rooms in two clicks, with no fees.');
  expect(now.textContent).toBe('Book rooms in one click, with no fees.');
  expect([...before.querySelectorAll('del')].map((e) => e.textContent)).toEqual(['two clicks']);
  expect(before.querySelector('ins')).toBeNull();
  expect([...now.querySelectorAll('ins')].map((e) => e.textContent)).toEqual(['one click']);
  expect(now.querySelector('del')).toBeNull();
  const translation = view.getByTestId('translation-text');
  expect(translation.querySelector('del, ins')).toBeNull();
  expect(
    within(view.getByTestId('source-and-translation')).getByText(/struck through/),
  ).toBeTruthy();
});
