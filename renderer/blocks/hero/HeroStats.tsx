import { useEffect, useRef, type CSSProperties } from 'react';
import type { BlockOf } from '../../../schema/blocks.ts';
import { countUp } from './count-up.ts';
import classes from './Hero.module.css';

type Stat = NonNullable<BlockOf<'hero'>['stats']>[number];

const prefersReducedMotion = () => window.matchMedia('(prefers-reduced-motion: reduce)').matches;

/**
 * The hero's figures as a definition list (label → figure). The server HTML carries the final figures, so crawlers
 * and visitors without JavaScript never see a zero. After hydration they reset to 0 and count up to their targets
 * from 500 ms on; under prefers-reduced-motion they simply stay final. Each figure's current number is in its
 * `data-value`, for tests. Screen readers read the final figure once, not every step of the count.
 */
export function HeroStats({ stats }: { stats: Stat[] }) {
  const listRef = useRef<HTMLDListElement>(null);
  const targets = stats.map((stat) => stat.value).join(',');

  useEffect(() => {
    const list = listRef.current;
    if (!list || prefersReducedMotion()) return;
    const numbers = [...list.querySelectorAll<HTMLElement>('[data-stat-value]')];
    // Written straight to the DOM: sixty re-renders a second of the whole hero would buy nothing.
    return countUp(targets.split(',').map(Number), (values) => {
      values.forEach((value, index) => {
        const element = numbers[index];
        if (!element) return;
        element.textContent = String(value);
        element.dataset.value = String(value);
      });
    });
  }, [targets]);

  return (
    <dl ref={listRef} className={classes.stats} data-hero-stats>
      {stats.map((stat) => (
        <div key={stat.label} className={classes.stat}>
          <dt className={classes.statLabel}>{stat.label}</dt>
          <dd className={classes.figure}>
            <span aria-hidden="true">
              {stat.prefix}
              {/* The number keeps the width of its final value while it counts, so nothing beside it moves (CLS 0). */}
              <span data-stat-value data-value={stat.value} data-target={stat.value} className={classes.statValue} style={{ '--digits': String(stat.value).length } as CSSProperties}>
                {stat.value}
              </span>
              {stat.suffix}
            </span>
            <span className="visually-hidden">{`${stat.prefix ?? ''}${stat.value}${stat.suffix ?? ''}`}</span>
          </dd>
        </div>
      ))}
    </dl>
  );
}
