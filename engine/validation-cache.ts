import { existsSync, mkdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { CODE_ROOT } from './code-root.ts';
import { hashTree, sha1 } from './hash.ts';
import type { CheckedPage } from './checked-page.ts';
import { writeWhole } from './write-whole.ts';
import {
  packsIn,
  pageStoreDir,
  PageStoreWriter,
  tidyPageStore,
  type PageKeeper,
} from './page-store.ts';

/** Where `npm run validate` and `npm run build` keep what they found in each page file. */
export const VALIDATION_CACHE_FILE = '.cache/validation.json';

/** Bumped when the form of an entry changes. */
const FORMAT = 'validation-cache-3';

/**
 * The project's own code: what decides how a file is checked (the engine, the field vocabulary, the
 * blocks' schemas).
 */
const CODE = ['engine', 'schema', 'blocks', 'package-lock.json'];
/**
 * Left out of the key: what the validator never runs. Its code is TypeScript modules; a block's
 * component (.tsx), styles, example and tests are not, so editing them keeps the cache (at 10,000
 * pages a check from scratch takes three times as long as one from the cache).
 */
const notValidatorCode = (file: string) =>
  file !== 'package-lock.json' && (!file.endsWith('.ts') || file.endsWith('.test.ts'));

/** A hash of the validator's code (under `root`) and package versions. */
export const validatorKeyOf = (root: string) =>
  sha1(FORMAT, hashTree(root, CODE, notValidatorCode));

let codeKey: string | undefined | null;
/**
 * The key of this validator's code, or undefined when this module does not run from the project's
 * source (a bundle): then nothing is cached, since a change of code could not be told apart.
 */
function validatorKey(): string | undefined {
  if (codeKey === undefined)
    codeKey = existsSync(path.join(CODE_ROOT, 'engine', 'validation-cache.ts'))
      ? validatorKeyOf(CODE_ROOT)
      : null;
  return codeKey ?? undefined;
}

/**
 * Phase 1's result for each page file (engine/load-site.ts › readPage), by the hash of the file's
 * text: a file whose text did not change is not parsed nor checked again. Entries are dropped when
 * the validator's code changes. Safe to lose: a missing or unreadable cache file only means every
 * page is checked again. With `storePages`, the pages it checks are kept in the page store
 * (engine/page-store.ts) and their entries say where; an entry whose pack is gone is forgotten (its
 * page is checked, and kept, again).
 */
export class ValidationCache {
  private readonly seen = new Set<string>();
  private changed = false;

  /** Keeps a page the run validates (`storePages`), else undefined. */
  readonly keepPage: PageKeeper | undefined;

  private constructor(
    private readonly file: string | undefined,
    private readonly key: string | undefined,
    private readonly entries: Map<string, CheckedPage>,
    private readonly pageStore: string | undefined,
  ) {
    this.keepPage = pageStore ? new PageStoreWriter(pageStore).keep : undefined;
  }

  static open(root: string, { storePages = false } = {}): ValidationCache {
    const key = validatorKey();
    const file = key ? path.join(root, VALIDATION_CACHE_FILE) : undefined;
    let entries = new Map<string, CheckedPage>();
    try {
      const stored =
        file && existsSync(file)
          ? (JSON.parse(readFileSync(file, 'utf8')) as {
              key?: string;
              pages?: Record<string, CheckedPage>;
            })
          : undefined;
      if (stored?.key === key && stored?.pages) entries = new Map(Object.entries(stored.pages));
    } catch {
      // A damaged cache is a cold cache.
    }
    const pageStore = file && storePages ? pageStoreDir(root) : undefined;
    if (pageStore) {
      const packs = packsIn(pageStore);
      for (const [name, entry] of entries)
        if (entry.stored && !packs.has(entry.stored[0])) entries.delete(name);
    }
    return new ValidationCache(file, key, entries, pageStore);
  }

  /**
   * A cache kept in memory only, for a process that checks several copies of one site (the team
   * editor's workspaces): an entry is a file's path and the hash of its text, the same in every
   * copy. Undefined where nothing is cached (see `validatorKey`).
   */
  static inMemory(): ValidationCache | undefined {
    const key = validatorKey();
    return key ? new ValidationCache(undefined, key, new Map(), undefined) : undefined;
  }

  /** True when it knows no file: every page is to be checked. */
  isEmpty(): boolean {
    return this.entries.size === 0;
  }

  /**
   * Whether the cache has an entry for `file`, whatever its text now (a file it does not know is to
   * be checked).
   */
  has(file: string): boolean {
    return this.entries.has(file);
  }

  /** The entry of `file` when its text still has this hash. */
  get(file: string, hash: string): CheckedPage | undefined {
    this.seen.add(file);
    const entry = this.entries.get(file);
    return entry?.hash === hash ? entry : undefined;
  }

  /**
   * The entry of `file` when the file is still the one that was read for it (the same identity): a
   * file the cache knows is then neither read nor hashed.
   */
  unchanged(file: string, identity: string | undefined): CheckedPage | undefined {
    const entry = identity === undefined ? undefined : this.entries.get(file);
    if (entry?.identity !== identity) return undefined;
    this.seen.add(file);
    return entry;
  }

  set(entry: CheckedPage): void {
    this.seen.add(entry.file);
    if (entry.hash === undefined) return;
    this.entries.set(entry.file, entry);
    this.changed = true;
  }

  /**
   * Writes the entries of the files seen in this run, if anything changed (files deleted since are
   * forgotten).
   */
  save(): void {
    for (const file of this.entries.keys()) {
      if (this.seen.has(file)) continue;
      this.entries.delete(file);
      this.changed = true;
    }
    if (!this.file || !this.changed) return;
    try {
      // Before the cache is written: a rewrite of the store moves pages to a new pack.
      const removeRewritten = this.pageStore
        ? tidyPageStore(this.pageStore, this.entries.values())
        : undefined;
      mkdirSync(path.dirname(this.file), { recursive: true });
      writeWhole(
        this.file,
        JSON.stringify({ key: this.key, pages: Object.fromEntries(this.entries) }),
      );
      removeRewritten?.();
      this.changed = false;
    } catch {
      // A read-only project still validates; it only cannot remember.
    }
  }
}
