import '@mantine/core/styles/Container.css';
import { CardGrid, CardGridItem, cardClasses, cardColumns } from '../../ui/CardGrid.tsx';
import { Picture } from '../../ui/Picture.tsx';
import { Section } from '../../ui/Section.tsx';
import type { BlockProps } from '../types.ts';
import classes from './Testimonials.module.css';

function QuoteMark() {
  return (
    <svg className={classes.mark} width="32" height="32" viewBox="0 0 32 32" aria-hidden="true" focusable="false">
      <path
        fill="currentColor"
        d="M13 8c-4.4 1.6-7.5 5.6-7.5 10.6V24h8.2v-8.2H9.6c.2-2.9 2-5.2 4.6-6.3zm14 0c-4.4 1.6-7.5 5.6-7.5 10.6V24h8.2v-8.2h-4.1c.2-2.9 2-5.2 4.6-6.3z"
      />
    </svg>
  );
}

/** Customer quotes as `<figure>`s: the quote in a `<blockquote>`, the role, type of business and optional photo in the caption. */
export function Testimonials({ block }: BlockProps<'testimonials'>) {
  const count = block.items.length;
  return (
    <Section
      id={block.id}
      tone={block.tone}
      heading={block.heading}
      intro={block.intro}
      className={block.tone === 'dark' ? classes.onDark : undefined}
    >
      <CardGrid columns={cardColumns(count, { four: 2 })} className={classes.grid} data-single={count === 1 ? '' : undefined}>
        {block.items.map((item, index) => (
          <CardGridItem key={index} index={index} className={classes.item}>
            <figure className={`${cardClasses.surface} ${cardClasses.padded} ${classes.card}`}>
              <QuoteMark />
              <blockquote className={classes.quote}>
                <p>{item.quote}</p>
              </blockquote>
              <figcaption className={item.photo ? `${classes.caption} ${classes.withPhoto}` : classes.caption}>
                {item.photo && <Picture image={item.photo} slot="portrait" className={classes.photo} />}
                <span className={classes.role}>{item.role}</span>
                <span className={classes.business}>{item.business}</span>
              </figcaption>
            </figure>
          </CardGridItem>
        ))}
      </CardGrid>
    </Section>
  );
}
