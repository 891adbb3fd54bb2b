import '@mantine/core/styles/Container.css';
import { CardGrid, cardColumns } from '../../ui/CardGrid.tsx';
import { IconCard, iconCardClasses } from '../../ui/IconCard.tsx';
import { Section } from '../../ui/Section.tsx';
import type { BlockProps } from '../types.ts';
import { wordsOf } from '../words.ts';

/**
 * Benefit cards (IconCard). A card with `href` is a link card: its link ("Learn more", or
 * `linkLabel`) stretches over the whole card and names the card title.
 */
export function Benefits({ block, context }: BlockProps<'benefits'>) {
  const words = wordsOf(context);
  return (
    <Section block={block} onDark={iconCardClasses.onDark}>
      <CardGrid columns={cardColumns(block.items.length, { four: 4 })}>
        {block.items.map((item, index) => (
          <IconCard
            key={index}
            index={index}
            icon={item.icon}
            title={item.title}
            description={item.description}
            href={item.href}
            linkLabel={item.linkLabel ?? words.learnMore}
          />
        ))}
      </CardGrid>
    </Section>
  );
}
