import { describe, expect, it } from 'vitest';
import { MAX_PAGE_BYTES } from '../../engine/read-page-file.ts';
import { mergeAuthorFile, wholeFileConflicts } from './merge-file.ts';
import { conflictsAsTheyAreNow } from './conflicts-now.ts';
import { resolveConflictsOnto } from './merge.ts';
import {
  conflictsNowOffThread,
  mergeAuthorFileOffThread,
  resolveOffThread,
} from './merge-thread.ts';

const page = (title: string, body = 'Hello') =>
  `title: ${title}\nblocks:\n  - type: text\n    body: ${body}\n`;
const sides = (base: string | Buffer, ours: string | Buffer, theirs: string | Buffer) => ({
  file: 'pages/about.yaml',
  base: Buffer.from(base),
  ours: Buffer.from(ours),
  theirs: Buffer.from(theirs),
});

describe('mergeAuthorFile', () => {
  it('combines two changes to different fields', () => {
    const result = mergeAuthorFile(sides(page('A'), page('B'), page('A', 'Bye')));
    expect(result).toEqual({ text: page('B', 'Bye'), conflicts: [] });
  });

  it('takes a side as bytes when only one changed, whatever its bytes', () => {
    const latin1 = Buffer.from('title: caf\xe9\n', 'latin1');
    expect(mergeAuthorFile(sides(page('A'), page('A'), latin1))).toEqual({ take: 'theirs' });
    expect(mergeAuthorFile(sides(page('A'), latin1, page('A')))).toEqual({ take: 'ours' });
  });

  it('keeps bytes that are not UTF-8 as a whole-file choice, never as U+FFFD', () => {
    const latin1 = Buffer.from('title: caf\xe9\n', 'latin1');
    expect(mergeAuthorFile(sides(page('A'), page('B'), latin1))).toEqual({ conflict: 'not-utf8' });
  });

  it('measures the page limit on the bytes, before anything is parsed', () => {
    const huge = `title: A\nbody: ${'x'.repeat(MAX_PAGE_BYTES)}\n`;
    expect(mergeAuthorFile(sides(page('A'), page('B'), huge))).toEqual({ conflict: 'too-large' });
  });

  it('refuses an alias bomb as a file that cannot be read field by field', () => {
    const rows = ['a: &a [x, x, x, x, x, x, x, x, x]'];
    for (const name of 'bcdefgh') {
      const prev = String.fromCharCode(name.charCodeAt(0) - 1);
      rows.push(`${name}: &${name} [${Array(9).fill(`*${prev}`).join(', ')}]`);
    }
    const bomb = rows.join('\n') + '\n';
    expect(mergeAuthorFile(sides(page('A'), page('B'), bomb))).toEqual({ conflict: 'not-yaml' });
  });

  it('makes a removed or twice-added file and a public file a whole-file choice', () => {
    const removed = {
      file: 'pages/a.yaml',
      base: Buffer.from('a: 1\n'),
      ours: Buffer.from('a: 2\n'),
    };
    expect(mergeAuthorFile(removed)).toEqual({ conflict: 'removed' });
    const added = {
      file: 'pages/a.yaml',
      ours: Buffer.from('a: 1\n'),
      theirs: Buffer.from('a: 2\n'),
    };
    expect(mergeAuthorFile(added)).toEqual({ conflict: 'added-twice' });
    const image = { ...sides('a', 'b', 'c'), file: 'public/logo.png' };
    expect(mergeAuthorFile(image)).toEqual({ conflict: 'not-text' });
  });

  it('labels a whole-file choice in words', () => {
    const [conflict] = wholeFileConflicts('not-utf8');
    expect(conflict).toMatchObject({ id: 'whole-file', path: [] });
    expect(conflict!.label).toMatch(/^The whole file \(.*cannot read/);
  });
});

describe('mergeAuthorFileOffThread', () => {
  it('merges a large page on its thread with the same result', async () => {
    const body = Array.from({ length: 200 }, (_, i) => `  - type: text\n    body: item ${i}\n`);
    const base = `title: A\nblocks:\n${body.join('')}`;
    const ours = base.replace('title: A', 'title: B');
    const theirs = base.replace('item 199\n', 'item changed\n');
    expect(base.length).toBeGreaterThan(4096);
    const input = sides(base, ours, theirs);
    const result = await mergeAuthorFileOffThread(input);
    expect(result).toEqual(mergeAuthorFile(input));
    expect(result).toMatchObject({ conflicts: [] });
    expect('text' in result && result.text).toBe(ours.replace('item 199\n', 'item changed\n'));
  });

  it('answers a 50 MB value at once, without merging it', async () => {
    const huge = `title: A\nbody: ${'x'.repeat(50 * 1024 * 1024)}\n`;
    const result = await mergeAuthorFileOffThread(sides(page('A'), page('B'), huge));
    expect(result).toEqual({ conflict: 'too-large' });
  });

  it('lays a choice over a large page, and shows its conflicts as it is now, on the thread', async () => {
    const body = Array.from({ length: 200 }, (_, i) => `  - type: text\n    body: item ${i}\n`);
    const base = `title: A\nblocks:\n${body.join('')}`;
    const input = {
      file: 'pages/about.yaml',
      base,
      ours: base.replace('title: A', 'title: B'),
      theirs: base.replace('title: A', 'title: C'),
    };
    // The author wrote in the field after the conflict was found.
    const now = base.replace('title: A', 'title: B later');
    const [conflict] = conflictsAsTheyAreNow(now, input);
    expect(conflict).toMatchObject({ ours: 'B later', theirs: 'C' });
    expect(await conflictsNowOffThread(now, input, [])).toEqual([conflict]);
    const choices = { [conflict!.id]: { pick: 'theirs' as const } };
    const resolved = await resolveOffThread(now, input, choices);
    expect(resolved).toBe(resolveConflictsOnto(now, input, choices));
    expect(resolved).toBe(base.replace('title: A', 'title: C'));
  });
});
