import '@mantine/core/styles/Container.css';
import { CardGrid, CardGridItem, cardClasses, cardColumns } from '../../ui/CardGrid.tsx';
import { Picture } from '../../ui/Picture.tsx';
import { Section } from '../../ui/Section.tsx';
import type { BlockProps } from '../types.ts';
import classes from './CaseStudies.module.css';

/**
 * "+28% upsell revenue" → figure "+28%" and label "upsell revenue"; results without a leading
 * figure stay whole.
 */
export function splitResult(result: string): { figure: string; label?: string } {
  const match = /^([+\-−–]?\s?\d[\d.,]*\s?(?:%|x|×|pts|s|m|h)?)\s+(.+)$/i.exec(result);
  return match ? { figure: match[1]!, label: match[2]! } : { figure: result };
}

/**
 * Case study cards: the headline result set large (under the customer's logo when given), then the
 * title (h3) and a short summary.
 */
export function CaseStudies({ block }: BlockProps<'caseStudies'>) {
  const columns = cardColumns(block.items.length, { four: 2 });
  return (
    <Section block={block} onDark={classes.onDark}>
      <CardGrid
        columns={columns}
        className={classes.grid}
        data-wide={columns.lg <= 2 ? '' : undefined}
      >
        {block.items.map((item, index) => {
          const { figure, label } = splitResult(item.result);
          return (
            <CardGridItem
              key={index}
              index={index}
              className={`${cardClasses.surface} ${classes.card}`}
            >
              <p className={classes.result}>
                {item.logo && <Picture image={item.logo} slot="logo" className={classes.logo} />}
                <span className={classes.figure} data-long={label ? undefined : ''}>
                  {figure}
                </span>
                {label && <span className={classes.resultLabel}> {label}</span>}
              </p>
              <div className={classes.body}>
                <h3 className={cardClasses.title}>{item.title}</h3>
                <p className={`${cardClasses.text} ${classes.summary}`}>{item.summary}</p>
              </div>
            </CardGridItem>
          );
        })}
      </CardGrid>
    </Section>
  );
}
