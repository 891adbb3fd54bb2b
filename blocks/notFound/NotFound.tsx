import '@mantine/core/styles/Button.css';
import { Button } from '@mantine/core';
import { Section } from '../../ui/Section.tsx';
import type { BlockProps } from '../types.ts';
import classes from './NotFound.module.css';

function ArrowLeft() {
  return (
    <svg width="18" height="18" viewBox="0 0 24 24" fill="none" stroke="currentColor" strokeWidth={2} strokeLinecap="round" strokeLinejoin="round" aria-hidden="true" focusable="false">
      <path d="M19 12H5M11 6l-6 6 6 6" />
    </svg>
  );
}

/** The body of the 404 page: the page's h1, one sentence and the way back. */
export function NotFound({ block }: BlockProps<'notFound'>) {
  return (
    <Section id={block.id} tone={block.tone} size="sm" className={[classes.section, block.tone === 'dark' ? classes.onDark : ''].join(' ')}>
      <div className={classes.body}>
        <p className={classes.code} aria-hidden="true">
          404
        </p>
        <h1 className={classes.title}>{block.title}</h1>
        <p className={classes.text}>{block.body}</p>
        <Button
          component="a"
          href={block.action.href}
          variant={block.action.variant === 'secondary' ? 'outline' : 'filled'}
          size="md"
          radius="md"
          leftSection={<ArrowLeft />}
          className={classes.action}
        >
          {block.action.label}
        </Button>
      </div>
    </Section>
  );
}
