import '@mantine/core/styles/Container.css';
import { Icon } from '../../ui/Icon.tsx';
import { Section } from '../../ui/Section.tsx';
import { langOf } from '../../ui/source-language.ts';
import type { BlockProps } from '../types.ts';
import classes from './RichText.module.css';

/** Eyebrow, heading, paragraphs of plain text and an optional list of bullets with check marks. */
export function RichText({ block, sourceTexts }: BlockProps<'richText'>) {
  const lang = langOf(sourceTexts);
  return (
    <Section block={block} langOf={lang} onDark={classes.onDark}>
      <div className={classes.body}>
        {block.paragraphs.map((paragraph, index) => (
          <p key={index} className={classes.paragraph} {...lang('paragraphs', index)}>
            {paragraph}
          </p>
        ))}
      </div>
      {block.bullets && (
        <ul className={classes.bullets}>
          {block.bullets.map((bullet, index) => (
            <li
              key={index}
              className={`${classes.bullet} fade-in`}
              style={{ '--stagger-index': index } as React.CSSProperties}
              {...lang('bullets', index)}
            >
              <span className={classes.check}>
                <Icon name="check" size={16} />
              </span>
              <span>{bullet}</span>
            </li>
          ))}
        </ul>
      )}
    </Section>
  );
}
