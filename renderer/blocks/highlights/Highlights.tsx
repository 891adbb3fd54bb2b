import '@mantine/core/styles/Container.css';
import { Icon } from '../../ui/Icon.tsx';
import { Section } from '../../ui/Section.tsx';
import type { BlockProps } from '../types.ts';
import classes from './Highlights.module.css';

/** Short highlights in an open grid: an icon in a tinted square, an h3 and a sentence or two. */
export function Highlights({ block }: BlockProps<'highlights'>) {
  const count = block.items.length;
  const lg = count === 4 ? 4 : Math.min(count, 3);
  return (
    <Section
      id={block.id}
      tone={block.tone}
      heading={block.heading}
      intro={block.intro}
      className={block.tone === 'dark' ? classes.onDark : undefined}
    >
      <ul className={classes.grid} style={{ '--cols-md': Math.min(count, 2), '--cols-lg': lg } as React.CSSProperties}>
        {block.items.map((item, index) => (
          <li key={index} className={`${classes.item} fade-in`} style={{ '--stagger-index': index } as React.CSSProperties}>
            {item.icon && (
              <span className={classes.icon}>
                <Icon name={item.icon} size={22} />
              </span>
            )}
            <h3 className={classes.title}>{item.title}</h3>
            <p className={classes.description}>{item.description}</p>
          </li>
        ))}
      </ul>
    </Section>
  );
}
