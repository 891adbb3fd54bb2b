import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { propertyParameters } from '../../tests/helpers/properties.ts';
import { safeReturnPath } from './return-path.ts';

const origin = 'https://edit.example.com';

describe('the return address after sign-in (seeded)', () => {
  it('is always a path of the editor, whatever is asked for', () => {
    const pieces = fc.constantFrom(
      '/',
      '//',
      '\\',
      'evil.example',
      ':',
      '@',
      '%2f',
      '\t',
      '\n',
      '..',
      'https:',
      '?',
      '#',
      'auth',
      'a',
    );
    const asked = fc.oneof(
      fc.string(),
      fc.array(pieces, { maxLength: 8 }).map((p) => p.join('')),
    );
    fc.assert(
      fc.property(asked, (value) => {
        const path = safeReturnPath(value, origin);
        expect(path.startsWith('/')).toBe(true);
        expect(path.startsWith('//')).toBe(false);
        expect(new URL(path, origin).origin).toBe(origin);
        expect(new URL(path, origin).pathname.startsWith('/auth/')).toBe(false);
      }),
      propertyParameters(500),
    );
  });

  it('keeps a path of the editor with its query', () => {
    expect(safeReturnPath('/pages/pricing?lang=de', origin)).toBe('/pages/pricing?lang=de');
    for (const bad of [
      'https://evil.example',
      '//evil.example',
      '/\\evil.example',
      '/\tx',
      '/auth/callback',
    ])
      expect(safeReturnPath(bad, origin)).toBe('/');
  });
});
