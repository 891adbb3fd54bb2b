import '@mantine/core/styles/Container.css';
import { Section } from '../../ui/Section.tsx';
import type { BlockProps } from '../types.ts';
import classes from './ImpactStats.module.css';

/**
 * Stat cards. The figure and its label form the card's h3 ("+35% Revenue uplift"), so heading navigation
 * reads the number together with what it measures.
 */
export function ImpactStats({ block }: BlockProps<'impactStats'>) {
  const count = block.items.length;
  const md = count === 3 ? 3 : Math.min(count, 2);
  const lg = count === 4 ? 4 : Math.min(count, 3);
  // Every figure in the block shares one size, as large as the longest one allows on a single line.
  const longest = Math.max(...block.items.map((item) => item.value.length));
  const valueSize = `${Math.min(30, Math.floor(100 / (0.6 * longest)))}cqi`;
  return (
    <Section
      id={block.id}
      tone={block.tone}
      heading={block.heading}
      intro={block.intro}
      className={block.tone === 'dark' ? classes.onDark : undefined}
    >
      <ul className={classes.grid} style={{ '--cols-md': md, '--cols-lg': lg, '--value-size': valueSize } as React.CSSProperties}>
        {block.items.map((item, index) => (
          <li key={index} className={`${classes.card} fade-in`} style={{ '--stagger-index': index } as React.CSSProperties}>
            <h3 className={classes.heading}>
              <span className={classes.value}>{item.value}</span> <span className={classes.label}>{item.label}</span>
            </h3>
            <p className={classes.description}>{item.description}</p>
          </li>
        ))}
      </ul>
    </Section>
  );
}
