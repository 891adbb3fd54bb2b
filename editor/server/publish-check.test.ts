import { cpSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { checkSiteForPublish } from './publish-check.ts';
import { ValidationCache } from '../../engine/validation-cache.ts';
import { projectRoot } from '../../tests/helpers/project-copy.ts';
import type { CheckProblem } from '../git/publish.ts';

/**
 * A refused publish read in words: each problem names its page and field as the form does and says
 * what to do, never a file:line:col, a YAML key in quotes, a block's type as written in the file, a
 * route, an alias or a command.
 */
const DEVELOPER_WORDS = [
  /\.ya?ml\b/,
  /:\d+:\d+/,
  /"[a-z]+[A-Z][A-Za-z]*"/, // a key or block type as written: "richText", "ctaBand"
  /"(title|href|src|alt|items|blocks|heading)"/,
  /\b(alias|route|npm|source's)\b/,
  /`/,
];

let root: string;
let problems: CheckProblem[];

function change(file: string, edit: (text: string) => string) {
  const at = path.join(root, file);
  writeFileSync(at, edit(readFileSync(at, 'utf8')));
}

beforeAll(() => {
  root = mkdtempSync(path.join(tmpdir(), 'publish-check-'));
  for (const entry of ['pages', 'public', 'site.config.yaml'])
    cpSync(path.join(projectRoot, entry), path.join(root, entry), { recursive: true });
  // The hero's title emptied; a link to no page; a block moved by hand in the English page (its
  // translations no longer follow it).
  change('pages/solutions/hotels.yaml', (text) => {
    const emptied = text.replace(/^ {4}title: .*$/m, '    title: ""');
    const start = emptied.indexOf('  - type: breadcrumbs');
    const end = emptied.indexOf('  - type:', start + 5);
    const block = emptied.slice(start, end);
    return `${(emptied.slice(0, start) + emptied.slice(end)).trimEnd()}\n\n${block}`;
  });
  change('pages/pricing.yaml', (text) => text.replace('href: /book-demo', 'href: /nowhere'));
  problems = checkSiteForPublish(root).problems;
});
afterAll(() => rmSync(root, { recursive: true, force: true }));

describe('a refused publish in the form’s words', () => {
  it('names page and field, says what to do, with no developer word', () => {
    const codes = new Set(problems.map((problem) => problem.code));
    expect([...codes].sort()).toEqual(['broken-link', 'empty-text', 'translation-block-moved']);
    for (const problem of problems) {
      expect(problem.place).toMatch(/^Page \/\S* › /);
      expect(problem.hint).toBeTruthy();
      for (const words of [problem.message, problem.hint ?? '', problem.place ?? ''])
        for (const word of DEVELOPER_WORDS) expect(words).not.toMatch(word);
    }
  });

  it('an empty field: the place names it, the message does not repeat its key', () => {
    const empty = problems.find((problem) => problem.code === 'empty-text')!;
    expect(empty.place).toBe('Page /solutions/hotels › Hero › Title');
    expect(empty.message).toBe('This field is empty.');
  });

  it('a block out of place in a translation: the blocks by their names in the form', () => {
    const moved = problems.find((problem) => problem.code === 'translation-block-moved')!;
    expect(moved.place).toBe('Page /de/solutions/hotels › Breadcrumbs');
    expect(moved.message).toBe(
      'Block 2 is a Breadcrumbs block here, but a Rich text block on the original page.',
    );
  });
});

describe('one validation cache for several copies of a site (team workspaces)', () => {
  it('finds in each copy what a check without the cache finds, whichever copy filled it', () => {
    const cache = ValidationCache.inMemory()!;
    const clean = mkdtempSync(path.join(tmpdir(), 'publish-check-clean-'));
    try {
      for (const entry of ['pages', 'public', 'site.config.yaml'])
        cpSync(path.join(projectRoot, entry), path.join(clean, entry), { recursive: true });
      // The broken copy fills the cache; the clean one has the same files but two.
      expect(checkSiteForPublish(root, cache).problems).toEqual(problems);
      expect(checkSiteForPublish(clean, cache).problems).toEqual([]);
      expect(checkSiteForPublish(root, cache).problems).toEqual(problems);
      // A file the clean copy changes now is checked again there, not taken from the cache.
      writeFileSync(
        path.join(clean, 'pages/pricing.yaml'),
        readFileSync(path.join(clean, 'pages/pricing.yaml'), 'utf8').replace(
          'href: /book-demo',
          'href: /nowhere',
        ),
      );
      expect(checkSiteForPublish(clean, cache).problems.map((p) => p.code)).toEqual([
        'broken-link',
      ]);
    } finally {
      rmSync(clean, { recursive: true, force: true });
    }
  });
});
