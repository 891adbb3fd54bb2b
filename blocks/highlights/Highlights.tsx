import '@mantine/core/styles/Container.css';
import { CardGrid, CardGridItem, cardColumns } from '../../ui/CardGrid.tsx';
import { IconCardBody, iconCardClasses } from '../../ui/IconCard.tsx';
import { Section } from '../../ui/Section.tsx';
import { langOf } from '../../ui/source-language.ts';
import type { BlockProps } from '../types.ts';
import classes from './Highlights.module.css';

/**
 * Short highlights in an open grid: an icon in a tinted square, an h3 and a sentence or two
 * (IconCardBody).
 */
export function Highlights({ block, sourceTexts }: BlockProps<'highlights'>) {
  const lang = langOf(sourceTexts);
  return (
    <Section block={block} langOf={lang} onDark={`${iconCardClasses.onDark} ${classes.onDark}`}>
      <CardGrid columns={cardColumns(block.items.length, { four: 4 })} className={classes.grid}>
        {block.items.map((item, index) => (
          <CardGridItem
            key={index}
            index={index}
            className={classes.item}
            {...lang('items', index)}
          >
            <IconCardBody
              icon={item.icon}
              title={item.title}
              description={item.description}
              titleLang={lang('items', index, 'title')}
              descriptionLang={lang('items', index, 'description')}
            />
          </CardGridItem>
        ))}
      </CardGrid>
    </Section>
  );
}
