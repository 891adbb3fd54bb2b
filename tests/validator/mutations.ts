import fc from 'fast-check';

/**
 * Random damage to a real page, the kinds an author (or a bad merge, or a bad copy and paste) does:
 * each mutation works on a line picked by `at` (taken modulo the number of lines), so that any
 * mutation fits any page.
 */
export type Mutation =
  | { kind: 'delete-line'; at: number }
  | { kind: 'indent'; at: number; by: number; tab: boolean }
  | { kind: 'insert-text'; at: number; text: string }
  | { kind: 'insert-bytes'; at: number; bytes: number[] }
  | { kind: 'duplicate-line'; at: number }
  | { kind: 'wrong-type'; at: number; value: string }
  | { kind: 'long-string'; at: number; length: number }
  | { kind: 'swap-lines'; at: number; with: number };

const at = fc.nat();

const mutation: fc.Arbitrary<Mutation> = fc.oneof(
  fc.record({ kind: fc.constant('delete-line' as const), at }),
  fc.record({
    kind: fc.constant('indent' as const),
    at,
    by: fc.integer({ min: -4, max: 4 }),
    tab: fc.boolean(),
  }),
  fc.record({
    kind: fc.constant('insert-text' as const),
    at,
    text: fc.oneof(
      fc.string({ unit: 'grapheme', maxLength: 20 }),
      fc.string({ unit: 'binary', maxLength: 20 }),
      fc.constantFrom(
        '\u0000',
        '\ufeff',
        '\u2028',
        '\r',
        '\t',
        ': ',
        '- ',
        '#',
        '&a ',
        '*a',
        '!!js/function',
        '<<: *a',
        '{',
        '[',
        '"',
        "'",
        '%YAML 1.1',
        '---',
        '...',
      ),
    ),
  }),
  fc.record({
    kind: fc.constant('insert-bytes' as const),
    at,
    bytes: fc.array(fc.integer({ min: 0, max: 255 }), { minLength: 1, maxLength: 16 }),
  }),
  fc.record({ kind: fc.constant('duplicate-line' as const), at }),
  fc.record({
    kind: fc.constant('wrong-type' as const),
    at,
    value: fc.constantFrom(
      '[]',
      '{}',
      '123',
      '-1.5e9',
      'true',
      'null',
      '~',
      '"',
      "'",
      '&a',
      '*a',
      '!!binary x',
      '|',
      '>',
      '[1, [2, {a: b}]]',
      '2026-11-26',
      '0x1F',
      '.nan',
      '"\\u0000"',
    ),
  }),
  fc.record({
    kind: fc.constant('long-string' as const),
    at,
    length: fc.oneof(fc.integer({ min: 100, max: 5_000 }), fc.constantFrom(70_000, 300_000)),
  }),
  fc.record({ kind: fc.constant('swap-lines' as const), at, with: at }),
);

export const mutations = fc.array(mutation, { minLength: 1, maxLength: 4 });

/** The page's bytes after the mutations (bytes, because some mutations are not text). */
export function mutate(original: string, list: readonly Mutation[]): Buffer {
  let lines: Buffer[] = original.split('\n').map((line) => Buffer.from(line, 'utf8'));
  for (const change of list) {
    if (!lines.length) lines = [Buffer.alloc(0)];
    const i = change.at % lines.length;
    const line = lines[i]!;
    switch (change.kind) {
      case 'delete-line':
        lines.splice(i, 1);
        break;
      case 'indent': {
        const text = line.toString('latin1');
        const body = text.trimStart();
        const indent = Math.max(0, text.length - body.length + change.by);
        lines[i] = Buffer.from((change.tab ? '\t' : ' ').repeat(indent) + body, 'latin1');
        break;
      }
      case 'insert-text':
      case 'insert-bytes': {
        const insert =
          change.kind === 'insert-text'
            ? Buffer.from(change.text, 'utf8')
            : Buffer.from(change.bytes);
        const cut = (change.at >> 3) % (line.length + 1);
        lines[i] = Buffer.concat([line.subarray(0, cut), insert, line.subarray(cut)]);
        break;
      }
      case 'duplicate-line':
        lines.splice(i, 0, line);
        break;
      case 'wrong-type': {
        const text = line.toString('latin1');
        const colon = text.indexOf(': ');
        lines[i] = Buffer.from(
          colon < 0 ? `${text}: ${change.value}` : `${text.slice(0, colon)}: ${change.value}`,
          'latin1',
        );
        break;
      }
      case 'long-string':
        lines[i] = Buffer.concat([line, Buffer.from(' ' + 'x'.repeat(change.length))]);
        break;
      case 'swap-lines': {
        const j = change.with % lines.length;
        [lines[i], lines[j]] = [lines[j]!, line];
        break;
      }
    }
  }
  return Buffer.concat(
    lines.flatMap((line, index) => (index ? [Buffer.from('\n'), line] : [line])),
  );
}
