import '@mantine/core/styles/Container.css';
import { CardGrid, CardGridItem, cardColumns } from '../../ui/CardGrid.tsx';
import { IconCardBody, iconCardClasses } from '../../ui/IconCard.tsx';
import { Section } from '../../ui/Section.tsx';
import type { BlockProps } from '../types.ts';
import classes from './Highlights.module.css';

/** Short highlights in an open grid: an icon in a tinted square, an h3 and a sentence or two (IconCardBody). */
export function Highlights({ block }: BlockProps<'highlights'>) {
  return (
    <Section
      id={block.id}
      tone={block.tone}
      heading={block.heading}
      intro={block.intro}
      className={block.tone === 'dark' ? `${iconCardClasses.onDark} ${classes.onDark}` : undefined}
    >
      <CardGrid columns={cardColumns(block.items.length, { four: 4 })} className={classes.grid}>
        {block.items.map((item, index) => (
          <CardGridItem key={index} index={index} className={classes.item}>
            <IconCardBody icon={item.icon} title={item.title} description={item.description} />
          </CardGridItem>
        ))}
      </CardGrid>
    </Section>
  );
}
