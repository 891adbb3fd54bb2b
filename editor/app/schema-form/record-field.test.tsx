// @vitest-environment jsdom
import { cleanup, fireEvent } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import { parse } from 'yaml';
import { pageSchema } from '../../../blocks/page-schema.ts';
import { mountForm } from './form-harness.tsx';

afterEach(cleanup);

/** The page's fields (its blocks aside) as a form on real YAML text. */
const mount = (text: string) => mountForm(text, { schema: pageSchema, exclude: ['blocks'] }).result;

/** The input of the record entry `name` (names may hold dots, so no CSS selector is built). */
const entry = (name: string) => {
  const id = `field-translatedFrom.${name}`;
  const found = [...document.querySelectorAll('input, textarea')].find(
    (element) => element.getAttribute('data-testid') === id,
  );
  expect(found, id).toBeDefined();
  return found as HTMLInputElement;
};

const PAGE = `title: Preise
blocks: []
translatedFrom:
  "Pricing: plans": Old text
  'Note #1': Free setup
  © 2026 Staylix: All rights reserved
  'It''s "quoted"': 'Say "hi"'
  blocks.0.title: Keep me # a comment
`;

describe('a record (translatedFrom) edited in the form', () => {
  it('keeps every name as written and changes only the edited value’s line', () => {
    const result = mount(PAGE);
    const edits: Array<[string, string]> = [
      ['Pricing: plans', 'New: plans # not a comment'],
      ['Note #1', 'Free, personal setup'],
      ['© 2026 Staylix', 'Alle Rechte vorbehalten ©'],
      [`It's "quoted"`, `It's "still" quoted`],
      ['blocks.0.title', 'Kept #2'],
    ];
    for (const [name, value] of edits) fireEvent.change(entry(name), { target: { value } });
    // Each value is quoted exactly when plain text would read differently (": ", " #"), in its
    // old style when that style can hold it; names, the comment and the other lines stay.
    expect(result.text).toBe(`title: Preise
blocks: []
translatedFrom:
  "Pricing: plans": "New: plans # not a comment"
  'Note #1': Free, personal setup
  © 2026 Staylix: Alle Rechte vorbehalten ©
  'It''s "quoted"': 'It''s "still" quoted'
  blocks.0.title: "Kept #2" # a comment
`);
    expect(parse(result.text)).toEqual({
      ...(parse(PAGE) as object),
      translatedFrom: Object.fromEntries(edits),
    });
  });
});
