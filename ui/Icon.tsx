import type { IconName } from '../schema/primitives.ts';

/**
 * Every icon of the site, drawn inline so it costs no request and inherits `currentColor`. The
 * icons authors choose (`icon:` in a block, schema/primitives.ts) are stroked on a 24×24 grid; the
 * marks the components draw themselves (arrows, chevrons, the quote mark) are in `marks` below.
 */
const icons: Record<IconName, string> = {
  bed: 'M3 18V6M3 14h18v4M21 14v-2a3 3 0 0 0-3-3h-7v5M7 11.5a1.5 1.5 0 1 0 0-.01',
  bell: 'M6 16V11a6 6 0 1 1 12 0v5l2 2H4l2-2M10 21h4',
  building:
    'M4 21V4a1 1 0 0 1 1-1h10a1 1 0 0 1 1 1v17M16 9h3a1 1 0 0 1 1 1v11M2 21h20M8 7h4M8 11h4M8 15h4',
  calendar:
    'M4 6a2 2 0 0 1 2-2h12a2 2 0 0 1 2 2v13a2 2 0 0 1-2 2H6a2 2 0 0 1-2-2zM4 10h16M8 2v4M16 2v4M8 14h2M14 14h2M8 17h2',
  car: 'M5 17H3v-5l2-5h14l2 5v5h-2M7 17h10M5 12h14M7.5 17a1.5 1.5 0 1 0 0 .01M16.5 17a1.5 1.5 0 1 0 0 .01',
  card: 'M3 7a2 2 0 0 1 2-2h14a2 2 0 0 1 2 2v10a2 2 0 0 1-2 2H5a2 2 0 0 1-2-2zM3 10h18M7 15h3',
  chart: 'M4 20V10M10 20V4M16 20v-7M22 20H2',
  chat: 'M21 12a8 8 0 0 1-11.6 7.1L4 20l1-4.6A8 8 0 1 1 21 12zM8 12h.01M12 12h.01M16 12h.01',
  check: 'M20 6 9 17l-5-5',
  checklist: 'M10 6h10M10 12h10M10 18h10M3 6l1.5 1.5L7 5M3 12l1.5 1.5L7 11M3 18l1.5 1.5L7 17',
  clock: 'M12 21a9 9 0 1 0 0-18 9 9 0 0 0 0 18zM12 7v5l3 2',
  cog: 'M12 15a3 3 0 1 0 0-6 3 3 0 0 0 0 6zM19.4 15a1.7 1.7 0 0 0 .3 1.8l.1.1a2 2 0 1 1-2.8 2.8l-.1-.1a1.7 1.7 0 0 0-1.8-.3 1.7 1.7 0 0 0-1 1.5V21a2 2 0 1 1-4 0v-.1a1.7 1.7 0 0 0-1.1-1.5 1.7 1.7 0 0 0-1.8.3l-.1.1a2 2 0 1 1-2.8-2.8l.1-.1a1.7 1.7 0 0 0 .3-1.8 1.7 1.7 0 0 0-1.5-1H3a2 2 0 1 1 0-4h.1a1.7 1.7 0 0 0 1.5-1.1 1.7 1.7 0 0 0-.3-1.8l-.1-.1a2 2 0 1 1 2.8-2.8l.1.1a1.7 1.7 0 0 0 1.8.3H9a1.7 1.7 0 0 0 1-1.5V3a2 2 0 1 1 4 0v.1a1.7 1.7 0 0 0 1 1.5 1.7 1.7 0 0 0 1.8-.3l.1-.1a2 2 0 1 1 2.8 2.8l-.1.1a1.7 1.7 0 0 0-.3 1.8V9a1.7 1.7 0 0 0 1.5 1H21a2 2 0 1 1 0 4h-.1a1.7 1.7 0 0 0-1.5 1z',
  globe:
    'M12 21a9 9 0 1 0 0-18 9 9 0 0 0 0 18zM3 12h18M12 3a14 14 0 0 1 0 18M12 3a14 14 0 0 0 0 18',
  heart:
    'M19 14c1.5-1.5 3-3.2 3-5.5A5.5 5.5 0 0 0 16.5 3c-1.8 0-3 .5-4.5 2-1.5-1.5-2.7-2-4.5-2A5.5 5.5 0 0 0 2 8.5c0 2.3 1.5 4 3 5.5l7 7z',
  home: 'M3 10.5 12 3l9 7.5M5 9v11a1 1 0 0 0 1 1h4v-6h4v6h4a1 1 0 0 0 1-1V9',
  key: 'M15.5 7.5 19 4M21 2l-2 2 3 3-3.5 3.5-3-3M11.4 12.6a5 5 0 1 1-7.1 7.1 5 5 0 0 1 7.1-7.1z',
  language: 'M5 8l6 6M4 14l6-6 2-3M2 5h12M7 2h1M22 22l-5-10-5 10M14 18h6',
  layers: 'M12 2 2 7l10 5 10-5zM2 17l10 5 10-5M2 12l10 5 10-5',
  link: 'M10 13a5 5 0 0 0 7.5.5l3-3a5 5 0 0 0-7-7l-1.7 1.7M14 11a5 5 0 0 0-7.5-.5l-3 3a5 5 0 0 0 7 7l1.7-1.7',
  lock: 'M5 11h14v10H5zM8 11V7a4 4 0 1 1 8 0v4',
  mail: 'M3 5h18v14H3zM3 6l9 7 9-7',
  phone:
    'M22 16.9v3a2 2 0 0 1-2.2 2 19.8 19.8 0 0 1-8.6-3.1 19.5 19.5 0 0 1-6-6A19.8 19.8 0 0 1 2.1 4.2 2 2 0 0 1 4.1 2h3a2 2 0 0 1 2 1.7c.1 1 .4 1.9.7 2.8a2 2 0 0 1-.5 2.1L8 9.9a16 16 0 0 0 6 6l1.3-1.3a2 2 0 0 1 2.1-.4c.9.3 1.8.6 2.8.7a2 2 0 0 1 1.7 2z',
  qr: 'M3 3h7v7H3zM14 3h7v7h-7zM3 14h7v7H3zM14 14h3v3h-3zM20 14v.01M14 20h.01M17 20h4v-3M6 6h1M17 6h1M6 17h1',
  receipt:
    'M5 2v20l2.5-1.5L10 22l2-1.5 2 1.5 2.5-1.5L19 22V2l-2.5 1.5L14 2l-2 1.5L10 2 7.5 3.5zM9 8h6M9 12h6M9 16h4',
  rocket:
    'M4.5 16.5c-1.5 1.3-2 5-2 5s3.7-.5 5-2c.7-.8.7-2.1-.1-2.9a2.2 2.2 0 0 0-2.9-.1zM12 15l-3-3a22 22 0 0 1 2-3.9A12.9 12.9 0 0 1 22 2c0 2.7-.8 7.5-6 11a22.4 22.4 0 0 1-4 2zM9 12H4s.6-3 2-4c1.6-1.1 5 0 5 0M12 15v5s3-.6 4-2c1.1-1.6 0-5 0-5',
  shield: 'M12 22s8-4 8-10V5l-8-3-8 3v7c0 6 8 10 8 10zM9 12l2 2 4-4',
  sparkles:
    'M12 3l1.9 5.1L19 10l-5.1 1.9L12 17l-1.9-5.1L5 10l5.1-1.9zM19 15l.8 2.2L22 18l-2.2.8L19 21l-.8-2.2L16 18l2.2-.8zM5 2l.6 1.4L7 4l-1.4.6L5 6l-.6-1.4L3 4l1.4-.6z',
  spa: 'M12 21c-4 0-8-2.5-9-7 3 0 6 1 9 4 3-3 6-4 9-4-1 4.5-5 7-9 7zM12 18c-2-2-3-5-3-8s1-5 3-7c2 2 3 4 3 7s-1 6-3 8z',
  star: 'M12 2l3.1 6.3 6.9 1-5 4.9 1.2 6.8L12 17.8 5.8 21l1.2-6.8-5-4.9 6.9-1z',
  tag: 'M20.6 13.4 13.4 20.6a2 2 0 0 1-2.8 0L2 12V2h10l8.6 8.6a2 2 0 0 1 0 2.8zM7 7h.01',
  trend: 'M22 7l-8.5 8.5-5-5L2 17M16 7h6v6',
  users:
    'M16 21v-2a4 4 0 0 0-4-4H6a4 4 0 0 0-4 4v2M9 11a4 4 0 1 0 0-8 4 4 0 0 0 0 8zM22 21v-2a4 4 0 0 0-3-3.9M16 3.1a4 4 0 0 1 0 7.8',
  utensils:
    'M3 2v7a3 3 0 0 0 3 3h0a3 3 0 0 0 3-3V2M6 2v20M21 15V2a5 5 0 0 0-5 5v6a2 2 0 0 0 2 2h3zM21 15v7',
  wallet:
    'M19 7V5a2 2 0 0 0-2-2H5a2 2 0 0 0-2 2v14a2 2 0 0 0 2 2h14a2 2 0 0 0 2-2v-3M21 8h-5a3 3 0 0 0 0 6h5zM16 11h.01',
  workflow: 'M3 3h6v6H3zM15 15h6v6h-6zM6 9v3a3 3 0 0 0 3 3h6',
  box: 'M21 8l-9-5-9 5v8l9 5 9-5zM3 8l9 5 9-5M12 13v8',
};

/**
 * How a mark is painted: stroked with round caps (joins too, unless square), on the <svg> or on its
 * path; or filled.
 */
type Paint = { stroke: number; on: 'svg' | 'path'; squareJoins?: true } | { fill: true };

interface Drawing {
  /** Side of the square viewBox. */
  grid: number;
  d: string;
  paint: Paint;
}

const marks = {
  arrowRight: { grid: 24, d: 'M5 12h14M13 6l6 6-6 6', paint: { stroke: 2, on: 'svg' } },
  arrowLeft: { grid: 24, d: 'M19 12H5M11 6l-6 6 6 6', paint: { stroke: 2, on: 'svg' } },
  camera: {
    grid: 24,
    d: 'M3 7a2 2 0 0 1 2-2h9a2 2 0 0 1 2 2v10a2 2 0 0 1-2 2H5a2 2 0 0 1-2-2zM16 10.5l5-3v9l-5-3',
    paint: { stroke: 1.8, on: 'svg' },
  },
  dash: { grid: 24, d: 'M6 12h12', paint: { stroke: 2.6, on: 'svg', squareJoins: true } },
  externalLink: {
    grid: 24,
    d: 'M14 4h6v6M20 4l-9 9M18 14v5a1 1 0 0 1-1 1H5a1 1 0 0 1-1-1V7a1 1 0 0 1 1-1h5',
    paint: { stroke: 2, on: 'svg' },
  },
  /** The arrow after a button's or a card link's text. */
  linkArrow: { grid: 16, d: 'M3 8h9.5M8.5 4l4 4-4 4', paint: { stroke: 1.7, on: 'path' } },
  chevronRight: { grid: 16, d: 'm6 3.5 4.5 4.5L6 12.5', paint: { stroke: 1.6, on: 'path' } },
  chevronDown: { grid: 12, d: 'M2.5 4.5 6 8l3.5-3.5', paint: { stroke: 1.6, on: 'path' } },
  quote: {
    grid: 32,
    d: 'M13 8c-4.4 1.6-7.5 5.6-7.5 10.6V24h8.2v-8.2H9.6c.2-2.9 2-5.2 4.6-6.3zm14 0c-4.4 1.6-7.5 5.6-7.5 10.6V24h8.2v-8.2h-4.1c.2-2.9 2-5.2 4.6-6.3z',
    paint: { fill: true },
  },
} satisfies Record<string, Drawing>;

type MarkName = keyof typeof marks;

/**
 * Marks that point along the line of text: mirrored on right-to-left pages (renderer/global.css).
 */
const DIRECTIONAL = new Set<string>(['arrowRight', 'arrowLeft', 'linkArrow', 'chevronRight']);

const drawingOf = (name: IconName | MarkName): Drawing =>
  Object.hasOwn(marks, name)
    ? marks[name as MarkName]
    : { grid: 24, d: icons[name as IconName], paint: { stroke: 1.8, on: 'svg' } };

type Stroke = Extract<Paint, { stroke: number }>;

const strokeProps = ({ stroke, squareJoins }: Stroke) =>
  ({
    fill: 'none',
    stroke: 'currentColor',
    strokeWidth: stroke,
    strokeLinecap: 'round',
    strokeLinejoin: squareJoins ? undefined : 'round',
  }) as const;

/**
 * An author's icon (`IconName`) or one of the components' marks (`MarkName`), hidden from screen
 * readers.
 */
export function Icon({
  name,
  size = 24,
  className,
}: {
  name: IconName | MarkName;
  size?: number;
  className?: string;
}) {
  const { grid, d, paint } = drawingOf(name);
  const onSvg = 'stroke' in paint && paint.on === 'svg' ? strokeProps(paint) : {};
  const path =
    'fill' in paint
      ? { fill: 'currentColor', d }
      : paint.on === 'path'
        ? { d, ...strokeProps(paint) }
        : { d };
  return (
    <svg
      className={className}
      width={size}
      height={size}
      viewBox={`0 0 ${grid} ${grid}`}
      {...onSvg}
      aria-hidden="true"
      focusable="false"
      data-directional={DIRECTIONAL.has(name) ? '' : undefined}
    >
      <path {...path} />
    </svg>
  );
}
