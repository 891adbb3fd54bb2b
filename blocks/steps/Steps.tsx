import '@mantine/core/styles/Container.css';
import { CardGrid, CardGridItem, cardClasses, type GridColumns } from '../../ui/CardGrid.tsx';
import { Section } from '../../ui/Section.tsx';
import { langOf } from '../../ui/source-language.ts';
import type { BlockProps } from '../types.ts';
import { wordsOf } from '../words.ts';
import classes from './Steps.module.css';

/** Columns on tablets and desktops: one row when the steps fit, otherwise an even grid. */
function columns(count: number): GridColumns {
  return {
    md: count <= 3 ? count : 2,
    lg: count <= 4 ? count : count === 5 || count === 6 || count === 9 ? 3 : 4,
  };
}

/**
 * A numbered `<ol>` of steps: a vertical timeline on phones, a row joined by a line on wider
 * screens.
 */
export function Steps({ block, context, sourceTexts }: BlockProps<'steps'>) {
  const words = wordsOf(context);
  // A step holds the page's hidden word "Step": its texts are marked one by one.
  const lang = langOf(sourceTexts);
  const cols = columns(block.items.length);
  return (
    <Section block={block} langOf={lang} onDark={classes.onDark}>
      <CardGrid as="ol" columns={cols} className={classes.list} data-md={cols.md} data-lg={cols.lg}>
        {block.items.map((item, index) => (
          <CardGridItem key={index} index={index} className={classes.step}>
            <span className={classes.number}>
              <span className="visually-hidden">{words.step} </span>
              {index + 1}
            </span>
            <div className={classes.content}>
              <h3
                className={`${cardClasses.title} ${classes.title}`}
                {...lang.text('items', index, 'title')}
              >
                {item.title}
              </h3>
              <p
                className={`${cardClasses.text} ${classes.description}`}
                {...lang.text('items', index, 'description')}
              >
                {item.description}
              </p>
            </div>
          </CardGridItem>
        ))}
      </CardGrid>
    </Section>
  );
}
