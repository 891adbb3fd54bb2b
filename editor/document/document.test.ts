import { describe, expect, it } from 'vitest';
import {
  deleteKey,
  duplicateItem,
  insertItem,
  lastEditReprinted,
  moveItem,
  nodeRangeAt,
  pathAt,
  removeItem,
  setValue,
} from './index.ts';

const page = `# A comment at the top
title: Hotels   # trailing comment
description: 'Single quoted'
aliases: [/a, /b]
blocks:
  - type: hero
    title: "Double quoted"
    subtitle: >-
      A folded paragraph that goes on
      over three lines so that one word
      can change without the others.
    actions:
      - { label: Book, href: /book }
      - { label: Read, href: /read }

  - type: faq
    items:
      - question: One?
        answer: |
          Yes.
          Really.
      - question: Two?
        answer: No.

  - type: ctaBand
    heading: Last
`;

/** The edit must change exactly these lines: [removed, added]. */
function changed(before: string, after: string): [string[], string[]] {
  const a = before.split('\n');
  const b = after.split('\n');
  let start = 0;
  while (start < a.length && a[start] === b[start]) start++;
  let end = 0;
  while (
    end < a.length - start &&
    end < b.length - start &&
    a[a.length - 1 - end] === b[b.length - 1 - end]
  )
    end++;
  return [a.slice(start, a.length - end), b.slice(start, b.length - end)];
}

describe('setValue keeps the style the value was written in', () => {
  it('plain stays plain, and the trailing comment stays', () => {
    expect(changed(page, setValue(page, ['title'], 'Resorts'))).toEqual([
      ['title: Hotels   # trailing comment'],
      ['title: Resorts   # trailing comment'],
    ]);
  });
  it('single and double quotes stay', () => {
    expect(changed(page, setValue(page, ['description'], "It's here"))).toEqual([
      ["description: 'Single quoted'"],
      ["description: 'It''s here'"],
    ]);
    expect(changed(page, setValue(page, ['blocks', 0, 'title'], 'Say "hi"'))).toEqual([
      ['    title: "Double quoted"'],
      ['    title: "Say \\"hi\\""'],
    ]);
  });
  it('a new empty text, quoted because it is empty, is written plainly once typed into', () => {
    const added = insertItem(page, ['blocks', 1, 'items'], 2, { question: '', answer: '' });
    expect(added).toContain('- question: ""');
    const typed = setValue(added, ['blocks', 1, 'items', 2, 'question'], 'Can I try it?');
    expect(changed(added, typed)).toEqual([
      ['      - question: ""'],
      ['      - question: Can I try it?'],
    ]);
  });

  it('plain text that would read as something else gets quotes', () => {
    expect(changed(page, setValue(page, ['title'], 'Pricing: simple'))).toEqual([
      ['title: Hotels   # trailing comment'],
      ['title: "Pricing: simple"   # trailing comment'],
    ]);
    expect(changed(page, setValue(page, ['title'], 'true'))).toEqual([
      ['title: Hotels   # trailing comment'],
      ['title: "true"   # trailing comment'],
    ]);
    expect(
      changed(page, setValue(page, ['blocks', 0, 'actions', 0, 'label'], 'Book, now')),
    ).toEqual([
      ['      - { label: Book, href: /book }'],
      ['      - { label: "Book, now", href: /book }'],
    ]);
  });
  it('a folded paragraph keeps its line breaks where the words did not change', () => {
    const after = setValue(
      page,
      ['blocks', 0, 'subtitle'],
      'A folded paragraph that goes on over three lines so that one phrase can change without the others.',
    );
    expect(changed(page, after)).toEqual([
      ['      over three lines so that one word'],
      ['      over three lines so that one phrase'],
    ]);
  });
  it('a literal block stays literal', () => {
    expect(
      changed(page, setValue(page, ['blocks', 1, 'items', 0, 'answer'], 'Yes.\nTruly.\n')),
    ).toEqual([['          Really.'], ['          Truly.']]);
  });
  it('a long line is never folded', () => {
    const long = 'word '.repeat(60).trim();
    expect(changed(page, setValue(page, ['title'], long))[1]).toEqual([
      `title: ${long}   # trailing comment`,
    ]);
  });
  it('a new key goes where the schema order puts it, indented like its neighbours', () => {
    expect(
      changed(
        page,
        setValue(page, ['blocks', 0, 'badge'], 'New', ['type', 'badge', 'title', 'subtitle']),
      ),
    ).toEqual([[], ['    badge: New']]);
    const after = setValue(page, ['blocks', 0, 'badge'], 'New', ['type', 'badge', 'title']);
    expect(after.split('\n')[6]).toBe('    badge: New');
  });
  it('missing parents are created', () => {
    expect(
      changed(page, setValue(page, ['blocks', 2, 'action'], { label: 'Go', href: '/go' })),
    ).toEqual([[], ['    action:', '      label: Go', '      href: /go']]);
  });
  it('writes nothing twice and never reprints the file', () => {
    expect(setValue(page, ['title'], 'Hotels')).toBe(page);
    expect(
      setValue(
        page,
        ['blocks', 0, 'subtitle'],
        'A folded paragraph that goes on over three lines so that one word can change without the others.',
      ),
    ).toBe(page);
    expect(lastEditReprinted).toBe(false);
  });
});

describe('a whole block or list handed back by a form', () => {
  it('changes only the fields that differ, keeping comments and styles of the rest', () => {
    const block = {
      type: 'hero',
      title: 'Changed',
      subtitle:
        'A folded paragraph that goes on over three lines so that one word can change without the others.',
      actions: [
        { label: 'Book', href: '/book' },
        { label: 'Read', href: '/read' },
      ],
    };
    expect(changed(page, setValue(page, ['blocks', 0], block))).toEqual([
      ['    title: "Double quoted"'],
      ['    title: "Changed"'],
    ]);
  });
  it('a list with one more item is an insert, one less a removal', () => {
    const items = [
      { question: 'One?', answer: 'Yes.\nReally.\n' },
      { question: 'New?', answer: 'Yes.' },
      { question: 'Two?', answer: 'No.' },
    ];
    expect(changed(page, setValue(page, ['blocks', 1, 'items'], items))).toEqual([
      [],
      ['      - question: New?', '        answer: Yes.'],
    ]);
    expect(changed(page, setValue(page, ['aliases'], ['/b']))).toEqual([
      ['aliases: [/a, /b]'],
      ['aliases: [/b]'],
    ]);
  });
});

describe('lists: add, remove, move and duplicate touch only their items', () => {
  it('adds an item in the style of its neighbours (flow maps stay flow maps)', () => {
    expect(
      changed(
        page,
        insertItem(page, ['blocks', 0, 'actions'], 2, { label: 'Call', href: '/call' }),
      ),
    ).toEqual([[], ['      - { label: Call, href: /call }']]);
    expect(
      changed(
        page,
        insertItem(page, ['blocks', 1, 'items'], 2, { question: 'Three?', answer: 'Maybe.' }),
      ),
    ).toEqual([[], ['      - question: Three?', '        answer: Maybe.']]);
    expect(changed(page, insertItem(page, ['aliases'], 1, '/c'))).toEqual([
      ['aliases: [/a, /b]'],
      ['aliases: [/a, /c, /b]'],
    ]);
  });
  it('a new multi-line text is written as an indented | block, without reprinting the file', () => {
    expect(changed(page, insertItem(page, ['aliases'], 0, '/c'))).toEqual([
      ['aliases: [/a, /b]'],
      ['aliases: [/c, /a, /b]'],
    ]);
    const after = setValue(page, ['blocks', 2, 'text'], 'One\nTwo');
    expect(lastEditReprinted).toBe(false);
    expect(changed(page, after)).toEqual([[], ['    text: |-', '      One', '      Two']]);
    const item = insertItem(page, ['blocks', 1, 'items'], 0, 'Line one\nLine two\n');
    expect(lastEditReprinted).toBe(false);
    expect(changed(page, item)).toEqual([
      [],
      ['      - |', '        Line one', '        Line two'],
    ]);
  });

  it('adds a block with the blank line the blocks are separated by', () => {
    const after = insertItem(page, ['blocks'], 1, { type: 'richText', heading: 'New' });
    expect(changed(page, after)).toEqual([[], ['  - type: richText', '    heading: New', '']]);
  });
  it('removes an item and one blank line with it', () => {
    expect(changed(page, removeItem(page, ['blocks'], 1))).toEqual([
      [
        '  - type: faq',
        '    items:',
        '      - question: One?',
        '        answer: |',
        '          Yes.',
        '          Really.',
        '      - question: Two?',
        '        answer: No.',
        '',
      ],
      [],
    ]);
    expect(changed(page, removeItem(page, ['blocks', 1, 'items'], 1))).toEqual([
      ['      - question: Two?', '        answer: No.'],
      [],
    ]);
  });
  it('moves an item: the gaps stay, only the two items change places', () => {
    const after = moveItem(page, ['blocks'], 2, 1);
    expect(after.split('\n').slice(15)).toEqual([
      '  - type: ctaBand',
      '    heading: Last',
      '',
      '  - type: faq',
      '    items:',
      '      - question: One?',
      '        answer: |',
      '          Yes.',
      '          Really.',
      '      - question: Two?',
      '        answer: No.',
      '',
    ]);
    expect(changed(page, moveItem(page, ['blocks', 0, 'actions'], 1, 0))).toEqual([
      ['      - { label: Book, href: /book }', '      - { label: Read, href: /read }'],
      ['      - { label: Read, href: /read }', '      - { label: Book, href: /book }'],
    ]);
  });
  it('duplicates an item right after itself', () => {
    expect(changed(page, duplicateItem(page, ['blocks', 1, 'items'], 1))).toEqual([
      [],
      ['      - question: Two?', '        answer: No.'],
    ]);
    expect(changed(page, duplicateItem(page, ['aliases'], 0))).toEqual([
      ['aliases: [/a, /b]'],
      ['aliases: [/a, /a, /b]'],
    ]);
  });
  it('deletes a key, also the first one after "- "', () => {
    expect(changed(page, deleteKey(page, ['blocks', 0, 'subtitle']))).toEqual([
      [
        '    subtitle: >-',
        '      A folded paragraph that goes on',
        '      over three lines so that one word',
        '      can change without the others.',
      ],
      [],
    ]);
    expect(changed(page, deleteKey(page, ['blocks', 2, 'type']))).toEqual([
      ['  - type: ctaBand', '    heading: Last'],
      ['  - heading: Last'],
    ]);
  });
  it('removing the last item leaves an empty list', () => {
    const one = removeItem(page, ['blocks', 0, 'actions'], 1);
    expect(changed(one, removeItem(one, ['blocks', 0, 'actions'], 0))).toEqual([
      ['    actions:', '      - { label: Book, href: /book }'],
      ['    actions: []'],
    ]);
  });
});

describe('line ends', () => {
  it('a file with Windows line ends keeps them, new lines included', () => {
    const windows = page.replace(/\n/g, '\r\n');
    const after = insertItem(setValue(windows, ['title'], 'Resorts'), ['blocks', 1, 'items'], 2, {
      question: 'Three?',
      answer: 'Maybe.',
    });
    expect(after.replace(/\r\n/g, '')).not.toContain('\n');
    expect(after).toContain('title: Resorts   # trailing comment\r\n');
    expect(after).toContain('      - question: Three?\r\n        answer: Maybe.\r\n');
  });
});

describe('positions ↔ fields', () => {
  it('pathAt finds the field at a line and column, nodeRangeAt where a field is written', () => {
    expect(pathAt(page, 7, 12)).toEqual(['blocks', 0, 'title']);
    expect(pathAt(page, 7, 5)).toEqual(['blocks', 0, 'title']);
    expect(pathAt(page, 6, 5)).toEqual(['blocks', 0]);
    expect(pathAt(page, 14, 18)).toEqual(['blocks', 0, 'actions', 1, 'label']);
    expect(nodeRangeAt(page, ['blocks', 0, 'subtitle'])).toEqual({ line: 8, col: 15, endLine: 11 });
    expect(nodeRangeAt(page, ['blocks', 1])).toEqual({ line: 16, col: 5, endLine: 23 });
  });
});

/** Counterexamples `edit.property.test.ts` found, shrunk; each one failed before its fix. */
describe('texts that only quotes can hold', () => {
  it('a text that reads as an alias (`*Note`) is quoted, not an error', () => {
    expect(changed(page, setValue(page, ['title'], '*!'))).toEqual([
      ['title: Hotels   # trailing comment'],
      ['title: "*!"   # trailing comment'],
    ]);
    expect(setValue(page, ['blocks', 2, 'heading'], '*Note')).toContain('heading: "*Note"');
  });

  it('a carriage return in a folded paragraph: double quotes there, not the whole file reprinted', () => {
    expect(changed(page, setValue(page, ['blocks', 0, 'subtitle'], '\r'))).toEqual([
      [
        '    subtitle: >-',
        '      A folded paragraph that goes on',
        '      over three lines so that one word',
        '      can change without the others.',
      ],
      ['    subtitle: "\\r"'],
    ]);
    expect(lastEditReprinted).toBe(false);
  });

  it('a text of a line break and a space is quoted (as a block it would read back empty)', () => {
    expect(changed(page, setValue(page, ['blocks', 2, 'heading'], '\n '))).toEqual([
      ['    heading: Last'],
      ['    heading: "\\n "'],
    ]);
    expect(lastEditReprinted).toBe(false);
  });

  it('a new item whose last text ends in a blank line, in a list of items with blank lines between', () => {
    const after = insertItem(page, ['blocks'], 1, { type: 'ctaBand', heading: 'x\n\n' });
    expect(changed(page, after)).toEqual([[], ['  - type: ctaBand', '    heading: "x\\n\\n"', '']]);
    expect(lastEditReprinted).toBe(false);
  });

  it('a new item whose last text is a line break alone', () => {
    const after = insertItem(page, ['blocks'], 1, { type: 'ctaBand', heading: '\n' });
    expect(changed(page, after)).toEqual([[], ['  - type: ctaBand', '    heading: "\\n"', '']]);
    expect(lastEditReprinted).toBe(false);
  });

  it('a text with a line break in a new flow-style item', () => {
    const after = insertItem(page, ['blocks', 0, 'actions'], 0, { label: 'Go', href: 'a\n0' });
    expect(changed(page, after)).toEqual([[], ['      - { label: Go, href: "a\\n0" }']]);
    expect(lastEditReprinted).toBe(false);
  });
});

describe('a file yaml reads only to throw', () => {
  it('an alias of no anchor elsewhere: the edit is refused with where, not yaml’s ReferenceError', () => {
    expect(() => setValue('title: *a\ndescription: Gone\n', ['description'], 'x')).toThrow(
      'The file cannot be read as YAML (line 1, column 8); fix it in the text before editing fields.',
    );
  });
});
