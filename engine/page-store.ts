import {
  closeSync,
  mkdirSync,
  openSync,
  readdirSync,
  readSync,
  rmSync,
  statSync,
  writeSync,
} from 'node:fs';
import path from 'node:path';
import { threadId } from 'node:worker_threads';

/**
 * Pages kept in packs by the hash of what they were made from. The validated pages, kept for the
 * build's render workers: a page's validated content is a function of its text and the validator's
 * code, so the validation keeps it as JSON, by the hash of the text, when it checks a page anyway,
 * and the workers read it back instead of parsing and checking the page again (about 1.5 ms of CPU
 * a page). The rendered pages (pipeline/rendered-pages.ts) are kept the same way, as HTML by each
 * page's key. Each writer (the main thread, each helper or render thread) appends to a pack file
 * of its own: one file per writer, not one per page (creating thousands of files costs more than
 * writing them). Where each page is kept goes into the entry that names it (the validation
 * cache's, engine/validation-cache.ts; the build manifest's); tidying the store removes the packs
 * nothing refers to any more and rewrites the rest when they hold more dead bytes than live ones.
 */
const PAGE_STORE_DIR = '.cache/validated-pages';

/** The page store's folder in the project at `root`. */
export const pageStoreDir = (root: string) => path.join(root, PAGE_STORE_DIR);

/** Where a page is kept: its pack (a file name in the store's folder), offset and length in bytes. */
export type StoredAt = [pack: string, offset: number, length: number];

/** Keeps a validated page; undefined when it is not kept. */
export type PageKeeper = (hash: string, page: unknown) => StoredAt | undefined;

const PACK = '.pack';

/**
 * Whether JSON gives `value` back exactly (`JSON.parse(JSON.stringify(value))` deep-strict-equal to
 * it), without writing and parsing it: plain objects and arrays of strings, finite numbers (not
 * -0), booleans and null. A third of the cost of the round trip, which was a tenth of a page's
 * validation.
 */
export function givesBackExactly(value: unknown): boolean {
  switch (typeof value) {
    case 'string':
    case 'boolean':
      return true;
    case 'number':
      return Number.isFinite(value) && !Object.is(value, -0);
    case 'object': {
      if (value === null) return true;
      if (Array.isArray(value)) {
        if (Object.getPrototypeOf(value) !== Array.prototype) return false;
        // Holes and properties besides the items: JSON has neither.
        if (Object.keys(value).length !== value.length) return false;
      } else if (Object.getPrototypeOf(value) !== Object.prototype) return false;
      if (Object.getOwnPropertySymbols(value).length) return false;
      for (const key in value)
        if (key === '__proto__' || !givesBackExactly((value as Record<string, unknown>)[key]))
          return false;
      return true;
    }
    default:
      return false;
  }
}

/** The bytes of this thread's records, made anew only when a record needs more. */
let scratch = Buffer.allocUnsafe(256 * 1024);

/**
 * A record: the hash of the text, a newline, the text (the page's JSON, or its HTML in pieces), a
 * newline. The hash is checked when the record is read back: a record is never taken for another
 * page's. The bytes are in a buffer the thread's next record reuses: write them out before making
 * another. Encoding each piece into a kept buffer takes a fifth of the time of `Buffer.from` of the
 * record as one string: no new buffer and no joined string (160 KB of UTF-16 for a page of this
 * site) made and collected for every page.
 */
function recordOf(hash: string, text: string | readonly string[]): Buffer {
  const pieces = typeof text === 'string' ? [text] : text;
  // UTF-8 takes at most three bytes for a UTF-16 code unit.
  let most = hash.length + 2;
  for (const piece of pieces) most += piece.length * 3;
  if (scratch.length < most) scratch = Buffer.allocUnsafe(Math.max(most, scratch.length * 2));
  let at = scratch.write(hash, 0, 'latin1');
  scratch[at++] = 0x0a;
  for (const piece of pieces) at += scratch.write(piece, at, 'utf8');
  scratch[at++] = 0x0a;
  return scratch.subarray(0, at);
}

/**
 * A record of `text` as it is (a rendered page, whole or in pieces), by `hash`, in the thread's
 * reused buffer (see `recordOf`); `contentOf` gives the text's bytes back.
 */
export const textRecord = recordOf;

/** The content of a record of `hash` (the bytes after its first line, without the last newline). */
export const contentOf = (hash: string, record: Buffer) =>
  record.subarray(hash.length + 1, record.length - 1);

function writeAll(fd: number, bytes: Buffer) {
  for (let written = 0; written < bytes.length;)
    written += writeSync(fd, bytes, written, bytes.length - written);
}

/** Writers started by this thread: part of each pack's name, which is one writer's alone. */
let writersStarted = 0;

/** Appends pages to a pack of its own in `dir`, created at the first page kept. */
export class PageStoreWriter {
  private fd: number | undefined;
  private offset = 0;
  private failed = false;
  readonly pack = `${process.pid}-${threadId}-${Date.now().toString(36)}-${writersStarted++}${PACK}`;

  constructor(private readonly dir: string) {}

  /**
   * Keeps `page`, the validated content of the text whose hash is `hash`: only when its JSON reads
   * back as exactly the page (nothing JSON would drop or change). A store that cannot be written
   * (a read-only project, a full disk) keeps nothing: the workers check those pages themselves.
   */
  readonly keep: PageKeeper = (hash, page) => {
    if (this.failed || !givesBackExactly(page)) return undefined;
    return this.append(recordOf(hash, JSON.stringify(page)));
  };

  /** Appends a record as it is (a rewrite of the store copies records without parsing them). */
  append(record: Buffer): StoredAt | undefined {
    try {
      if (this.fd === undefined) {
        mkdirSync(this.dir, { recursive: true });
        this.fd = openSync(path.join(this.dir, this.pack), 'wx');
      }
      writeAll(this.fd, record);
    } catch {
      this.failed = true;
      return undefined;
    }
    const at: StoredAt = [this.pack, this.offset, record.length];
    this.offset += record.length;
    return at;
  }

  close(): void {
    if (this.fd !== undefined) closeSync(this.fd);
    this.fd = undefined;
  }
}

/** Reads records from the packs of `dir`, each pack opened once. */
export class PageStoreReader {
  private readonly open = new Map<string, number | undefined>();

  constructor(private readonly dir: string) {}

  private fdOf(pack: string): number | undefined {
    if (!this.open.has(pack)) {
      let fd: number | undefined;
      try {
        fd =
          pack.endsWith(PACK) && !pack.includes('/')
            ? openSync(path.join(this.dir, pack), 'r')
            : undefined;
      } catch {
        fd = undefined;
      }
      this.open.set(pack, fd);
    }
    return this.open.get(pack);
  }

  /** The record kept at `at` as bytes, when it is there and is the record of `hash`. */
  record(hash: string, [pack, offset, length]: StoredAt): Buffer | undefined {
    const fd = this.fdOf(pack);
    if (fd === undefined || length <= hash.length + 2) return undefined;
    const bytes = Buffer.allocUnsafe(length);
    try {
      if (readSync(fd, bytes, 0, length, offset) !== length) return undefined;
    } catch {
      return undefined;
    }
    const head = bytes.toString('latin1', 0, hash.length + 1);
    return head === `${hash}\n` && bytes[length - 1] === 0x0a ? bytes : undefined;
  }

  /** The page kept at `at` for the text whose hash is `hash`, or undefined. */
  page(hash: string, at: StoredAt): unknown {
    const bytes = this.record(hash, at);
    if (!bytes) return undefined;
    try {
      return JSON.parse(contentOf(hash, bytes).toString('utf8'));
    } catch {
      return undefined;
    }
  }

  close(): void {
    for (const fd of this.open.values()) if (fd !== undefined) closeSync(fd);
    this.open.clear();
  }
}

/** The names of the store's packs. */
export function packsIn(dir: string): Set<string> {
  try {
    return new Set(readdirSync(dir).filter((name) => name.endsWith(PACK)));
  } catch {
    return new Set();
  }
}

/** More packs than this are rewritten into one (each edit of a page checks it into a new one). */
const MAX_PACKS = 16;

/**
 * Tidies the store after the entries that refer to it changed: `entries` are those entries (each
 * page's `stored`, moved in place when its record is). Packs that no entry refers to are removed
 * (pages deleted or changed, the leftovers of a run that was stopped); when the live ones are more
 * than MAX_PACKS, or hold more dead bytes than live ones (and over a megabyte), their live records
 * are copied into one new pack, except those of a pack that holds at least an eighth of the live
 * bytes and more live bytes than dead ones (at most eight such packs): a store of a large site is
 * not copied whole because one page was edited sixteen times. Returns a function that removes the
 * packs the rewrite left behind: the caller runs it once the entries that point at the new pack
 * are written.
 */
export function tidyPageStore(
  dir: string,
  entries: Iterable<{ hash?: string; stored?: StoredAt }>,
): () => void {
  const live = new Map<string, number>();
  const holders: Array<{ hash?: string; stored?: StoredAt }> = [];
  for (const entry of entries) {
    if (!entry.stored || entry.hash === undefined) continue;
    holders.push(entry);
    live.set(entry.stored[0], (live.get(entry.stored[0]) ?? 0) + entry.stored[2]);
  }
  const remove = (name: string) => rmSync(path.join(dir, name), { force: true });
  let names: string[];
  try {
    names = readdirSync(dir);
  } catch {
    return () => {};
  }
  const sizes = new Map<string, number>();
  let total = 0;
  let liveBytes = 0;
  for (const name of names) {
    if (!live.has(name)) {
      remove(name);
      continue;
    }
    const size = statSync(path.join(dir, name), { throwIfNoEntry: false })?.size ?? 0;
    sizes.set(name, size);
    total += size;
    liveBytes += live.get(name)!;
  }
  const dead = total - liveBytes;
  if (live.size <= MAX_PACKS && (dead <= liveBytes || dead < 1 << 20)) return () => {};
  const kept = new Set(
    [...sizes]
      .filter(([name, size]) => {
        const bytes = live.get(name)!;
        return bytes * 8 >= liveBytes && bytes * 2 >= size;
      })
      .map(([name]) => name),
  );
  const reader = new PageStoreReader(dir);
  const writer = new PageStoreWriter(dir);
  for (const entry of holders) {
    if (kept.has(entry.stored![0])) continue;
    const record = reader.record(entry.hash!, entry.stored!);
    const moved = record && writer.append(record);
    if (moved) entry.stored = moved;
    else delete entry.stored;
  }
  reader.close();
  writer.close();
  return () => {
    for (const name of live.keys()) if (name !== writer.pack && !kept.has(name)) remove(name);
  };
}
