import '@mantine/core/styles/Container.css';
import { CardGrid, CardGridItem, cardClasses, cardColumns } from '../../ui/CardGrid.tsx';
import { Icon } from '../../ui/Icon.tsx';
import { Picture } from '../../ui/Picture.tsx';
import { Section } from '../../ui/Section.tsx';
import { langOf } from '../../ui/source-language.ts';
import type { BlockProps } from '../types.ts';
import classes from './Testimonials.module.css';

/**
 * Customer quotes as `<figure>`s: the quote in a `<blockquote>`, the role, type of business and
 * optional photo in the caption.
 */
export function Testimonials({ block, sourceTexts }: BlockProps<'testimonials'>) {
  const lang = langOf(sourceTexts);
  const count = block.items.length;
  return (
    <Section block={block} langOf={lang} onDark={classes.onDark}>
      <CardGrid
        columns={cardColumns(count, { four: 2 })}
        className={classes.grid}
        data-single={count === 1 ? '' : undefined}
      >
        {block.items.map((item, index) => (
          <CardGridItem
            key={index}
            index={index}
            className={classes.item}
            {...lang('items', index)}
          >
            <figure className={`${cardClasses.surface} ${cardClasses.padded} ${classes.card}`}>
              <Icon name="quote" size={32} className={classes.mark} />
              <blockquote className={classes.quote}>
                <p {...lang('items', index, 'quote')}>{item.quote}</p>
              </blockquote>
              <figcaption
                className={item.photo ? `${classes.caption} ${classes.withPhoto}` : classes.caption}
              >
                {item.photo && (
                  <Picture
                    image={item.photo}
                    slot="portrait"
                    className={classes.photo}
                    lang={lang('items', index, 'photo', 'alt')}
                  />
                )}
                <span className={classes.role} {...lang('items', index, 'role')}>
                  {item.role}
                </span>
                <span className={classes.business} {...lang('items', index, 'business')}>
                  {item.business}
                </span>
              </figcaption>
            </figure>
          </CardGridItem>
        ))}
      </CardGrid>
    </Section>
  );
}
