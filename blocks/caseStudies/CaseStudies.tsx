import '@mantine/core/styles/Container.css';
import { CardGrid, CardGridItem, cardClasses, cardColumns } from '../../ui/CardGrid.tsx';
import { Picture } from '../../ui/Picture.tsx';
import { Section } from '../../ui/Section.tsx';
import { langOf } from '../../ui/source-language.ts';
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
export function CaseStudies({ block, sourceTexts }: BlockProps<'caseStudies'>) {
  const lang = langOf(sourceTexts);
  const columns = cardColumns(block.items.length, { four: 2 });
  return (
    <Section block={block} langOf={lang} onDark={classes.onDark}>
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
              {...lang('items', index)}
            >
              <p className={classes.result}>
                {item.logo && (
                  <Picture
                    image={item.logo}
                    slot="logo"
                    className={classes.logo}
                    lang={lang('items', index, 'logo', 'alt')}
                  />
                )}
                <span
                  className={classes.figure}
                  data-long={label ? undefined : ''}
                  {...lang('items', index, 'result')}
                >
                  {figure}
                </span>
                {label && (
                  <span className={classes.resultLabel} {...lang('items', index, 'result')}>
                    {' '}
                    {label}
                  </span>
                )}
              </p>
              <div className={classes.body}>
                <h3 className={cardClasses.title} {...lang('items', index, 'title')}>
                  {item.title}
                </h3>
                <p
                  className={`${cardClasses.text} ${classes.summary}`}
                  {...lang('items', index, 'summary')}
                >
                  {item.summary}
                </p>
              </div>
            </CardGridItem>
          );
        })}
      </CardGrid>
    </Section>
  );
}
