import { Icon } from '../../ui/Icon.tsx';
import { Section } from '../../ui/Section.tsx';
import { langOf } from '../../ui/source-language.ts';
import type { BlockProps } from '../types.ts';
import { fillWords, wordsOf } from '../words.ts';
import classes from './VideoPlaceholder.module.css';

/**
 * Where a video will go, clearly labelled as not yet available: a 16:9 frame with an icon and
 * "Video coming soon", never a play button that does nothing. The title is the section heading; the
 * description sits under it.
 */
export function VideoPlaceholder({ block, context, sourceTexts }: BlockProps<'videoPlaceholder'>) {
  const words = wordsOf(context);
  const lang = langOf(sourceTexts);
  return (
    <Section
      block={block}
      heading={block.title}
      intro={block.description}
      langOf={lang}
      headingField="title"
      introField="description"
      size="md"
    >
      <div className={classes.frame} data-video-placeholder>
        <div className={classes.inner}>
          <span className={classes.icon}>
            <Icon name="camera" size={32} />
          </span>
          <p className={classes.status}>{words.videoComingSoon}</p>
          <p className={classes.note}>{words.videoNote}</p>
          {block.duration && (
            <p className={classes.duration}>
              <Icon name="clock" size={16} />
              <span>
                {fillWords(words.plannedLength, {
                  duration: <strong {...lang('duration')}>{block.duration}</strong>,
                })}
              </span>
            </p>
          )}
        </div>
      </div>
    </Section>
  );
}
