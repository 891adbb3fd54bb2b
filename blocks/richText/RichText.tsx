import '@mantine/core/styles/Container.css';
import { Icon } from '../../ui/Icon.tsx';
import { Section } from '../../ui/Section.tsx';
import type { BlockProps } from '../types.ts';
import classes from './RichText.module.css';

/** Eyebrow, heading, paragraphs of plain text and an optional list of bullets with check marks. */
export function RichText({ block }: BlockProps<'richText'>) {
  return (
    <Section block={block} onDark={classes.onDark}>
      <div className={classes.body}>
        {block.paragraphs.map((paragraph, index) => (
          <p key={index} className={classes.paragraph}>
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
