import { Icon } from '../../ui/Icon.tsx';
import { Section } from '../../ui/Section.tsx';
import type { BlockProps } from '../types.ts';
import classes from './VideoPlaceholder.module.css';

function Camera() {
  return (
    <svg width="32" height="32" viewBox="0 0 24 24" fill="none" stroke="currentColor" strokeWidth={1.8} strokeLinecap="round" strokeLinejoin="round" aria-hidden="true" focusable="false">
      <path d="M3 7a2 2 0 0 1 2-2h9a2 2 0 0 1 2 2v10a2 2 0 0 1-2 2H5a2 2 0 0 1-2-2zM16 10.5l5-3v9l-5-3" />
    </svg>
  );
}

/**
 * Where a video will go, clearly labelled as not yet available: a 16:9 frame with an icon and "Video coming soon",
 * never a play button that does nothing. The title is the section heading; the description sits under it.
 */
export function VideoPlaceholder({ block }: BlockProps<'videoPlaceholder'>) {
  return (
    <Section id={block.id} tone={block.tone} heading={block.title} intro={block.description} size="md">
      <div className={classes.frame} data-video-placeholder>
        <div className={classes.inner}>
          <span className={classes.icon}>
            <Camera />
          </span>
          <p className={classes.status}>Video coming soon</p>
          <p className={classes.note}>This walkthrough will be published here.</p>
          {block.duration && (
            <p className={classes.duration}>
              <Icon name="clock" size={16} />
              <span>
                Planned length: <strong>{block.duration}</strong>
              </span>
            </p>
          )}
        </div>
      </div>
    </Section>
  );
}
