import '@mantine/core/styles/Container.css';
import { CardGrid, cardColumns } from '../../ui/CardGrid.tsx';
import { IconCard, iconCardClasses } from '../../ui/IconCard.tsx';
import { Section } from '../../ui/Section.tsx';
import { langOf } from '../../ui/source-language.ts';
import type { BlockProps } from '../types.ts';
import { wordsOf } from '../words.ts';

/**
 * Benefit cards (IconCard). A card with `href` is a link card: its link ("Learn more", or
 * `linkLabel`) stretches over the whole card and names the card title.
 */
export function Benefits({ block, context, sourceTexts }: BlockProps<'benefits'>) {
  const words = wordsOf(context);
  const lang = langOf(sourceTexts);
  return (
    <Section block={block} langOf={lang} onDark={iconCardClasses.onDark}>
      <CardGrid columns={cardColumns(block.items.length, { four: 4 })}>
        {block.items.map((item, index) => {
          // A card with the page's own "Learn more" is not marked as a whole.
          const whole = !item.href || item.linkLabel !== undefined;
          return (
            <IconCard
              key={index}
              index={index}
              icon={item.icon}
              title={item.title}
              description={item.description}
              href={item.href}
              linkLabel={item.linkLabel ?? words.learnMore}
              {...(whole
                ? {
                    itemLang: lang('items', index),
                    titleLang: lang('items', index, 'title'),
                    descriptionLang: lang('items', index, 'description'),
                    linkLabelLang: lang('items', index, 'linkLabel'),
                  }
                : {
                    titleLang: lang.text('items', index, 'title'),
                    descriptionLang: lang.text('items', index, 'description'),
                  })}
            />
          );
        })}
      </CardGrid>
    </Section>
  );
}
