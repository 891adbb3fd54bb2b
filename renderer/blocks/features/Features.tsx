import '@mantine/core/styles/Container.css';
import { CardGrid, CardGridItem, cardClasses, cardColumns } from '../../ui/CardGrid.tsx';
import { Icon } from '../../ui/Icon.tsx';
import { Section } from '../../ui/Section.tsx';
import type { BlockProps } from '../types.ts';
import classes from './Features.module.css';

function Arrow() {
  return (
    <svg className={classes.arrow} width="16" height="16" viewBox="0 0 16 16" aria-hidden="true" focusable="false">
      <path d="M3 8h9.5M8.5 4l4 4-4 4" fill="none" stroke="currentColor" strokeWidth="1.7" strokeLinecap="round" strokeLinejoin="round" />
    </svg>
  );
}

/**
 * Feature cards: icon, h3, description, up to three check-mark bullets and an optional "Learn more" link that
 * covers the whole card (its accessible name includes the card title).
 */
export function Features({ block }: BlockProps<'features'>) {
  return (
    <Section
      id={block.id}
      tone={block.tone}
      eyebrow={block.eyebrow}
      heading={block.heading}
      intro={block.intro}
      className={block.tone === 'dark' ? classes.onDark : undefined}
    >
      <CardGrid columns={cardColumns(block.items.length)}>
        {block.items.map((item, index) => (
          <CardGridItem
            key={index}
            index={index}
            className={`${cardClasses.surface} ${cardClasses.padded} ${classes.card}`}
            data-link={item.href ? '' : undefined}
          >
            <span className={classes.icon}>
              <Icon name={item.icon} size={22} />
            </span>
            <h3 className={classes.title}>{item.title}</h3>
            <p className={classes.description}>{item.description}</p>
            {item.bullets && (
              <ul className={classes.bullets}>
                {item.bullets.map((bullet, bulletIndex) => (
                  <li key={bulletIndex} className={classes.bullet}>
                    <Icon name="check" size={16} className={classes.check} />
                    {bullet}
                  </li>
                ))}
              </ul>
            )}
            {item.href && (
              <a className={classes.link} href={item.href}>
                Learn more
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
