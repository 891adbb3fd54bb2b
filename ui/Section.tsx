import '@mantine/core/styles/Container.css';
import { Container } from '@mantine/core';
import { useId, type ReactNode } from 'react';
import type { Tone } from '../schema/block.ts';
import { langOf as noMarks, type LangOf } from './source-language.ts';
import classes from './Section.module.css';

/**
 * What a section takes from its block: the common fields and those of `sectionFields`
 * (schema/block.ts).
 */
interface SectionContent {
  id?: string;
  tone?: Tone;
  eyebrow?: string;
  heading?: string;
  intro?: string;
}

export interface SectionProps {
  block: SectionContent;
  /**
   * For a block whose heading or intro is another field (videoPlaceholder's `title`); the block's
   * own otherwise.
   */
  heading?: string;
  intro?: string;
  /**
   * The block's `langOf` (ui/source-language.ts): its eyebrow, heading and intro are marked when
   * left in the source's language. `headingField` and `introField` name the block's fields shown as
   * heading and intro when those are others (`title`, `body`).
   */
  langOf?: LangOf;
  headingField?: string;
  introField?: string;
  /** Heading level of `heading`; 2 unless the section carries the page headline. */
  level?: 1 | 2;
  /** Wider or narrower content column. */
  size?: 'sm' | 'md' | 'lg' | 'xl';
  centered?: boolean;
  className?: string;
  /** Class added when the block's tone is dark. */
  onDark?: string;
  children?: ReactNode;
}

/**
 * `className`, and `onDark` after it on the dark tone; with both given, the space between them is
 * there on any tone.
 */
function sectionClass(
  className: string | undefined,
  onDark: string | undefined,
  dark: boolean,
): string | undefined {
  if (onDark === undefined) return className;
  if (className === undefined) return dark ? onDark : undefined;
  return `${className} ${dark ? onDark : ''}`;
}

/**
 * The frame every block sits in: a labelled `<section>` with the block's id and tone, and its
 * eyebrow, heading and intro.
 */
export function Section({
  block,
  heading = block.heading,
  intro = block.intro,
  langOf = noMarks(undefined),
  headingField = 'heading',
  introField = 'intro',
  level = 2,
  size = 'lg',
  centered,
  className,
  onDark,
  children,
}: SectionProps) {
  const headingId = useId();
  const { id, tone = 'default', eyebrow } = block;
  const Heading = level === 1 ? 'h1' : 'h2';
  return (
    <section
      id={id}
      className={[classes.section, classes[tone], sectionClass(className, onDark, tone === 'dark')]
        .filter(Boolean)
        .join(' ')}
      aria-labelledby={heading ? headingId : undefined}
    >
      <Container size={size}>
        {(eyebrow || heading || intro) && (
          <header className={[classes.header, centered ? classes.centered : ''].join(' ')}>
            {eyebrow && (
              <p className={classes.eyebrow} {...langOf('eyebrow')}>
                {eyebrow}
              </p>
            )}
            {heading && (
              <Heading id={headingId} className={classes.heading} {...langOf(headingField)}>
                {heading}
              </Heading>
            )}
            {intro && (
              <p className={classes.intro} {...langOf(introField)}>
                {intro}
              </p>
            )}
          </header>
        )}
        {children}
      </Container>
    </section>
  );
}
