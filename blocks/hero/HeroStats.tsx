import type { CSSProperties } from 'react';
import type { LangOf } from '../../ui/source-language.ts';
import { TextIn } from '../../ui/TextIn.tsx';
import type { BlockOf } from '../schemas.ts';
import classes from './Hero.module.css';

type Stat = NonNullable<BlockOf<'hero'>['stats']>[number];

/**
 * The hero's figures as a definition list (label → figure), counted by CSS alone (Hero.module.css):
 * each number is a CSS counter painted over the real figure, at 0 from the first frame and counting
 * to the target from 500 ms on, whether or not any script has loaded. Under reduced motion and
 * without JavaScript the final figure shows at once. The HTML text is the final figure (crawlers,
 * copy and paste, and its width reserves the space: CLS 0); screen readers read the final figure
 * once from the visually hidden copy, never the count.
 */
export function HeroStats({ stats, lang }: { stats: Stat[]; lang: LangOf }) {
  return (
    <dl className={classes.stats} data-hero-stats>
      {stats.map((stat, index) => {
        const prefix = lang('stats', index, 'prefix');
        const suffix = lang('stats', index, 'suffix');
        return (
          <div key={stat.label} className={classes.stat} {...lang('stats', index)}>
            <dt className={classes.statLabel} {...lang('stats', index, 'label')}>
              {stat.label}
            </dt>
            <dd className={classes.figure}>
              <span aria-hidden="true">
                <TextIn lang={prefix}>{stat.prefix}</TextIn>
                <span
                  data-stat-value
                  data-target={stat.value}
                  className={classes.statValue}
                  style={{ '--stat-target': stat.value } as CSSProperties}
                >
                  {stat.value}
                </span>
                <TextIn lang={suffix}>{stat.suffix}</TextIn>
              </span>
              {prefix.lang || suffix.lang ? (
                <span className="visually-hidden">
                  <TextIn lang={prefix}>{stat.prefix}</TextIn>
                  {stat.value}
                  <TextIn lang={suffix}>{stat.suffix}</TextIn>
                </span>
              ) : (
                <span className="visually-hidden">{`${stat.prefix ?? ''}${stat.value}${stat.suffix ?? ''}`}</span>
              )}
            </dd>
          </div>
        );
      })}
    </dl>
  );
}
