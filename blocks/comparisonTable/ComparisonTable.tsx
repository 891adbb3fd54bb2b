import type { Words } from '../../schema/locales.ts';
import { Icon } from '../../ui/Icon.tsx';
import { Section } from '../../ui/Section.tsx';
import { langOf, type LangAttributes } from '../../ui/source-language.ts';
import type { BlockProps } from '../types.ts';
import { fillText, wordsOf } from '../words.ts';
import classes from './ComparisonTable.module.css';

function Cell({
  value,
  words,
  lang,
}: {
  value: boolean | string;
  words: Words;
  lang: LangAttributes;
}) {
  if (value === true) {
    return (
      <span className={`${classes.mark} ${classes.yes}`} data-value="yes">
        <Icon name="check" size={14} />
        <span className="visually-hidden">{words.included}</span>
      </span>
    );
  }
  if (value === false) {
    return (
      <span className={`${classes.mark} ${classes.no}`} data-value="no">
        <Icon name="dash" size={14} />
        <span className="visually-hidden">{words.notIncluded}</span>
      </span>
    );
  }
  return (
    <span className={classes.level} {...lang}>
      {value}
    </span>
  );
}

/**
 * A feature-by-plan table. The caption names the table (shown when the author wrote one, otherwise
 * read from the heading and visually hidden). On narrow screens the table scrolls sideways inside a
 * focusable, labelled region, so keyboard users can scroll it too and the page itself never
 * overflows. The region's name differs from the section's (which the heading labels) so the two
 * landmarks are told apart.
 */
export function ComparisonTable({ block, context, sourceTexts }: BlockProps<'comparisonTable'>) {
  const words = wordsOf(context);
  const lang = langOf(sourceTexts);
  const caption = block.caption ?? block.heading;
  return (
    <Section block={block} langOf={lang} centered>
      {/* A named <section> is a region landmark: keyboard users can focus it to scroll the table on small screens. */}
      <section
        className={classes.scroller}
        aria-label={fillText(words.scrollableTable, { caption })}
        tabIndex={0}
      >
        <table className={classes.table}>
          <caption
            className={block.caption ? classes.caption : 'visually-hidden'}
            {...lang(block.caption ? 'caption' : 'heading')}
          >
            {caption}
          </caption>
          <thead>
            <tr>
              <th scope="col" className={classes.corner}>
                <span className="visually-hidden">{words.feature}</span>
              </th>
              {block.columns.map((column, index) => (
                <th
                  key={column}
                  scope="col"
                  className={classes.columnHeader}
                  {...lang('columns', index)}
                >
                  {column}
                </th>
              ))}
            </tr>
          </thead>
          <tbody>
            {block.rows.map((row, rowIndex) => {
              // A row with a check mark or a dash holds the page's words for them: its texts are
              // marked one by one.
              const whole = row.values.every((value) => typeof value === 'string');
              const text = whole ? lang : lang.text;
              return (
                <tr key={row.feature} {...(whole ? lang('rows', rowIndex) : {})}>
                  <th
                    scope="row"
                    className={classes.rowHeader}
                    {...text('rows', rowIndex, 'feature')}
                  >
                    {row.feature}
                  </th>
                  {block.columns.map((column, index) => (
                    <td key={column} className={classes.cell}>
                      {index < row.values.length ? (
                        <Cell
                          value={row.values[index]!}
                          words={words}
                          lang={text('rows', rowIndex, 'values', index)}
                        />
                      ) : null}
                    </td>
                  ))}
                </tr>
              );
            })}
          </tbody>
        </table>
      </section>
    </Section>
  );
}
