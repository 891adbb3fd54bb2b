import type { CSSProperties, HTMLAttributes, LiHTMLAttributes } from 'react';
import classes from './CardGrid.module.css';

/** How many columns a grid has from 48em (`md`) and from 62em (`lg`); it has one below 48em. */
export interface GridColumns {
  md: number;
  lg: number;
}

/**
 * The columns for `count` cards: up to two from 48em and up to three from 62em. Four cards make one
 * row of four (`four: 4`), two rows of two (`four: 2`) or a row of three and one (the default);
 * with `threeInARow`, three cards already stand in one row from 48em.
 */
export function cardColumns(
  count: number,
  { four = 3, threeInARow = false }: { four?: 2 | 3 | 4; threeInARow?: boolean } = {},
): GridColumns {
  return {
    md: threeInARow && count === 3 ? 3 : Math.min(count, 2),
    lg: count === 4 ? four : Math.min(count, 3),
  };
}

/**
 * Class names for a card: `surface` (background, border, radius, shadow; dark-section aware),
 * `padded`, and the typography of its `title` (an h3) and `text`.
 */
export const cardClasses = {
  surface: classes.surface!,
  padded: classes.padded!,
  title: classes.cardTitle!,
  text: classes.cardText!,
};

export interface CardGridProps extends HTMLAttributes<HTMLElement> {
  /** `ol` where the order means something (steps). */
  as?: 'ul' | 'ol';
  columns: GridColumns;
}

/**
 * A list of cards as a responsive grid: one column on phones, `columns.md` on tablets, `columns.lg`
 * on desktops.
 */
export function CardGrid({
  as: List = 'ul',
  columns,
  className,
  style,
  children,
  ...rest
}: CardGridProps) {
  return (
    <List
      className={className ? `${classes.grid} ${className}` : classes.grid}
      {...rest}
      style={{ '--cols-md': columns.md, '--cols-lg': columns.lg, ...style } as CSSProperties}
    >
      {children}
    </List>
  );
}

export interface CardGridItemProps extends LiHTMLAttributes<HTMLLIElement> {
  /**
   * The item's place in the list: it fades in that many steps after the first (`.fade-in` in
   * global.css).
   */
  index: number;
}

/** An item of a CardGrid (or of any list whose items fade in one after the other). */
export function CardGridItem({ index, className, style, children, ...rest }: CardGridItemProps) {
  return (
    <li
      className={className ? `${className} fade-in` : 'fade-in'}
      {...rest}
      style={{ '--stagger-index': index, ...style } as CSSProperties}
    >
      {children}
    </li>
  );
}
