import '@mantine/core/styles/Container.css';
import type { CSSProperties } from 'react';
import { Icon } from '../../ui/Icon.tsx';
import { Section } from '../../ui/Section.tsx';
import { langOf } from '../../ui/source-language.ts';
import type { BlockProps } from '../types.ts';
import { wordsOf } from '../words.ts';
import classes from './Scheduler.module.css';
import { schedulerSrc } from './scheduler-url.ts';

/**
 * The scheduling provider's booking page in an inline, lazily loaded frame (height and min-width
 * from site.config.yaml). A plain link to the booking page sits behind the frame while it loads and
 * under it at all times. The frame is in a
 * <noscript>, so visitors without JavaScript get it as is; in the browser scheduler-enhance.ts mounts the same frame
 * (described in data-frame) once it listens for the provider's messages, and swaps it for the link and a message if
 * the provider cannot be reached.
 */
export function Scheduler({ block, context, sourceTexts }: BlockProps<'scheduler'>) {
  const { scheduler, name } = context.config;
  const words = wordsOf(context);
  const src = schedulerSrc(context.config, block);
  const bookingUrl = scheduler.url;
  const frame = {
    className: classes.frame,
    src,
    title: words.schedulerTitle.replace('{name}', name),
    height: String(scheduler.height),
    loading: 'lazy',
    'data-scheduler-frame': '',
  } as const;
  return (
    <Section
      block={block}
      langOf={langOf(sourceTexts)}
      level={block.headingLevel}
      size="lg"
      centered
    >
      <div
        className={classes.box}
        style={
          {
            '--scheduler-height': `${scheduler.height}px`,
            '--scheduler-min-width': `${scheduler.minWidth}px`,
          } as CSSProperties
        }
        data-scheduler
        data-status="loading"
        // What scheduler-enhance.ts needs to create the same frame as the <noscript> one, without
        // parsing markup.
        data-frame={JSON.stringify(frame)}
      >
        <div className={classes.fallback} data-scheduler-fallback>
          <span className={classes.fallbackIcon} aria-hidden="true">
            <Icon name="calendar" size={28} />
          </span>
          <p
            className={classes.fallbackText}
            data-scheduler-message
            data-loading-text={words.schedulerLoading}
            data-unavailable-text={words.schedulerUnavailable}
          >
            {words.schedulerLoading}
          </p>
          <a className={classes.fallbackLink} href={bookingUrl} rel="noopener" data-scheduler-link>
            {words.schedulerOpen}
          </a>
          <button type="button" className={classes.retry} hidden data-scheduler-retry>
            {words.schedulerRetry}
          </button>
        </div>
        <noscript data-scheduler-noscript>
          <iframe {...frame} />
        </noscript>
      </div>
      <p
        className={[classes.note, block.tone === 'dark' ? classes.noteOnDark : ''].join(' ')}
        data-scheduler-note
      >
        {words.schedulerNotShowing}{' '}
        <a href={bookingUrl} rel="noopener" className={classes.noteLink}>
          {words.schedulerOpen}
        </a>
      </p>
    </Section>
  );
}
