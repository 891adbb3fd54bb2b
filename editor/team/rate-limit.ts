/**
 * At most `limit` events per `windowMs` for one key (a client address): sign-ins started from one
 * place. The counts are kept in memory (a restart forgets them, which costs an attacker a restart
 * they cannot cause) and old windows are dropped as new ones start.
 */
export class RateLimit {
  private readonly windows = new Map<string, { start: number; count: number }>();

  constructor(
    private readonly limit: number,
    private readonly windowMs: number,
    private readonly now: () => number = Date.now,
  ) {}

  /** Counts one event for `key`: 0 when it may go ahead, else the seconds until it may. */
  take(key: string): number {
    const now = this.now();
    if (this.windows.size > 10_000)
      for (const [old, window] of this.windows)
        if (now - window.start >= this.windowMs) this.windows.delete(old);
    const window = this.windows.get(key);
    if (!window || now - window.start >= this.windowMs) {
      this.windows.set(key, { start: now, count: 1 });
      return 0;
    }
    window.count++;
    if (window.count <= this.limit) return 0;
    return Math.ceil((window.start + this.windowMs - now) / 1000);
  }
}
