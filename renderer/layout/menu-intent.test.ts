import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { MENU_CLOSE_DELAY, MENU_OPEN_DELAY, MENU_SKIP_DELAY, MenuIntent } from './menu-intent.ts';

describe('menu hover intent', () => {
  let changes: Array<number | null>;
  let intent: MenuIntent;
  beforeEach(() => {
    vi.useFakeTimers();
    changes = [];
    intent = new MenuIntent(
      (open) => changes.push(open),
      () => Date.now(),
    );
  });
  afterEach(() => {
    intent.dispose();
    vi.useRealTimers();
  });

  it('uses the spec timings', () => {
    expect([MENU_OPEN_DELAY, MENU_SKIP_DELAY, MENU_CLOSE_DELAY]).toEqual([200, 300, 150]);
  });

  it('opens 200 ms after the pointer rests on a trigger, not before', () => {
    intent.pointerEnter(0);
    vi.advanceTimersByTime(199);
    expect(intent.open).toBeNull();
    vi.advanceTimersByTime(1);
    expect(intent.open).toBe(0);
    expect(changes).toEqual([0]);
  });

  it('does not open when the pointer only passes over the trigger', () => {
    intent.pointerEnter(0);
    vi.advanceTimersByTime(120);
    intent.pointerLeave(0);
    vi.advanceTimersByTime(1000);
    expect(changes).toEqual([]);
  });

  it('closes 150 ms after the pointer leaves, and stays open if it comes back in time', () => {
    intent.pointerEnter(0);
    vi.advanceTimersByTime(200);
    intent.pointerLeave(0);
    vi.advanceTimersByTime(100);
    intent.pointerEnter(0);
    vi.advanceTimersByTime(500);
    expect(intent.open).toBe(0);
    intent.pointerLeave(0);
    vi.advanceTimersByTime(149);
    expect(intent.open).toBe(0);
    vi.advanceTimersByTime(1);
    expect(intent.open).toBeNull();
  });

  it('switches at once from an open menu to another trigger', () => {
    intent.pointerEnter(0);
    vi.advanceTimersByTime(200);
    intent.pointerLeave(0);
    intent.pointerEnter(1);
    expect(intent.open).toBe(1);
    vi.advanceTimersByTime(1000);
    expect(changes).toEqual([0, 1]);
  });

  it('opens at once within 300 ms after a menu closed (skip delay), and with the delay after that', () => {
    intent.pointerEnter(0);
    vi.advanceTimersByTime(200);
    intent.pointerLeave(0);
    vi.advanceTimersByTime(150);
    expect(intent.open).toBeNull();
    vi.advanceTimersByTime(299);
    intent.pointerEnter(1);
    expect(intent.open).toBe(1);
    intent.pointerLeave(1);
    vi.advanceTimersByTime(150 + 300);
    intent.pointerEnter(0);
    expect(intent.open).toBeNull();
    vi.advanceTimersByTime(200);
    expect(intent.open).toBe(0);
  });

  it('toggles on click, and a click on a menu hover just opened keeps it open (pinned)', () => {
    intent.toggle(1);
    expect(intent.open).toBe(1);
    intent.toggle(1);
    expect(intent.open).toBeNull();
    intent.pointerEnter(0);
    vi.advanceTimersByTime(200);
    intent.toggle(0);
    expect(intent.open).toBe(0);
    intent.pointerLeave(0);
    vi.advanceTimersByTime(1000);
    expect(intent.open).toBe(0);
    intent.toggle(0);
    expect(intent.open).toBeNull();
  });

  it('a click cancels a pending hover open, and close() cancels everything', () => {
    intent.pointerEnter(0);
    intent.toggle(0);
    expect(intent.open).toBe(0);
    intent.close();
    vi.advanceTimersByTime(1000);
    expect(intent.open).toBeNull();
    expect(changes).toEqual([0, null]);
  });
});
