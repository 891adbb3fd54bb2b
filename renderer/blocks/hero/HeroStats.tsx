import type { CSSProperties } from 'react';
import type { BlockOf } from '../../../schema/blocks.ts';
import classes from './Hero.module.css';

type Stat = NonNullable<BlockOf<'hero'>['stats']>[number];

/**
 * The hero's figures as a definition list (label → figure). The HTML carries the final figures, so crawlers and
 * visitors without JavaScript never see a zero; stats-enhance.ts resets them to 0 and counts up in the browser.
 * Each figure's current number is in its `data-value`, for tests. Screen readers read the final figure once, not
 * every step of the count.
 */
export function HeroStats({ stats }: { stats: Stat[] }) {
  return (
    <dl className={classes.stats} data-hero-stats>
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
