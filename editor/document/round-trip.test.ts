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

const git = (...args: string[]) => execFileSync('git', args, { cwd: repo, encoding: 'utf8' });

interface Hunk {
  oldStart: number;
  oldCount: number;
  newStart: number;
  newCount: number;
  removed: string[];
  added: string[];
}

function diff(file: string): Hunk[] {
  const out = git('diff', '-U0', '--no-color', '--', file);
  const hunks: Hunk[] = [];
  for (const line of out.split('\n')) {
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
  return hunks;
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

  it.each(pages)('%s: changing one text field changes exactly its lines', (file) => {
    const text = original(file);
    for (const field of [['title'], firstTextField(text)].filter(Boolean) as FieldPath[]) {
      const value = parseDocument(text).getIn(field);
      if (typeof value !== 'string') continue;
      const edited = setValue(text, field, `${value.replace(/\n+$/, '')} (edited)`);
      expect(lastEditReprinted).toBe(false);
      save(file, edited);
      const before = nodeRangeAt(text, field)!;
      const after = nodeRangeAt(edited, field)!;
      const hunks = diff(file);
      expect(hunks, `${file} ${field.join('.')}`).toHaveLength(1);
      const [hunk] = hunks;
      // The removed lines are the field's old lines (or part of them: a folded paragraph keeps
      // unchanged lines)…
      expect(hunk!.oldStart).toBeGreaterThanOrEqual(before.line);
      expect(hunk!.oldStart + hunk!.oldCount - 1).toBeLessThanOrEqual(before.endLine);
      expect(hunk!.removed).toEqual(
        lines(text, hunk!.oldStart, hunk!.oldStart + hunk!.oldCount - 1),
      );
      // …and the added ones are the field's new lines, which read back as the new value.
      expect(hunk!.newStart).toBeGreaterThanOrEqual(after.line);
      expect(hunk!.newStart + hunk!.newCount - 1).toBeLessThanOrEqual(after.endLine);
      expect(parseDocument(edited).getIn(field)).toBe(
        `${value.replace(/\n+$/, '')} (edited)${value.match(/\n+$/)?.[0] ?? ''}`,
      );
      restore(file);
      expect(diff(file)).toEqual([]);
    }
  });

  it.each(pages)(
    '%s: adding, removing, moving and duplicating blocks touches only those blocks',
    (file) => {
      const text = original(file);
      const blocks = (parseDocument(text).toJS() as { blocks: unknown[] }).blocks;
      const blockLines = (t: string, index: number) => {
        const range = nodeRangeAt(t, ['blocks', index])!;
        return lines(t, range.line, range.endLine);
      };

      // Duplicate the last block: only its copy is added, nothing removed.
      const last = blocks.length - 1;
      save(file, duplicateItem(text, ['blocks'], last));
      let hunks = diff(file);
      expect(hunks.flatMap((h) => h.removed)).toEqual([]);
      expect(hunks.flatMap((h) => h.added).filter((line) => line.trim())).toEqual(
        blockLines(text, last).filter((line) => line.trim()),
      );
      restore(file);

      // Remove the first block: only its lines (and one blank separator) go; the only block leaves
      // `blocks: []`.
      save(file, removeItem(text, ['blocks'], 0));
      hunks = diff(file);
      expect(hunks.flatMap((h) => h.added)).toEqual(blocks.length === 1 ? ['blocks: []'] : []);
      expect(hunks.flatMap((h) => h.removed).filter((line) => line.trim())).toEqual([
        ...(blocks.length === 1 ? ['blocks:'] : []),
        ...blockLines(text, 0).filter((line) => line.trim()),
      ]);
      restore(file);

      if (blocks.length > 1) {
        // Move the second block up: the two blocks' lines change places, nothing else moves.
        const moved = moveItem(text, ['blocks'], 1, 0);
        save(file, moved);
        const first = nodeRangeAt(text, ['blocks', 0])!;
        const second = nodeRangeAt(text, ['blocks', 1])!;
        // Everything git shows lies between the first block's first line and the line before the
        // third block.
        const limit =
          blocks.length > 2 ? nodeRangeAt(text, ['blocks', 2])!.line - 1 : second.endLine + 1;
        for (const hunk of diff(file)) {
          // A hunk that only adds lines is written as "after line oldStart" (oldCount 0).
          const from = hunk.oldCount === 0 ? hunk.oldStart + 1 : hunk.oldStart;
          const to = hunk.oldCount === 0 ? hunk.oldStart : hunk.oldStart + hunk.oldCount - 1;
          expect(from).toBeGreaterThanOrEqual(first.line);
          expect(to).toBeLessThanOrEqual(limit);
        }
        expect(blockLines(moved, 0)).toEqual(blockLines(text, 1));
        expect(blockLines(moved, 1)).toEqual(blockLines(text, 0));
        restore(file);
      }

      // Add a block before the last one: only added lines.
      save(
        file,
        insertItem(text, ['blocks'], last, {
          type: 'richText',
          heading: 'Added by the editor',
          paragraphs: ['One paragraph.'],
        }),
      );
      hunks = diff(file);
      expect(hunks.flatMap((h) => h.removed)).toEqual([]);
      expect(hunks.flatMap((h) => h.added).filter((line) => line.trim())).toEqual([
        '  - type: richText',
        '    heading: Added by the editor',
        '    paragraphs:',
        '      - One paragraph.',
      ]);
      restore(file);
      expect(lastEditReprinted).toBe(false);
    },
  );
});
