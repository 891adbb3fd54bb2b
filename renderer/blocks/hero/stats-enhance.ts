import { countUp } from './count-up.ts';

/**
 * In the browser: every hero's figures drop to 0 and count up to their targets from 500 ms on (count-up.ts).
 * Under prefers-reduced-motion they simply stay final.
 */
export function enhanceHeroStats(doc: Document = document): void {
  const win = doc.defaultView ?? window;
  if (win.matchMedia('(prefers-reduced-motion: reduce)').matches) return;
  for (const list of doc.querySelectorAll<HTMLElement>('[data-hero-stats]')) {
    const numbers = [...list.querySelectorAll<HTMLElement>('[data-stat-value]')];
    countUp(
      numbers.map((element) => Number(element.dataset.target)),
      (values) =>
        values.forEach((value, index) => {
          numbers[index]!.textContent = String(value);
          numbers[index]!.dataset.value = String(value);
        }),
    );
  }
}
