import { execFileSync } from 'node:child_process';
import { cpSync, mkdtempSync, readFileSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { isMap, isScalar, isSeq, parseDocument, type Node, type Pair } from 'yaml';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { listPageFiles } from '../../engine/load-site.ts';
import { ProjectFiles } from '../server/files.ts';
import type { FieldPath } from '../shared/api.ts';
import {
  duplicateItem,
  insertItem,
  lastEditReprinted,
  moveItem,
  nodeRangeAt,
  removeItem,
  setValue,
} from './index.ts';

/**
 * Issue 11's round trip, on every page of the site, in a throw-away git repository holding a copy
 * of pages/: each edit goes through the editor's save path (ProjectFiles.save, what PUT /api/file
 * calls) and `git diff -U0` must show exactly the lines of what was edited.
 */
const projectRoot = path.resolve(import.meta.dirname, '../..');
let repo: string;
let files: ProjectFiles;
const pages = listPageFiles(projectRoot);

const git = (...args: string[]) =>
  execFileSync('git', ['-c', 'core.quotepath=off', ...args], { cwd: repo, encoding: 'utf8' });

interface Hunk {
  oldStart: number;
  oldCount: number;
  newStart: number;
  newCount: number;
  removed: string[];
  added: string[];
}

/**
 * `git diff -U0` of every page at once, file by file (one git command for all the pages' edits of a
 * round: a command per page and edit was most of this file's time).
 */
function diffAll(): Map<string, Hunk[]> {
  const out = git('diff', '-U0', '--no-color', '--no-renames', '--', 'pages');
  const byFile = new Map<string, Hunk[]>();
  let hunks: Hunk[] = [];
  for (const line of out.split('\n')) {
    const file = /^diff --git a\/(.*) b\/\1$/.exec(line);
    if (file) {
      hunks = [];
      byFile.set(file[1]!, hunks);
      continue;
    }
    const header = /^@@ -(\d+)(?:,(\d+))? \+(\d+)(?:,(\d+))? @@/.exec(line);
    if (header)
      hunks.push({
        oldStart: +header[1]!,
        oldCount: header[2] === undefined ? 1 : +header[2],
        newStart: +header[3]!,
        newCount: header[4] === undefined ? 1 : +header[4],
        removed: [],
        added: [],
      });
    else if (hunks.length && line.startsWith('-') && !line.startsWith('---'))
      hunks.at(-1)!.removed.push(line.slice(1));
    else if (hunks.length && line.startsWith('+') && !line.startsWith('+++'))
      hunks.at(-1)!.added.push(line.slice(1));
  }
  return byFile;
}

function save(file: string, text: string) {
  const current = files.read(file);
  const result = files.save(file, text, current.version);
  expect(result.ok).toBe(true);
}

const original = (file: string) => readFileSync(path.join(projectRoot, file), 'utf8');
const restore = (file: string) => save(file, original(file));
const lines = (text: string, from: number, to: number) => text.split('\n').slice(from - 1, to);

/** The first text field (string scalar) under `blocks`, in the order it is written. */
function firstTextField(text: string): FieldPath | undefined {
  const doc = parseDocument(text);
  const walk = (node: Node | null, at: FieldPath): FieldPath | undefined => {
    if (isScalar(node))
      return typeof node.value === 'string' && at[at.length - 1] !== 'type' ? at : undefined;
    if (isMap(node))
      for (const pair of node.items as Pair[]) {
        const found = walk(pair.value as Node, [
          ...at,
          String((pair.key as { value: unknown }).value),
        ]);
        if (found) return found;
      }
    if (isSeq(node))
      for (let i = 0; i < node.items.length; i++) {
        const found = walk(node.items[i] as Node, [...at, i]);
        if (found) return found;
      }
    return undefined;
  };
  return walk(doc.getIn(['blocks'], true) as Node, ['blocks']);
}

beforeAll(() => {
  repo = mkdtempSync(path.join(os.tmpdir(), 'editor-round-trip-'));
  cpSync(path.join(projectRoot, 'pages'), path.join(repo, 'pages'), { recursive: true });
  git('init', '-q');
  git('-c', 'user.email=t@example.com', '-c', 'user.name=t', 'add', '.');
  git('-c', 'user.email=t@example.com', '-c', 'user.name=t', 'commit', '-qm', 'pages');
  files = new ProjectFiles(repo);
});
afterAll(() => rmSync(repo, { recursive: true, force: true }));

describe(`round trip on every page (${pages.length} files)`, () => {
  it('saving every page unchanged changes zero bytes, also when each field is written back with its own value', () => {
    for (const file of pages) {
      const text = original(file);
      let same = text;
      const data = parseDocument(text).toJS() as { title?: unknown };
      if (typeof data.title === 'string') same = setValue(same, ['title'], data.title);
      const field = firstTextField(text);
      if (field) same = setValue(same, field, parseDocument(text).getIn(field));
      expect(same, file).toBe(text);
      save(file, same);
    }
    expect(git('status', '--porcelain')).toBe('');
  });

  /**
   * One round: `edit` (undefined: nothing to do on that page) saved on every page, one `git diff`
   * for all of them, `check` on each page's hunks, then every page saved back as it was (git then
   * shows no difference at all).
   */
  function round(
    edit: (file: string, text: string) => string | undefined,
    check: (file: string, text: string, edited: string, hunks: Hunk[]) => void,
  ) {
    const edits = new Map<string, string>();
    for (const file of pages) {
      const edited = edit(file, original(file));
      if (edited === undefined) continue;
      save(file, edited);
      edits.set(file, edited);
    }
    expect(edits.size).toBeGreaterThan(0);
    const hunks = diffAll();
    for (const [file, edited] of edits) check(file, original(file), edited, hunks.get(file) ?? []);
    for (const file of edits.keys()) restore(file);
    expect(git('status', '--porcelain')).toBe('');
  }

  const fields: Array<[string, (text: string) => FieldPath | undefined]> = [
    ['the title', () => ['title']],
    ['the first text field of the blocks', firstTextField],
  ];
  it.each(fields)('changing %s of every page changes exactly its lines', (_, fieldOf) => {
    const edited = (value: string) =>
      `${value.replace(/\n+$/, '')} (edited)${value.match(/\n+$/)?.[0] ?? ''}`;
    const stringAt = (text: string) => {
      const field = fieldOf(text);
      const value = field && parseDocument(text).getIn(field);
      return typeof value === 'string' ? { field: field!, value } : undefined;
    };
    round(
      (_file, text) => {
        const found = stringAt(text);
        if (!found) return undefined;
        const result = setValue(text, found.field, `${found.value.replace(/\n+$/, '')} (edited)`);
        expect(lastEditReprinted).toBe(false);
        return result;
      },
      (file, text, after, hunks) => {
        const { field, value } = stringAt(text)!;
        const before = nodeRangeAt(text, field)!;
        const range = nodeRangeAt(after, field)!;
        expect(hunks, `${file} ${field.join('.')}`).toHaveLength(1);
        const [hunk] = hunks;
        // The removed lines are the field's old lines (or part of them: a folded paragraph keeps
        // unchanged lines)…
        expect(hunk!.oldStart, file).toBeGreaterThanOrEqual(before.line);
        expect(hunk!.oldStart + hunk!.oldCount - 1, file).toBeLessThanOrEqual(before.endLine);
        expect(hunk!.removed, file).toEqual(
          lines(text, hunk!.oldStart, hunk!.oldStart + hunk!.oldCount - 1),
        );
        // …and the added ones are the field's new lines, which read back as the new value.
        expect(hunk!.newStart, file).toBeGreaterThanOrEqual(range.line);
        expect(hunk!.newStart + hunk!.newCount - 1, file).toBeLessThanOrEqual(range.endLine);
        expect(parseDocument(after).getIn(field), file).toBe(edited(value));
      },
    );
  });

  const blocksOf = (text: string) => (parseDocument(text).toJS() as { blocks: unknown[] }).blocks;
  const blockLines = (t: string, index: number) => {
    const range = nodeRangeAt(t, ['blocks', index])!;
    return lines(t, range.line, range.endLine);
  };
  const notBlank = (list: string[]) => list.filter((line) => line.trim());
  /** The edit of `file` removed nothing and added `expected` (blank lines aside). */
  const onlyAdded = (file: string, hunks: Hunk[], expected: string[]) => {
    expect(
      hunks.flatMap((h) => h.removed),
      file,
    ).toEqual([]);
    expect(notBlank(hunks.flatMap((h) => h.added)), file).toEqual(notBlank(expected));
  };

  it('duplicating the last block of every page adds only its copy, and removes nothing', () => {
    round(
      (_file, text) => duplicateItem(text, ['blocks'], blocksOf(text).length - 1),
      (file, text, _edited, hunks) =>
        onlyAdded(file, hunks, blockLines(text, blocksOf(text).length - 1)),
    );
  });

  it("removing the first block of every page takes only its lines (and one blank separator); the only block leaves 'blocks: []'", () => {
    round(
      (_file, text) => removeItem(text, ['blocks'], 0),
      (file, text, _edited, hunks) => {
        const only = blocksOf(text).length === 1;
        expect(
          hunks.flatMap((h) => h.added),
          file,
        ).toEqual(only ? ['blocks: []'] : []);
        expect(
          hunks.flatMap((h) => h.removed).filter((line) => line.trim()),
          file,
        ).toEqual([
          ...(only ? ['blocks:'] : []),
          ...blockLines(text, 0).filter((line) => line.trim()),
        ]);
      },
    );
  });

  it("moving the second block up on every page swaps the two blocks' lines, and nothing else moves", () => {
    round(
      (_file, text) => (blocksOf(text).length > 1 ? moveItem(text, ['blocks'], 1, 0) : undefined),
      (file, text, moved, hunks) => {
        const count = blocksOf(text).length;
        const first = nodeRangeAt(text, ['blocks', 0])!;
        const second = nodeRangeAt(text, ['blocks', 1])!;
        // Everything git shows lies between the first block's first line and the line before the
        // third block.
        const limit = count > 2 ? nodeRangeAt(text, ['blocks', 2])!.line - 1 : second.endLine + 1;
        expect(hunks.length, file).toBeGreaterThan(0);
        for (const hunk of hunks) {
          // A hunk that only adds lines is written as "after line oldStart" (oldCount 0).
          const from = hunk.oldCount === 0 ? hunk.oldStart + 1 : hunk.oldStart;
          const to = hunk.oldCount === 0 ? hunk.oldStart : hunk.oldStart + hunk.oldCount - 1;
          expect(from, file).toBeGreaterThanOrEqual(first.line);
          expect(to, file).toBeLessThanOrEqual(limit);
        }
        expect(blockLines(moved, 0), file).toEqual(blockLines(text, 1));
        expect(blockLines(moved, 1), file).toEqual(blockLines(text, 0));
      },
    );
  });

  it('adding a block before the last one on every page adds only its lines', () => {
    round(
      (_file, text) =>
        insertItem(text, ['blocks'], blocksOf(text).length - 1, {
          type: 'richText',
          heading: 'Added by the editor',
          paragraphs: ['One paragraph.'],
        }),
      (file, _text, _edited, hunks) =>
        onlyAdded(file, hunks, [
          '  - type: richText',
          '    heading: Added by the editor',
          '    paragraphs:',
          '      - One paragraph.',
        ]),
    );
    expect(lastEditReprinted).toBe(false);
  });
});
