import { readFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { Collector } from '../../engine/collector.ts';
import { validateConfig } from '../../engine/validate-page.ts';

const root = path.resolve(import.meta.dirname, '../..');
const config = readFileSync(path.join(root, 'site.config.yaml'), 'utf8');

/** The site's own config with `extra` appended, checked as `npm run validate` checks it. */
function check(extra: string) {
  const collector = new Collector();
  const text = `${config}${extra}`;
  const result = validateConfig(root, collector, text);
  const lineOf = (needle: string) => text.split('\n').findIndex((l) => l.includes(needle)) + 1;
  return { result, problems: collector.diagnostics, lineOf };
}

describe('site.config.yaml › team and publishing.requireReview', () => {
  it('the shape of the issue is valid: people, groups, route patterns, a translator', () => {
    const { result, problems } = check(
      [
        'publishing:',
        '  requireReview: true',
        'team:',
        '  people:',
        '    - { email: lena@example.com, role: publisher }',
        '    - { email: anna@example.com, role: author }',
        '    - { email: jonas@example.com, role: author, pages: ["/de/**"], fields: translatable }',
        '  groups:',
        '    - { group: marketing-leads, role: publisher }',
        '',
      ].join('\n'),
    );
    expect(problems).toEqual([]);
    expect(result.config?.publishing?.requireReview).toBe(true);
    expect(result.config?.team?.people?.[2]).toEqual({
      email: 'jonas@example.com',
      role: 'author',
      pages: ['/de/**'],
      fields: 'translatable',
    });
  });

  it('requireReview is false when left out', () => {
    const { result } = check('publishing:\n  mode: direct\n');
    expect(result.config?.publishing?.requireReview).toBe(false);
  });

  it('a wrong role, a bad address, a bad pattern and an unknown key: each at its line', () => {
    const { problems, lineOf } = check(
      [
        'team:',
        '  people:',
        '    - { email: lena@example.com, role: owner }',
        '    - { email: not-an-address, role: author }',
        '    - { email: jonas@example.com, role: author, pages: ["de/*x"] }',
        '    - { email: eva@example.com, role: author, page: ["/de/**"] }',
        '',
      ].join('\n'),
    );
    const at = (needle: string) =>
      problems
        .filter((p) => p.line === lineOf(needle))
        .map((p) => [p.col, p.code, p.message, p.hint]);
    expect(at('role: owner')).toEqual([
      [40, 'bad-value', '"owner" is not an allowed value for "role".', expect.any(String)],
    ]);
    expect(at('not-an-address')).toEqual([
      [16, 'bad-format', '"not-an-address" is not a valid "email".', expect.any(String)],
    ]);
    expect(at('de/*x')).toEqual([
      [
        57,
        'bad-format',
        '"de/*x" is not a valid "pages".',
        'Write a route like /pricing, or a pattern like /de/** or /resources/*.',
      ],
    ]);
    expect(at('page: [')).toEqual([
      [47, 'unknown-field', 'Unknown field "page" in item 4 of "people".', expect.any(String)],
    ]);
    expect(problems.every((p) => p.file === 'site.config.yaml')).toBe(true);
  });

  it('a person twice (in any case) and a group twice: at the second entry', () => {
    const { problems, lineOf } = check(
      [
        'team:',
        '  people:',
        '    - { email: lena@example.com, role: author }',
        '    - { email: Lena@Example.com, role: admin }',
        '  groups:',
        '    - { group: leads, role: publisher }',
        '    - { group: leads, role: author }',
        '',
      ].join('\n'),
    );
    expect(problems.map((p) => [p.code, p.line])).toEqual([
      ['team-person-twice', lineOf('Lena@Example.com')],
      ['team-group-twice', lineOf('{ group: leads, role: author }')],
    ]);
    expect(problems[0]!.col).toBe('    - { email: Lena@Example.com'.indexOf('Lena') + 1);
    expect(problems[0]!.message).toBe(
      '"Lena@Example.com" is on the team twice (e-mail addresses are compared in any case).',
    );
  });
});
