import '@mantine/core/styles/Container.css';
import { useEffect, useRef, useState, type CSSProperties } from 'react';
import { Icon } from '../../ui/Icon.tsx';
import { Section } from '../../ui/Section.tsx';
import type { BlockProps } from '../types.ts';
import classes from './Scheduler.module.css';
import { schedulerSrc } from './scheduler-url.ts';

/** How long the widget may take, from the moment it scrolls into view, before the fallback takes its place. */
export const SCHEDULER_TIMEOUT_MS = 10_000;
/** After the frame's load event, how long to wait for the provider's first message (an error page never sends one). */
export const SCHEDULER_AFTER_LOAD_MS = 5_000;

type Status = 'loading' | 'ready' | 'unavailable';

/**
 * The scheduling provider's booking page in an inline, lazily loaded frame (height and min-width from site.config.yaml).
 * A plain link to the booking page sits behind the frame while it loads and under it at all times; if the provider
 * cannot be reached (no message from it in time), the frame gives way to that link and a short explanation.
 * Without JavaScript the frame comes from a <noscript> in the server HTML.
 */
export function Scheduler({ block, context }: BlockProps<'scheduler'>) {
  const { scheduler, name } = context.config;
  const src = schedulerSrc(context.config, block);
  const bookingUrl = scheduler.url;
  const [status, setStatus] = useState<Status>('loading');
  const [attempt, setAttempt] = useState(0);
  const [live, setLive] = useState(false);
  const frameRef = useRef<HTMLIFrameElement>(null);
  const boxRef = useRef<HTMLDivElement>(null);
  const loadTimer = useRef<ReturnType<typeof setTimeout>>(undefined);

  useEffect(() => setLive(true), []);

  useEffect(() => {
    if (status !== 'loading') return;
    const origin = new URL(src).origin;
    const onMessage = (event: MessageEvent) => {
      if (event.origin === origin && event.source === frameRef.current?.contentWindow) setStatus('ready');
    };
    window.addEventListener('message', onMessage);
    let timer: ReturnType<typeof setTimeout> | undefined;
    // The frame loads lazily: start the clock when it is actually on screen.
    const observer = new IntersectionObserver((entries) => {
      if (!entries.some((entry) => entry.isIntersecting)) return;
      observer.disconnect();
      timer = setTimeout(() => setStatus('unavailable'), SCHEDULER_TIMEOUT_MS);
    });
    if (boxRef.current) observer.observe(boxRef.current);
    return () => {
      window.removeEventListener('message', onMessage);
      observer.disconnect();
      clearTimeout(timer);
      clearTimeout(loadTimer.current);
    };
  }, [src, status, attempt]);

  const onFrameLoad = () => {
    clearTimeout(loadTimer.current);
    loadTimer.current = setTimeout(() => setStatus((current) => (current === 'loading' ? 'unavailable' : current)), SCHEDULER_AFTER_LOAD_MS);
  };
  const retry = () => {
    setAttempt((count) => count + 1);
    setStatus('loading');
  };

  const unavailable = status === 'unavailable';
  const frameProps = {
    className: classes.frame,
    src,
    title: `Book a demo with ${name}: scheduling calendar`,
    height: scheduler.height,
    loading: 'lazy' as const,
  };
  return (
    <Section id={block.id} tone={block.tone} heading={block.heading} intro={block.intro} level={block.headingLevel ?? 2} size="lg" centered>
      <div
        ref={boxRef}
        className={classes.box}
        style={{ '--scheduler-height': `${scheduler.height}px`, '--scheduler-min-width': `${scheduler.minWidth}px` } as CSSProperties}
        data-scheduler
        data-status={status}
      >
        <div className={classes.fallback} data-scheduler-fallback>
          <span className={classes.fallbackIcon} aria-hidden="true">
            <Icon name="calendar" size={28} />
          </span>
          <p className={classes.fallbackText} role={unavailable ? 'alert' : undefined}>
            {unavailable
              ? 'The booking calendar could not be loaded here. You can still pick a time on the booking page.'
              : 'Loading the booking calendar…'}
          </p>
          <a className={classes.fallbackLink} href={bookingUrl} rel="noopener" data-scheduler-link>
            Open the booking page
          </a>
          {unavailable && (
            <button type="button" className={classes.retry} onClick={retry}>
              Try again
            </button>
          )}
        </div>
        {!unavailable &&
          (live ? (
            <iframe key={attempt} ref={frameRef} {...frameProps} onLoad={onFrameLoad} data-scheduler-frame />
          ) : (
            // Server HTML: the frame for visitors without JavaScript. With JavaScript the frame is mounted after
            // hydration instead, once the page listens for the provider's messages (none can be missed).
            <noscript>
              <iframe {...frameProps} data-scheduler-frame />
            </noscript>
          ))}
      </div>
      {!unavailable && (
        <p className={[classes.note, block.tone === 'dark' ? classes.noteOnDark : ''].join(' ')}>
          Calendar not showing?{' '}
          <a href={bookingUrl} rel="noopener" className={classes.noteLink}>
            Open the booking page
          </a>
        </p>
      )}
    </Section>
  );
}
