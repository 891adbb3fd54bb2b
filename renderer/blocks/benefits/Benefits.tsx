import '@mantine/core/styles/Container.css';
import { CardGrid, CardGridItem, cardClasses, cardColumns } from '../../ui/CardGrid.tsx';
import { Icon } from '../../ui/Icon.tsx';
import { Section } from '../../ui/Section.tsx';
import type { BlockProps } from '../types.ts';
import classes from './Benefits.module.css';

function Arrow() {
  return (
    <svg className={classes.arrow} width="16" height="16" viewBox="0 0 16 16" aria-hidden="true" focusable="false">
      <path d="M3 8h9.5M8.5 4l4 4-4 4" fill="none" stroke="currentColor" strokeWidth="1.7" strokeLinecap="round" strokeLinejoin="round" />
    </svg>
  );
}

/**
 * Benefit cards. A card with `href` is a link card: its link ("Learn more", or `linkLabel`) stretches over the whole
 * card, and carries the card title in visually hidden text so every link says where it goes.
 */
export function Benefits({ block }: BlockProps<'benefits'>) {
  return (
    <Section
      id={block.id}
      tone={block.tone}
      heading={block.heading}
      intro={block.intro}
      className={block.tone === 'dark' ? classes.onDark : undefined}
    >
      <CardGrid columns={cardColumns(block.items.length, { four: 4 })}>
        {block.items.map((item, index) => (
          <CardGridItem
            key={index}
            index={index}
            className={`${cardClasses.surface} ${cardClasses.padded} ${classes.card}`}
            data-link={item.href ? '' : undefined}
          >
            {item.icon && (
              <span className={classes.icon}>
                <Icon name={item.icon} size={22} />
              </span>
            )}
            <h3 className={classes.title}>{item.title}</h3>
            <p className={classes.description}>{item.description}</p>
            {item.href && (
              <a className={classes.link} href={item.href}>
                {item.linkLabel ?? 'Learn more'}
                <span className="visually-hidden">: {item.title}</span>
                <Arrow />
              </a>
            )}
          </CardGridItem>
        ))}
      </CardGrid>
    </Section>
  );
}
