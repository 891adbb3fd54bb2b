import '@mantine/core/styles/Container.css';
import { CardGrid, CardGridItem, cardClasses, cardColumns } from '../../ui/CardGrid.tsx';
import { Section } from '../../ui/Section.tsx';
import { langOf } from '../../ui/source-language.ts';
import type { BlockProps } from '../types.ts';
import classes from './ImpactStats.module.css';

/**
 * Stat cards. The figure and its label form the card's h3 ("+35% Revenue uplift"), so heading
 * navigation reads the number together with what it measures.
 */
export function ImpactStats({ block, sourceTexts }: BlockProps<'impactStats'>) {
  const lang = langOf(sourceTexts);
  // Every figure in the block shares one size, as large as the longest one allows on a single line.
  const longest = Math.max(...block.items.map((item) => item.value.length));
  const valueSize = `${Math.min(30, Math.floor(100 / (0.6 * longest)))}cqi`;
  return (
    <Section block={block} langOf={lang} onDark={classes.onDark}>
      <CardGrid
        columns={cardColumns(block.items.length, { four: 4, threeInARow: true })}
        style={{ '--value-size': valueSize } as React.CSSProperties}
      >
        {block.items.map((item, index) => (
          <CardGridItem
            key={index}
            index={index}
            className={`${cardClasses.surface} ${classes.card}`}
            {...lang('items', index)}
          >
            <h3 className={classes.heading}>
              <span className={classes.value} {...lang('items', index, 'value')}>
                {item.value}
              </span>{' '}
              <span className={classes.label} {...lang('items', index, 'label')}>
                {item.label}
              </span>
            </h3>
            <p className={classes.description} {...lang('items', index, 'description')}>
              {item.description}
            </p>
          </CardGridItem>
        ))}
      </CardGrid>
    </Section>
  );
}
