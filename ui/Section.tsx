import '@mantine/core/styles/Container.css';
import { Container } from '@mantine/core';
import { useId, type ReactNode } from 'react';
import classes from './Section.module.css';

export interface SectionProps {
  id?: string;
  tone?: 'default' | 'muted' | 'dark';
  eyebrow?: string;
  heading?: string;
  intro?: string;
  /** Heading level of `heading`; 2 unless the section carries the page headline. */
  level?: 1 | 2;
  /** Wider or narrower content column. */
  size?: 'sm' | 'md' | 'lg' | 'xl';
  centered?: boolean;
  className?: string;
  children?: ReactNode;
}

/** The frame every block sits in: a labelled `<section>` with an optional eyebrow, heading and intro. */
export function Section({ id, tone = 'default', eyebrow, heading, intro, level = 2, size = 'lg', centered, className, children }: SectionProps) {
  const headingId = useId();
  const Heading = level === 1 ? 'h1' : 'h2';
  return (
    <section
      id={id}
      className={[classes.section, classes[tone], className].filter(Boolean).join(' ')}
      aria-labelledby={heading ? headingId : undefined}
    >
      <Container size={size}>
        {(eyebrow || heading || intro) && (
          <header className={[classes.header, centered ? classes.centered : ''].join(' ')}>
            {eyebrow && <p className={classes.eyebrow}>{eyebrow}</p>}
            {heading && (
              <Heading id={headingId} className={classes.heading}>
                {heading}
              </Heading>
            )}
            {intro && <p className={classes.intro}>{intro}</p>}
          </header>
        )}
        {children}
      </Container>
    </section>
  );
}
