// Not UnstyledButton.css: wherever it lands after Button.css in a page's CSS, its reset wins over
// the button colours.
import '@mantine/core/styles/Container.css';
import '@mantine/core/styles/Button.css';
import { Button, Container } from '@mantine/core';
import { useId } from 'react';
import { Icon } from '../../ui/Icon.tsx';
import { Picture } from '../../ui/Picture.tsx';
import { langOf } from '../../ui/source-language.ts';
import type { BlockProps } from '../types.ts';
import { wordsOf } from '../words.ts';
import classes from './Hero.module.css';
import { HeroStats } from './HeroStats.tsx';

/**
 * The top of a page: badge, the page's h1, subtitle, highlight chips, buttons, reassurance notes,
 * an optional image (under the text, or beside it on wide screens) and counting stats.
 */
export function Hero({ block, context, sourceTexts }: BlockProps<'hero'>) {
  const words = wordsOf(context);
  const lang = langOf(sourceTexts);
  const titleId = useId();
  const tone = block.tone ?? 'default';
  const beside = block.media?.position === 'beside';
  return (
    <section
      id={block.id}
      className={[classes.hero, classes[tone]].join(' ')}
      aria-labelledby={titleId}
      data-tone={tone}
    >
      <div className={classes.backdrop} aria-hidden="true" />
      <Container size="lg" className={beside ? `${classes.inner} ${classes.split}` : classes.inner}>
        <div className={classes.copy}>
          {block.badge && (
            <p className={classes.badge}>
              <Icon name="sparkles" size={16} />
              <span {...lang('badge')}>{block.badge}</span>
            </p>
          )}
          <h1 id={titleId} className={classes.title} {...lang('title')}>
            {block.title}
          </h1>
          {block.subtitle && (
            <p className={classes.subtitle} {...lang('subtitle')}>
              {block.subtitle}
            </p>
          )}
          {block.chips && (
            <ul className={classes.chips} aria-label={words.highlights}>
              {block.chips.map((chip, index) => (
                <li key={chip} className={classes.chip} {...lang('chips', index)}>
                  <span className={classes.chipDot} aria-hidden="true" />
                  {chip}
                </li>
              ))}
            </ul>
          )}
          {block.actions && (
            <div className={classes.actions}>
              {block.actions.map((action, index) => {
                const primary =
                  (action.variant ?? (index === 0 ? 'primary' : 'secondary')) === 'primary';
                return (
                  <Button
                    key={action.href + action.label}
                    component="a"
                    href={action.href}
                    size="lg"
                    radius="md"
                    variant={primary ? 'filled' : 'default'}
                    className={primary ? classes.primary : classes.secondary}
                    {...lang.text('actions', index, 'label')}
                  >
                    {action.label}
                  </Button>
                );
              })}
            </div>
          )}
          {block.notes && (
            <ul className={classes.notes}>
              {block.notes.map((note, index) => (
                <li key={note} {...lang('notes', index)}>
                  <Icon name="check" size={16} className={classes.noteIcon} />
                  {note}
                </li>
              ))}
            </ul>
          )}
        </div>
        {block.media && (
          <Picture
            image={block.media}
            slot={beside ? 'heroBeside' : 'heroBelow'}
            className={beside ? classes.mediaBeside : classes.media}
            lang={lang('media', 'alt')}
          />
        )}
        {block.stats && <HeroStats stats={block.stats} lang={lang} />}
      </Container>
    </section>
  );
}
