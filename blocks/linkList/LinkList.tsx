import type { CSSProperties } from 'react';
import { Icon } from '../../ui/Icon.tsx';
import { Picture } from '../../ui/Picture.tsx';
import { Section } from '../../ui/Section.tsx';
import { langOf } from '../../ui/source-language.ts';
import { TextIn } from '../../ui/TextIn.tsx';
import type { BlockProps } from '../types.ts';
import { wordsOf } from '../words.ts';
import classes from './LinkList.module.css';

const isExternal = (href: string) => /^https?:\/\//.test(href);

/**
 * Cards linking to other pages (index pages such as the blog or the hubs). The title is the link;
 * its hit area is stretched over the whole card, so the card is clickable while the accessible name
 * stays the title alone. A card can open with a cover image (shown 16:9, cropped to fit).
 */
export function LinkList({ block, context, sourceTexts }: BlockProps<'linkList'>) {
  const words = wordsOf(context);
  const lang = langOf(sourceTexts);
  const count = block.items.length;
  // Two or four cards read better in two columns than as a row of three with an orphan.
  const columns = count <= 2 ? count : count === 4 ? 2 : 3;
  return (
    <Section block={block} langOf={lang}>
      <ul className={classes.grid} data-columns={columns}>
        {block.items.map((item, index) => {
          const external = isExternal(item.href);
          // An external link says "opens in a new tab" in the page's words: the card's texts are
          // marked one by one.
          const text = external ? lang.text : lang;
          return (
            <li
              key={item.href}
              className={`${classes.card} fade-in`}
              style={{ '--stagger-index': index } as CSSProperties}
              {...(external ? {} : lang('items', index))}
            >
              {item.cover && (
                <Picture
                  image={item.cover}
                  slot="cover"
                  className={classes.cover}
                  lang={text('items', index, 'cover', 'alt')}
                />
              )}
              <h3 className={classes.title}>
                <a
                  href={item.href}
                  className={classes.link}
                  {...(external
                    ? { target: '_blank', rel: 'noopener noreferrer' }
                    : lang('items', index, 'title'))}
                >
                  <TextIn lang={external ? text('items', index, 'title') : {}}>{item.title}</TextIn>
                  {external && (
                    <>
                      {' '}
                      <span className="visually-hidden">{words.opensInNewTab}</span>
                    </>
                  )}
                </a>
              </h3>
              {item.description && (
                <p className={classes.description} {...text('items', index, 'description')}>
                  {item.description}
                </p>
              )}
              <div className={classes.footer}>
                {item.meta ? (
                  <p className={classes.meta} {...text('items', index, 'meta')}>
                    {item.meta}
                  </p>
                ) : (
                  <span />
                )}
                <Icon name="arrowRight" size={18} className={classes.arrow} />
              </div>
            </li>
          );
        })}
      </ul>
    </Section>
  );
}
