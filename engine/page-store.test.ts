import { mkdtempSync, readdirSync, rmSync, truncateSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { isDeepStrictEqual } from 'node:util';
import fc from 'fast-check';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import {
  contentOf,
  givesBackExactly,
  PageStoreReader,
  PageStoreWriter,
  textRecord,
  tidyPageStore,
  type StoredAt,
} from './page-store.ts';

let dir: string;
beforeEach(() => {
  dir = mkdtempSync(path.join(os.tmpdir(), 'page-store-'));
});
afterEach(() => rmSync(dir, { recursive: true, force: true }));

const hashOf = (n: number) => n.toString(16).padStart(40, '0');
const pageOf = (n: number) => ({ title: `Page ${n} — é`, blocks: [{ type: 'hero', n }] });

describe('the page store', () => {
  it('reads back each page a writer kept, in one pack per writer', () => {
    const writers = [new PageStoreWriter(dir), new PageStoreWriter(dir)];
    const kept = Array.from({ length: 20 }, (_, n) => writers[n % 2]!.keep(hashOf(n), pageOf(n)));
    for (const writer of writers) writer.close();
    expect(readdirSync(dir)).toHaveLength(2);
    const reader = new PageStoreReader(dir);
    kept.forEach((at, n) => expect(reader.page(hashOf(n), at!)).toStrictEqual(pageOf(n)));
    reader.close();
  });

  it('keeps a text given in pieces as its UTF-8, record after record of any size', () => {
    const writer = new PageStoreWriter(dir);
    const texts = [
      ['<p>é — ', '→ 😀', '</p>'],
      // Larger than the buffer records are encoded in at first (it grows), then smaller again.
      ['x'.repeat(300_000), 'ü'.repeat(200_000)],
      ['<p>', 'العربية', '</p>'],
    ];
    const kept = texts.map((pieces, n) => {
      const record = textRecord(hashOf(n), pieces);
      expect(contentOf(hashOf(n), record).toString('utf8')).toBe(pieces.join(''));
      return writer.append(record)!;
    });
    writer.close();
    const reader = new PageStoreReader(dir);
    kept.forEach((at, n) =>
      expect(contentOf(hashOf(n), reader.record(hashOf(n), at)!).toString('utf8')).toBe(
        texts[n]!.join(''),
      ),
    );
    reader.close();
  });

  it("never gives a record for another text's hash, nor a damaged or missing one", () => {
    const writer = new PageStoreWriter(dir);
    const first = writer.keep(hashOf(1), pageOf(1))!;
    const second = writer.keep(hashOf(2), pageOf(2))!;
    writer.close();
    const reader = new PageStoreReader(dir);
    expect(reader.page(hashOf(2), first)).toBeUndefined();
    expect(reader.page(hashOf(1), [first[0], first[1] + 1, first[2]])).toBeUndefined();
    expect(reader.page(hashOf(1), ['gone.pack', 0, first[2]])).toBeUndefined();
    expect(reader.page(hashOf(1), ['../elsewhere.pack', 0, first[2]])).toBeUndefined();
    reader.close();
    truncateSync(path.join(dir, first[0]), second[1] + 10);
    const afterCut = new PageStoreReader(dir);
    expect(afterCut.page(hashOf(1), first)).toStrictEqual(pageOf(1));
    expect(afterCut.page(hashOf(2), second)).toBeUndefined();
    afterCut.close();
  });

  it('keeps no page that JSON would not give back exactly', () => {
    const writer = new PageStoreWriter(dir);
    expect(writer.keep(hashOf(1), { title: 'x', when: new Date(0) })).toBeUndefined();
    expect(writer.keep(hashOf(2), { title: 'x', gone: undefined })).toBeUndefined();
    expect(writer.keep(hashOf(3), { title: 'x', n: Number.NaN })).toBeUndefined();
    expect(writer.keep(hashOf(4), { title: 'x', n: -0 })).toBeUndefined();
    // eslint-disable-next-line no-sparse-arrays
    expect(writer.keep(hashOf(5), { title: 'x', list: [1, , 3] })).toBeUndefined();
    expect(
      writer.keep(hashOf(6), Object.assign(Object.create(null), { title: 'x' })),
    ).toBeUndefined();
    expect(
      writer.keep(hashOf(7), { title: 'x', list: Object.assign([1], { extra: 2 }) }),
    ).toBeUndefined();
    writer.close();
    expect(readdirSync(dir)).toEqual([]);
  });

  it('tells which values JSON gives back exactly, as the round trip itself does (seeded)', () => {
    const roundTrips = (value: unknown) => {
      try {
        return isDeepStrictEqual(JSON.parse(JSON.stringify({ value })), { value });
      } catch {
        return false; // a BigInt
      }
    };
    // Leaves: doubles too (-0, NaN, Infinity), undefined and BigInts; in plain objects and arrays
    // (where one leaf decides), and among everything else JSON cannot hold.
    const values = [
      fc.double(),
      fc.integer(),
      fc.string({ unit: 'grapheme' }),
      fc.boolean(),
      fc.constantFrom(null, undefined),
      fc.bigInt(),
    ];
    const plain = fc.anything({
      values: [
        fc.integer(),
        fc.string(),
        fc.boolean(),
        fc.constant(null),
        fc.constantFrom(-0, 0.5, Number.NaN, Infinity, undefined, 1n),
      ],
      maxDepth: 2,
    });
    const exotic = fc.anything({
      values,
      withBoxedValues: true,
      withMap: true,
      withSet: true,
      withObjectString: true,
      withNullPrototype: true,
      withDate: true,
      withTypedArray: true,
      withSparseArray: true,
    });
    fc.assert(
      fc.property(
        fc.oneof(plain, exotic),
        (value) => givesBackExactly({ value }) === roundTrips(value),
      ),
      { seed: 2812, numRuns: 2000 },
    );
  });

  it('keeps nothing, and throws nothing, where it cannot write', () => {
    const file = path.join(dir, 'a-file');
    writeFileSync(file, '');
    const writer = new PageStoreWriter(path.join(file, 'store'));
    expect(writer.keep(hashOf(1), pageOf(1))).toBeUndefined();
    expect(writer.keep(hashOf(2), pageOf(2))).toBeUndefined();
  });

  it('removes the packs nothing refers to, and leftovers', () => {
    const old = new PageStoreWriter(dir);
    old.keep(hashOf(1), pageOf(1));
    old.close();
    const current = new PageStoreWriter(dir);
    const entries = [{ hash: hashOf(2), stored: current.keep(hashOf(2), pageOf(2)) }];
    current.close();
    writeFileSync(path.join(dir, 'x.pack.123-1.tmp'), '');
    tidyPageStore(dir, entries)();
    expect(readdirSync(dir)).toEqual([current.pack]);
    expect(new PageStoreReader(dir).page(hashOf(2), entries[0]!.stored!)).toStrictEqual(pageOf(2));
  });

  it('rewrites the live pages into one pack when there are many packs, and removes the rest once told', () => {
    const entries: Array<{ hash: string; stored?: StoredAt }> = [];
    for (let n = 0; n < 20; n++) {
      const writer = new PageStoreWriter(dir);
      entries.push({ hash: hashOf(n), stored: writer.keep(hashOf(n), pageOf(n)) });
      writer.close();
    }
    const before = new Set(entries.map((entry) => entry.stored![0]));
    const removeOld = tidyPageStore(dir, entries);
    const after = new Set(entries.map((entry) => entry.stored![0]));
    expect(after.size).toBe(1);
    expect(before.has([...after][0]!)).toBe(false);
    // The old packs stay until the cache that points at the new one is written.
    expect(readdirSync(dir)).toHaveLength(21);
    removeOld();
    expect(readdirSync(dir)).toEqual([...after]);
    const reader = new PageStoreReader(dir);
    entries.forEach((entry, n) =>
      expect(reader.page(entry.hash, entry.stored!)).toStrictEqual(pageOf(n)),
    );
    reader.close();
  });

  it('leaves a large pack that is mostly live as it is when it rewrites the small ones', () => {
    const big = new PageStoreWriter(dir);
    const entries: Array<{ hash: string; stored?: StoredAt }> = [];
    for (let n = 0; n < 60; n++)
      entries.push({ hash: hashOf(n), stored: big.keep(hashOf(n), pageOf(n)) });
    big.close();
    // 17 of its pages edited, each new version in a pack of its own: 18 packs.
    for (let n = 0; n < 17; n++) {
      const writer = new PageStoreWriter(dir);
      entries[n] = { hash: hashOf(100 + n), stored: writer.keep(hashOf(100 + n), pageOf(n)) };
      writer.close();
    }
    const small = new Set(entries.slice(0, 17).map((entry) => entry.stored![0]));
    const removeOld = tidyPageStore(dir, entries);
    const rewritten = entries[0]!.stored![0];
    expect(small.has(rewritten)).toBe(false);
    expect(entries.slice(0, 17).every((entry) => entry.stored![0] === rewritten)).toBe(true);
    expect(entries.slice(17).every((entry) => entry.stored![0] === big.pack)).toBe(true);
    removeOld();
    expect(readdirSync(dir).sort()).toEqual([big.pack, rewritten].sort());
    const reader = new PageStoreReader(dir);
    entries.forEach((entry, n) =>
      expect(reader.page(entry.hash, entry.stored!)).toStrictEqual(pageOf(n)),
    );
    reader.close();
  });

  it('keeps every live page readable through any order of keeping, forgetting and tidying (seeded)', () => {
    fc.assert(
      fc.property(
        fc.array(
          fc.oneof(
            fc.record({ keep: fc.nat(30), writer: fc.nat(3) }),
            fc.record({ forget: fc.nat(30) }),
            fc.constant({ tidy: true }),
          ),
          { maxLength: 60 },
        ),
        (steps) => {
          rmSync(dir, { recursive: true, force: true });
          let writers = [0, 1, 2, 3].map(() => new PageStoreWriter(dir));
          const entries = new Map<number, { hash: string; stored?: StoredAt }>();
          let version = 0;
          const pages = new Map<number, unknown>();
          for (const step of steps) {
            if ('keep' in step) {
              const page = {
                ...pageOf(step.keep),
                version: version++,
                pad: 'x'.repeat(step.keep * 97),
              };
              const hash = hashOf(step.keep * 1000 + version);
              pages.set(step.keep, page);
              entries.set(step.keep, { hash, stored: writers[step.writer]!.keep(hash, page) });
            } else if ('forget' in step) entries.delete(step.forget);
            else {
              tidyPageStore(dir, entries.values())();
              // Packs are written by one run each: a new run starts new writers.
              for (const writer of writers) writer.close();
              writers = [0, 1, 2, 3].map(() => new PageStoreWriter(dir));
            }
          }
          const reader = new PageStoreReader(dir);
          for (const [n, entry] of entries)
            expect(reader.page(entry.hash, entry.stored!)).toStrictEqual(pages.get(n));
          reader.close();
          for (const writer of writers) writer.close();
        },
      ),
      { seed: 2811, numRuns: 60 },
    );
  });
});
