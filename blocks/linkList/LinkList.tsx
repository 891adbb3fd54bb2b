import type { CSSProperties } from 'react';
import { Icon } from '../../ui/Icon.tsx';
import { Picture } from '../../ui/Picture.tsx';
import { Section } from '../../ui/Section.tsx';
import type { BlockProps } from '../types.ts';
import { wordsOf } from '../words.ts';
import classes from './LinkList.module.css';

const isExternal = (href: string) => /^https?:\/\//.test(href);

/**
 * Cards linking to other pages (index pages such as the blog or the hubs). The title is the link;
 * its hit area is stretched over the whole card, so the card is clickable while the accessible name
 * stays the title alone. A card can open with a cover image (shown 16:9, cropped to fit).
 */
export function LinkList({ block, context }: BlockProps<'linkList'>) {
  const words = wordsOf(context);
  const count = block.items.length;
  // Two or four cards read better in two columns than as a row of three with an orphan.
  const columns = count <= 2 ? count : count === 4 ? 2 : 3;
  return (
    <Section block={block}>
      <ul className={classes.grid} data-columns={columns}>
        {block.items.map((item, index) => {
          const external = isExternal(item.href);
          return (
            <li
              key={item.href}
              className={`${classes.card} fade-in`}
              style={{ '--stagger-index': index } as CSSProperties}
            >
              {item.cover && <Picture image={item.cover} slot="cover" className={classes.cover} />}
              <h3 className={classes.title}>
                <a
                  href={item.href}
                  className={classes.link}
                  {...(external ? { target: '_blank', rel: 'noopener noreferrer' } : {})}
                >
                  {item.title}
                  {external && (
                    <>
                      {' '}
                      <span className="visually-hidden">{words.opensInNewTab}</span>
                    </>
                  )}
                </a>
              </h3>
              {item.description && <p className={classes.description}>{item.description}</p>}
              <div className={classes.footer}>
                {item.meta ? <p className={classes.meta}>{item.meta}</p> : <span />}
                <Icon name="arrowRight" size={18} className={classes.arrow} />
              </div>
            </li>
          );
        })}
      </ul>
    </Section>
  );
}
