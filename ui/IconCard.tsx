import type { ReactNode } from 'react';
import type { IconName } from '../schema/primitives.ts';
import { CardGridItem, cardClasses } from './CardGrid.tsx';
import { Icon } from './Icon.tsx';
import type { LangAttributes } from './source-language.ts';
import { TextIn } from './TextIn.tsx';
import classes from './IconCard.module.css';

/**
 * Give `onDark` to the block's Section (its `onDark` prop): on the dark tone, icon tiles,
 * descriptions and links turn light.
 */
export const iconCardClasses = { onDark: classes.onDark! };

export interface IconCardBodyProps {
  icon?: IconName;
  title: string;
  description: string;
  /** `lang`/`dir` of the title and of the description when left untranslated. */
  titleLang?: LangAttributes;
  descriptionLang?: LangAttributes;
}

/**
 * An icon in a tinted tile (when `icon` is given), an h3 and a description: the top of an IconCard,
 * or a highlight.
 */
export function IconCardBody({
  icon,
  title,
  description,
  titleLang,
  descriptionLang,
}: IconCardBodyProps) {
  return (
    <>
      {icon && (
        <span className={classes.icon}>
          <Icon name={icon} size={22} />
        </span>
      )}
      <h3 className={cardClasses.title} {...titleLang}>
        {title}
      </h3>
      <p className={`${cardClasses.text} ${classes.description}`} {...descriptionLang}>
        {description}
      </p>
    </>
  );
}

export interface IconCardProps extends IconCardBodyProps {
  /** The card's place in its CardGrid (for the fade-in stagger). */
  index: number;
  href?: string;
  /**
   * The visible text of the link, with `href`: the author's, or the page's language's "Learn more"
   * (words.learnMore), never an English default of the card's own.
   */
  linkLabel?: string;
  /** `lang`/`dir` of the whole card and of its link's label, when left untranslated. */
  itemLang?: LangAttributes;
  linkLabelLang?: LangAttributes;
  /** What comes between the description and the link (features: the bullets). */
  children?: ReactNode;
}

/**
 * A card item of a CardGrid: IconCardBody, then `children`. A card with `href` is a link card: its
 * link sits at the bottom, stretches over the whole card, and carries the card title in visually
 * hidden text so every link says where it goes.
 */
export function IconCard({
  index,
  icon,
  title,
  description,
  href,
  linkLabel,
  titleLang,
  descriptionLang,
  itemLang,
  linkLabelLang,
  children,
}: IconCardProps) {
  return (
    <CardGridItem
      index={index}
      className={`${cardClasses.surface} ${cardClasses.padded} ${classes.card}`}
      data-link={href ? '' : undefined}
      {...itemLang}
    >
      <IconCardBody
        icon={icon}
        title={title}
        description={description}
        titleLang={titleLang}
        descriptionLang={descriptionLang}
      />
      {children}
      {href && (
        <a className={classes.link} href={href}>
          <TextIn lang={linkLabelLang}>{linkLabel}</TextIn>
          <span className="visually-hidden">
            : <TextIn lang={titleLang}>{title}</TextIn>
          </span>
          <Icon name="linkArrow" size={16} className={classes.arrow} />
        </a>
      )}
    </CardGridItem>
  );
}
