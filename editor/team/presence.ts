/** A page file a person may say they have open: the site's pages and its settings. */
const PAGE_FILE = /^(pages\/[a-z0-9][a-z0-9/_-]{0,250}\.ya?ml|site\.config\.yaml)$/;
/** At most this many pages are followed at once (each has at most the team's people). */
const MAX_PAGES = 10_000;

/**
 * Who has which page open, in memory (no locks: saves are merged field by field). Each open
 * editor says so every few seconds; someone not heard from for `ttlMs` has left.
 */
export class Presence {
  private readonly pages = new Map<string, Map<string, { name: string; seenAt: number }>>();

  constructor(
    private readonly now: () => number = Date.now,
    private readonly ttlMs = 30_000,
  ) {}

  /**
   * `person` has `file` open now; the names of the others who have it open. Undefined when `file`
   * is not a page.
   */
  here(file: unknown, person: { email: string; name: string }): string[] | undefined {
    if (typeof file !== 'string' || !PAGE_FILE.test(file) || file.includes('..')) return undefined;
    const now = this.now();
    let page = this.pages.get(file);
    if (!page) {
      if (this.pages.size >= MAX_PAGES) this.forgetLeft(now);
      this.pages.set(file, (page = new Map()));
    }
    const self = person.email.toLowerCase();
    page.set(self, { name: person.name, seenAt: now });
    const others: string[] = [];
    for (const [email, seen] of page) {
      if (now - seen.seenAt > this.ttlMs) page.delete(email);
      else if (email !== self) others.push(seen.name);
    }
    return others.sort((a, b) => a.localeCompare(b));
  }

  private forgetLeft(now: number) {
    for (const [file, page] of this.pages) {
      for (const [email, seen] of page) if (now - seen.seenAt > this.ttlMs) page.delete(email);
      if (page.size === 0) this.pages.delete(file);
    }
  }
}
