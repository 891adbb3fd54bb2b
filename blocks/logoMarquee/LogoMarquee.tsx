import '@mantine/core/styles/Container.css';
import type { CSSProperties } from 'react';
import { Section } from '../../ui/Section.tsx';
import { langOf } from '../../ui/source-language.ts';
import type { BlockProps } from '../types.ts';
import { wordsOf } from '../words.ts';
import classes from './LogoMarquee.module.css';

/** Spec §9: every logo is 140 px wide and the row loops every 20 s. */
const LOGO_WIDTH = 140;
const LOOP_SECONDS = 20;

/**
 * Partner logos scrolling in a seamless CSS loop: the row is rendered twice (the copy hidden from
 * assistive tech) and slides by half its width. Pauses on hover or with its pause toggle; under
 * reduced motion it is a static, wrapped row.
 */
export function LogoMarquee({ block, context, sourceTexts }: BlockProps<'logoMarquee'>) {
  const words = wordsOf(context);
  const lang = langOf(sourceTexts);
  const row = (copy: boolean) => (
    <ul
      className={classes.row}
      aria-hidden={copy || undefined}
      data-marquee-copy={copy || undefined}
    >
      {block.logos.map((logo, index) => (
        <li key={logo.src} className={classes.logo} {...(copy ? {} : lang('logos', index))}>
          <img
            src={logo.src}
            alt={copy ? '' : logo.alt}
            width={LOGO_WIDTH}
            height={48}
            decoding="async"
          />
        </li>
      ))}
    </ul>
  );
  return (
    <Section block={block} langOf={lang} size="xl" centered className={classes.section}>
      <div
        className={classes.marquee}
        style={
          {
            '--marquee-duration': `${LOOP_SECONDS}s`,
            '--logo-width': `${LOGO_WIDTH}px`,
          } as CSSProperties
        }
        data-logo-marquee
      >
        <div className={classes.viewport}>
          <div className={classes.track} data-marquee-track>
            {row(false)}
            {row(true)}
          </div>
        </div>
        {/* Keyboard and touch users can stop the motion too (WCAG 2.2.2), with no JavaScript: a styled checkbox. */}
        <label className={classes.pause}>
          <input type="checkbox" className={classes.pauseInput} data-marquee-pause />
          <span className={classes.pauseIcon} aria-hidden="true" />
          <span>{words.pauseLogos}</span>
        </label>
      </div>
    </Section>
  );
}
