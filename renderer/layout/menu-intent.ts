/** Spec constants (site-spec §4 and §9): desktop menu timings and the header's scroll threshold. */
export const MENU_OPEN_DELAY = 200;
export const MENU_SKIP_DELAY = 300;
export const MENU_CLOSE_DELAY = 150;
export const HEADER_SCROLL_THRESHOLD = 10;

export type OpenedBy = 'pointer' | 'click';

/**
 * Hover intent for the header's desktop menus, independent of React and the DOM so it can be tested
 * with fake timers.
 * - Resting the pointer on a trigger opens its menu after MENU_OPEN_DELAY.
 * - While a menu is open, or within MENU_SKIP_DELAY after one closed, another menu opens at once.
 * - Leaving a menu opened by hover closes it after MENU_CLOSE_DELAY (coming back in time keeps it open).
 * - A click toggles; a click on a menu that hover just opened pins it open instead of closing it under the pointer.
 *   A pinned menu stays open until a click, Escape, a click outside or focus leaving it.
 */
export class MenuIntent {
  open: number | null = null;
  openedBy: OpenedBy | null = null;
  private timer: ReturnType<typeof setTimeout> | undefined;
  private lastClosedAt = Number.NEGATIVE_INFINITY;

  constructor(
    private readonly onChange: (open: number | null) => void,
    private readonly now: () => number = () => performance.now(),
  ) {}

  private clearTimer() {
    if (this.timer !== undefined) clearTimeout(this.timer);
    this.timer = undefined;
  }

  private set(next: number | null, by: OpenedBy | null) {
    if (next === this.open) {
      this.openedBy = by;
      return;
    }
    if (this.open !== null && next === null) this.lastClosedAt = this.now();
    this.open = next;
    this.openedBy = next === null ? null : by;
    this.onChange(next);
  }

  pointerEnter(index: number) {
    this.clearTimer();
    if (this.open === index) return;
    const skipDelay = this.open !== null || this.now() - this.lastClosedAt < MENU_SKIP_DELAY;
    if (skipDelay) this.set(index, 'pointer');
    else this.timer = setTimeout(() => this.set(index, 'pointer'), MENU_OPEN_DELAY);
  }

  pointerLeave(index: number) {
    this.clearTimer();
    if (this.open !== index || this.openedBy !== 'pointer') return;
    this.timer = setTimeout(() => this.set(null, null), MENU_CLOSE_DELAY);
  }

  toggle(index: number) {
    this.clearTimer();
    if (this.open === index && this.openedBy === 'pointer') this.set(index, 'click');
    else this.set(this.open === index ? null : index, 'click');
  }

  /** Opens at once (keyboard). */
  show(index: number) {
    this.clearTimer();
    this.set(index, 'click');
  }

  close() {
    this.clearTimer();
    this.set(null, null);
  }

  dispose() {
    this.clearTimer();
  }
}
