import '@mantine/core/styles/Button.css';
import { Button } from '@mantine/core';
import { Icon } from '../../ui/Icon.tsx';
import { Section } from '../../ui/Section.tsx';
import { langOf } from '../../ui/source-language.ts';
import type { BlockProps } from '../types.ts';
import classes from './NotFound.module.css';

/** The body of the 404 page: the page's h1, one sentence and the way back. */
export function NotFound({ block, sourceTexts }: BlockProps<'notFound'>) {
  const lang = langOf(sourceTexts);
  return (
    <Section
      block={block}
      langOf={lang}
      size="sm"
      className={classes.section}
      onDark={classes.onDark}
    >
      <div className={classes.body}>
        <p className={classes.code} aria-hidden="true">
          404
        </p>
        <h1 className={classes.title} {...lang('title')}>
          {block.title}
        </h1>
        <p className={classes.text} {...lang('body')}>
          {block.body}
        </p>
        <Button
          component="a"
          href={block.action.href}
          variant={block.action.variant === 'secondary' ? 'outline' : 'filled'}
          size="md"
          radius="md"
          leftSection={<Icon name="arrowLeft" size={18} />}
          className={classes.action}
          {...lang('action', 'label')}
        >
          {block.action.label}
        </Button>
      </div>
    </Section>
  );
}
