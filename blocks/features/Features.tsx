import '@mantine/core/styles/Container.css';
import { CardGrid, cardColumns } from '../../ui/CardGrid.tsx';
import { Icon } from '../../ui/Icon.tsx';
import { IconCard, iconCardClasses } from '../../ui/IconCard.tsx';
import { Section } from '../../ui/Section.tsx';
import { langOf } from '../../ui/source-language.ts';
import type { BlockProps } from '../types.ts';
import { wordsOf } from '../words.ts';
import classes from './Features.module.css';

/**
 * Feature cards (IconCard): icon, h3, description, up to three check-mark bullets and an optional
 * "Learn more" link that covers the whole card (its accessible name includes the card title).
 */
export function Features({ block, context, sourceTexts }: BlockProps<'features'>) {
  const words = wordsOf(context);
  const lang = langOf(sourceTexts);
  return (
    <Section block={block} langOf={lang} onDark={`${iconCardClasses.onDark} ${classes.onDark}`}>
      <CardGrid columns={cardColumns(block.items.length)}>
        {block.items.map((item, index) => {
          // A card with a link shows the page's own "Learn more": its texts are marked one by one.
          const text = item.href ? lang.text : lang;
          return (
            <IconCard
              key={index}
              index={index}
              icon={item.icon}
              title={item.title}
              description={item.description}
              href={item.href}
              linkLabel={words.learnMore}
              itemLang={item.href ? {} : lang('items', index)}
              titleLang={text('items', index, 'title')}
              descriptionLang={text('items', index, 'description')}
            >
              {item.bullets && (
                <ul className={classes.bullets}>
                  {item.bullets.map((bullet, bulletIndex) => (
                    <li
                      key={bulletIndex}
                      className={classes.bullet}
                      {...text('items', index, 'bullets', bulletIndex)}
                    >
                      <Icon name="check" size={16} className={classes.check} />
                      {bullet}
                    </li>
                  ))}
                </ul>
              )}
            </IconCard>
          );
        })}
      </CardGrid>
    </Section>
  );
}
