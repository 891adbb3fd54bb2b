import { createHash } from 'node:crypto';
import { existsSync, mkdirSync, readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import path from 'node:path';
import { packageVersion } from '../package-version.ts';
import { unwrapWoff } from './woff.ts';
import { rtlTitleWords } from './rtl-title.ts';
import {
  backgroundGroups,
  encodePng,
  noteRowChange,
  pngBackground,
  pngBackgroundFrom,
  rowBytes,
  rowsToChange,
  type ChangedRows,
  type PngBackground,
} from './png.ts';
import { fontMetrics, glyphTable, harfbuzzShaper } from './glyphs.ts';
import {
  BRAND_ROW_HEIGHT,
  CARD_PADDING,
  fastTitle,
  HOST_FONT_SIZE,
  TITLE_COLOUR,
  TITLE_LETTER_SPACING_EM,
  TITLE_LINE_HEIGHT,
  TITLE_MAX_WIDTH,
  titleFontSize,
  type TitleFont,
  type TitleSvg,
} from './title.ts';
import { writeWhole } from '../../engine/write-whole.ts';

/**
 * A social card: 1200 × 630 PNG (the size Open Graph and Twitter's large card expect), from text
 * only.
 */
export const CARD_WIDTH = 1200;
export const CARD_HEIGHT = 630;
/**
 * Part of each card's URL: bump when the look of the cards changes, so browsers and social sites
 * fetch them again.
 */
export const CARD_VERSION = 'card-v1';
/**
 * The same for the cards of right-to-left pages alone (their titles' words were once in the wrong
 * order: rtl-title.ts).
 */
export const RTL_CARD_VERSION = 'rtl-v2';
/**
 * How a card is drawn, part of the key of the cards and backgrounds in the cache (with the source
 * of this module and the rest of what goes into a card: see `cardDrawingKey`). Bump when the
 * drawing code changes.
 */
const CARD_RENDERER = 'layers-v4';

export interface CardText {
  title: string;
  /** "Solutions", "Resources · Blog", or '' for a top-level page. */
  section: string;
  brand: string;
  /** e.g. www.staylix.com */
  host: string;
  /** The page's language direction: right to left for Arabic (default left to right). */
  dir?: 'rtl';
}

const require = createRequire(import.meta.url);
const fontFile = (family: 'inter' | 'arabic', weight: 400 | 800) =>
  family === 'inter'
    ? `@fontsource/inter/files/inter-latin-${weight === 800 ? 700 : 400}-normal.woff`
    : `@fontsource/noto-sans-arabic/files/noto-sans-arabic-arabic-${weight === 800 ? 700 : 400}-normal.woff`;
const unwrapped = new Map<string, Buffer>();
/** A card font's TrueType bytes (see woff.ts), read once per process. */
function fontData(family: 'inter' | 'arabic', weight: 400 | 800): Buffer {
  const file = fontFile(family, weight);
  let data = unwrapped.get(file);
  if (!data) unwrapped.set(file, (data = unwrapWoff(readFileSync(require.resolve(file)))));
  return data;
}
let fonts: Array<{ name: string; data: Buffer; weight: 400 | 800; style: 'normal' }> | undefined;
/**
 * Inter, then Noto Sans Arabic for the glyphs Inter lacks (satori falls back font by font), from
 * @fontsource (satori reads WOFF, not WOFF2), unwrapped here (see woff.ts).
 */
function cardFonts() {
  const font = (name: string, family: 'inter' | 'arabic') =>
    ([400, 800] as const).map((weight) => ({
      name,
      data: fontData(family, weight),
      weight,
      style: 'normal' as const,
    }));
  fonts ??= [...font('Inter', 'inter'), ...font('Noto Sans Arabic', 'arabic')];
  return fonts;
}

let titleFonts: Promise<TitleFont> | undefined;
/**
 * What the title's own layout needs (title.ts): the glyph table of Inter bold (kept in `dir`), its
 * HarfBuzz shaper, and Inter regular's metrics for the host row's height.
 */
const titleFont = (dir: string | undefined) =>
  (titleFonts ??= (async () => {
    const bold = fontData('inter', 800);
    const [table, shape] = await Promise.all([glyphTable(bold, dir), harfbuzzShaper(bold)]);
    return { table, shape, host: fontMetrics(fontData('inter', 400)) };
  })());

type Node = {
  type: string;
  props: { style?: Record<string, unknown>; children?: Node | string | Array<Node | string> };
};
const el = (
  type: string,
  style: Record<string, unknown>,
  children?: Node['props']['children'],
): Node => ({ type, props: { style, children } });

/**
 * What to draw: the whole card, only what every page of a section shares, or only the title (on
 * transparent).
 */
export type CardLayer = 'card' | 'background' | 'title';

/**
 * The row at the top of the card: the brand's initial in a square, its name, the section's label.
 */
const brandRow = (brand: string, section: string) =>
  el('div', { display: 'flex', alignItems: 'center', gap: 20 }, [
    el(
      'div',
      {
        width: BRAND_ROW_HEIGHT,
        height: BRAND_ROW_HEIGHT,
        borderRadius: 16,
        background: '#1d4ed8',
        color: '#fff',
        display: 'flex',
        alignItems: 'center',
        justifyContent: 'center',
        fontSize: 40,
        fontWeight: 800,
      },
      brand.slice(0, 1).toUpperCase(),
    ),
    el('div', { fontSize: 40, fontWeight: 800, letterSpacing: '-0.02em' }, brand),
    ...(section
      ? [
          el(
            'div',
            {
              marginLeft: 12,
              padding: '8px 20px',
              borderRadius: 999,
              border: '2px solid #bfd3fe',
              background: '#fff',
              color: '#1d4ed8',
              fontSize: 26,
              fontWeight: 800,
            },
            section,
          ),
        ]
      : []),
  ]);

/** The row at the bottom: the site's host and a coloured bar. */
const hostRow = (host: string, drawn: boolean) =>
  el(
    'div',
    {
      display: 'flex',
      alignItems: 'center',
      justifyContent: 'space-between',
      fontSize: HOST_FONT_SIZE,
      color: drawn ? '#475569' : 'transparent',
    },
    drawn
      ? [
          el('div', {}, host),
          el('div', {
            width: 240,
            height: 10,
            borderRadius: 5,
            background: 'linear-gradient(90deg, #3b6ef6, #7c3aed)',
          }),
        ]
      : // The host's line, not drawn, is what makes the row as high as in the card.
        [el('div', {}, host)],
  );

/** The space between the words of a right-to-left title: Noto Sans Arabic's own (260 of 1000). */
const RTL_SPACE = '0.26em';

/** A right-to-left title as words in reading order, each of its runs seen from left to right. */
const rtlTitle = (title: string) =>
  rtlTitleWords(title).map((runs) =>
    el(
      'div',
      { display: 'flex' },
      runs.map((run) => el('div', {}, run.text)),
    ),
  );

/**
 * The card's layout. `background`: all but the title (nothing moves without it: the rows sit at the
 * top and the bottom of the card whatever the title's height); `title`: the title alone, on
 * transparent, where it is on the card.
 */
function layout({ title, section, brand, host, dir }: CardText, layer: CardLayer = 'card'): Node {
  const size = titleFontSize(title);
  // Satori sizes boxes content-box: the padding comes on top of width and height.
  return el(
    'div',
    {
      width: CARD_WIDTH - 2 * CARD_PADDING.x,
      height: CARD_HEIGHT - 2 * CARD_PADDING.y,
      display: 'flex',
      flexDirection: 'column',
      justifyContent: 'space-between',
      padding: `${CARD_PADDING.y}px ${CARD_PADDING.x}px`,
      ...(layer === 'title'
        ? {}
        : { background: 'linear-gradient(135deg, #eef3ff 0%, #ffffff 55%, #f3ecff 100%)' }),
      fontFamily: 'Inter, Noto Sans Arabic',
      color: TITLE_COLOUR,
    },
    [
      layer === 'title'
        ? el('div', { display: 'flex', height: BRAND_ROW_HEIGHT })
        : brandRow(brand, section),
      el(
        'div',
        {
          display: 'flex',
          fontSize: size,
          fontWeight: 800,
          lineHeight: TITLE_LINE_HEIGHT,
          letterSpacing: dir ? 0 : `${TITLE_LETTER_SPACING_EM}em`,
          maxWidth: TITLE_MAX_WIDTH,
          // Right to left: the words from the right, wrapping (see rtl-title.ts).
          ...(dir ? { flexDirection: 'row-reverse', flexWrap: 'wrap', columnGap: RTL_SPACE } : {}),
        },
        layer === 'background' ? '' : dir ? rtlTitle(title) : title,
      ),
      hostRow(host, layer !== 'title'),
    ],
  );
}

const DRAWING_PACKAGES = [
  'satori',
  '@resvg/resvg-js',
  '@fontsource/inter',
  // The title's own layout (title.ts, glyphs.ts): HarfBuzz shapes, opentype.js reads the glyphs.
  'harfbuzzjs',
  '@shuding/opentype.js',
  'linebreak',
];
let drawingKey: string | undefined;
/**
 * Everything a card's pixels depend on besides its words: how it is drawn (CARD_RENDERER), its
 * layout, colours and sizes (the layout of a sample card, each layer), the font's bytes and the
 * versions of the packages that draw it. A card in the cache drawn any other way is never taken for
 * one of these.
 */
export function cardDrawingKey(): string {
  if (drawingKey) return drawingKey;
  const hash = createHash('sha256').update(CARD_RENDERER);
  const sample: CardText = { title: 'Title', section: 'Section', brand: 'Brand', host: 'host' };
  for (const layer of ['card', 'background', 'title'] as const)
    hash.update(JSON.stringify(layout(sample, layer)));
  for (const font of cardFonts()) hash.update(`${font.name} ${font.weight}`).update(font.data);
  for (const name of DRAWING_PACKAGES) hash.update(`${name}@${packageVersion(name)}`);
  return (drawingKey = hash.digest('hex'));
}

let satoriModule: Promise<typeof import('satori').default> | undefined;
let resvgModule: Promise<typeof import('@resvg/resvg-js')> | undefined;
// Loaded at the first card drawn that needs them: a build whose cards are all cached loads
// neither, and satori only for a title the card's own layout does not draw (title.ts).
const loadSatori = () => (satoriModule ??= import('satori').then((module) => module.default));
const loadResvg = () => (resvgModule ??= importResvg());

/**
 * resvg's loader asks Node for a diagnostic report to tell glibc from musl; without the network
 * part (interfaces, host name lookups) that report takes half the time. Only that one report is
 * made so.
 *
 * resvg allocates with mimalloc, which reads its settings from the environment as it loads. A
 * title's pixels are about half a megabyte, freed when V8 collects them; mimalloc gives freed memory
 * back to the kernel after 10 ms, and the next title's is faulted in and zeroed again. Kept 50 ms
 * (`MIMALLOC_PURGE_DELAY`, unless set), most of it is reused: a quarter fewer page faults over
 * 1,000 cards, and a cold build of 1,000 pages took 18.9–19.1 s of CPU against 20.1–21.5 s, at the
 * same peak memory (kept for good, -1, the peak grew by 30–40 MB).
 */
async function importResvg() {
  const report = process.report as { excludeNetwork?: boolean } | undefined;
  const before = report?.excludeNetwork;
  if (report) report.excludeNetwork = true;
  process.env.MIMALLOC_PURGE_DELAY ??= '50';
  try {
    return await import('@resvg/resvg-js');
  } finally {
    if (report) report.excludeNetwork = before;
  }
}

/**
 * resvg draws satori's SVG, which has no text left (every glyph is a path): without this, each
 * `new Resvg()` scans the system's font folders first (7 ms, a third of a card).
 */
const RESVG_OPTIONS = { font: { loadSystemFonts: false } } as const;

/**
 * The SVG of a layer of the card, 1200 × 630, as satori lays it out (exported for `npm run
 * bench:cards`).
 */
export async function layerSvg(text: CardText, layer: CardLayer): Promise<string> {
  const satori = await loadSatori();
  return satori(layout(text, layer) as never, {
    width: CARD_WIDTH,
    height: CARD_HEIGHT,
    fonts: cardFonts(),
  });
}

/** A layer of the whole card as RGBA pixels, 1200 × 630. */
async function rasterise(text: CardText, layer: CardLayer): Promise<Uint8Array> {
  const { Resvg } = await loadResvg();
  return new Resvg(await layerSvg(text, layer), RESVG_OPTIONS).render().pixels;
}

/** Who lays out the title: the card's own layout where it can (title.ts), or satori always. */
type TitleLayout = 'own' | 'satori';

/** A rectangle of the card, in pixels. */
interface Box {
  left: number;
  top: number;
  width: number;
  height: number;
}
/**
 * How far past resvg's bounding box of the title's paths (whole pixels, "approximate") a letter's
 * anti-aliased edge may reach.
 */
const BOX_MARGIN = 2;

/**
 * The title layer as the card's own layout draws it (title.ts: the same SVG path as satori's), or
 * `undefined` for a title it leaves to satori (right to left, a character Inter lacks, …).
 * `layersDir`: where the glyph table is kept between builds.
 */
export async function fastTitleLayer(
  text: CardText,
  layersDir?: string,
): Promise<TitleSvg | undefined> {
  if (text.dir) return undefined;
  return fastTitle(text.title, await titleFont(layersDir), {
    width: CARD_WIDTH,
    height: CARD_HEIGHT,
  });
}

/**
 * The title alone on transparent, rasterised only where it is: the bounding box of its glyphs'
 * paths, widened to whole pixels and a margin. The view box is moved by whole pixels at the same
 * scale, so every pixel is what the whole card would have there. RGBA, premultiplied.
 */
async function rasteriseTitle(
  text: CardText,
  layersDir: string | undefined,
  titleLayout: TitleLayout,
): Promise<{ pixels: Uint8Array; box: Box }> {
  const [fast, resvg] = await Promise.all([
    titleLayout === 'own' ? fastTitleLayer(text, layersDir) : undefined,
    loadResvg(),
  ]);
  let svg: string;
  let inner: { x: number; y: number; width: number; height: number } | undefined;
  if (fast) {
    svg = fast.svg;
    // The bounds of the path's points: what resvg's `innerBBox()` measures, without parsing the
    // SVG once more.
    const { left, top, right, bottom } = fast.bounds;
    inner = { x: left, y: top, width: right - left, height: bottom - top };
  } else {
    svg = await layerSvg(text, 'title');
    inner = new resvg.Resvg(svg, RESVG_OPTIONS).innerBBox();
  }
  if (!inner) throw new Error(`satori drew nothing for the title "${text.title}".`);
  const left = Math.max(0, Math.floor(inner.x) - BOX_MARGIN);
  const top = Math.max(0, Math.floor(inner.y) - BOX_MARGIN);
  const box: Box = {
    left,
    top,
    width: Math.min(CARD_WIDTH, Math.ceil(inner.x + inner.width) + BOX_MARGIN) - left,
    height: Math.min(CARD_HEIGHT, Math.ceil(inner.y + inner.height) + BOX_MARGIN) - top,
  };
  const cropped = svg.replace(
    `<svg width="${CARD_WIDTH}" height="${CARD_HEIGHT}" viewBox="0 0 ${CARD_WIDTH} ${CARD_HEIGHT}"`,
    `<svg width="${box.width}" height="${box.height}" viewBox="${box.left} ${box.top} ${box.width} ${box.height}"`,
  );
  if (cropped === svg) throw new Error('satori wrote an unexpected <svg> tag.');
  // Rendered on libuv's thread pool: the main thread lays out the next card meanwhile, and the
  // pixels are let go when the image is (a sync render's stay in resvg's memory until V8 collects
  // its object, which a small JS heap seldom does: 900 MB after 400 cards).
  return { pixels: (await resvg.renderAsync(cropped, RESVG_OPTIONS)).pixels, box };
}

/**
 * The card as satori and resvg draw it in one piece: the reference the layered drawing is compared
 * with.
 */
export async function drawWholeCard(text: CardText): Promise<Buffer> {
  const [satori, { renderAsync }] = await Promise.all([loadSatori(), loadResvg()]);
  const svg = await satori(layout(text) as never, {
    width: CARD_WIDTH,
    height: CARD_HEIGHT,
    fonts: cardFonts(),
  });
  return (await renderAsync(svg, RESVG_OPTIONS)).asPng();
}

/**
 * The title layer (RGBA of `box`, premultiplied as resvg gives it) laid over the opaque background
 * rows of `rows` (rows as wide as the card, as the PNG holds them; `box.top` counts from the first
 * of them), in place, as resvg blends a path over what is under it: out = fg + bg·(1 − α). Each
 * row's change is noted for the PNG's checksum as it is made (png.ts › noteRowChange), which spares
 * reading the rows again.
 */
function layOver(background: PngBackground, rows: ChangedRows, title: Uint8Array, box: Box): void {
  const out = rows.rows;
  const bytes = rowBytes(CARD_WIDTH);
  // Read a pixel at a time: most of the box is transparent (0 in all four bytes, premultiplied).
  const aligned = title.byteOffset % 4 === 0 ? title : Uint8Array.from(title);
  const words = new Uint32Array(aligned.buffer, aligned.byteOffset, aligned.length >> 2);
  const rowStart = box.left * 3;
  for (let row = 0; row < box.height; row++) {
    // The row's first pixel (after its filter byte).
    const first = (box.top + row) * bytes + 1;
    let rgb = first + rowStart;
    // The row's bytes' changes, and each multiplied by its byte's place in the row.
    let sum = 0;
    let byPlace = 0;
    const end = (row + 1) * box.width;
    for (let index = row * box.width; index < end; index++, rgb += 3) {
      if (words[index] === 0) continue;
      const pixel = index << 2;
      const alpha = aligned[pixel + 3]!;
      const r = out[rgb]!;
      const g = out[rgb + 1]!;
      const b = out[rgb + 2]!;
      if (alpha === 255) {
        out[rgb] = aligned[pixel]!;
        out[rgb + 1] = aligned[pixel + 1]!;
        out[rgb + 2] = aligned[pixel + 2]!;
      } else {
        // tiny-skia's source-over on premultiplied colour, with its rounding ((x + 255) >> 8 for x
        // / 255).
        const rest = 255 - alpha;
        out[rgb] = aligned[pixel]! + ((r * rest + 255) >> 8);
        out[rgb + 1] = aligned[pixel + 1]! + ((g * rest + 255) >> 8);
        out[rgb + 2] = aligned[pixel + 2]! + ((b * rest + 255) >> 8);
      }
      const dr = out[rgb]! - r;
      const dg = out[rgb + 1]! - g;
      const db = out[rgb + 2]! - b;
      sum += dr + dg + db;
      byPlace += (rgb - first) * (dr + dg + db) + dg + 2 * db;
    }
    if (sum !== 0 || byPlace !== 0) noteRowChange(background, rows, box.top + row, sum, byPlace);
  }
}

const rgbOf = (rgba: Uint8Array) => {
  const rgb = Buffer.allocUnsafe((rgba.length / 4) * 3);
  for (let pixel = 0, at = 0; pixel < rgba.length; pixel += 4, at += 3) {
    rgb[at] = rgba[pixel]!;
    rgb[at + 1] = rgba[pixel + 1]!;
    rgb[at + 2] = rgba[pixel + 2]!;
  }
  return rgb;
};

const backgrounds = new Map<string, Promise<PngBackground>>();
/**
 * Everything on a card but its title (the same for every page of a section), drawn once (its rows
 * and compressed row groups kept in `dir` when given).
 */
function backgroundOf(text: CardText, dir: string | undefined): Promise<PngBackground> {
  const key = createHash('sha256')
    .update(JSON.stringify([cardDrawingKey(), text.brand, text.host, text.section]))
    .digest('hex')
    .slice(0, 16);
  let drawn = backgrounds.get(key);
  if (!drawn) {
    const file = dir && path.join(dir, `background-${key}.rows`);
    drawn = (async () => {
      if (file && existsSync(file) && existsSync(`${file}.groups`))
        return pngBackgroundFrom(
          readFileSync(file),
          CARD_WIDTH,
          CARD_HEIGHT,
          readFileSync(`${file}.groups`),
        );
      const background = pngBackground(
        rgbOf(await rasterise(text, 'background')),
        CARD_WIDTH,
        CARD_HEIGHT,
      );
      if (file) {
        mkdirSync(dir!, { recursive: true });
        // The groups first: the pixels' file is what says both are there.
        writeWhole(`${file}.groups`, backgroundGroups(background));
        writeWhole(file, background.rows);
      }
      return background;
    })();
    backgrounds.set(key, drawn);
  }
  return drawn;
}

/**
 * A card as PNG: the section's background (drawn once) with the page's title rasterised alone, only
 * where its letters are, laid over it, the same pixels as satori and resvg drawing the whole card
 * (up to rounding at the letters' edges). Only the rows the title touches are compressed; the
 * background's rows were once per section (see png.ts). `layersDir`: where backgrounds are kept
 * between builds (and the glyph table of the title's own layout). `titleLayout`: `satori` lays out
 * every title with satori (for `npm run bench:cards`).
 */
export async function drawCard(
  text: CardText,
  layersDir?: string,
  titleLayout: TitleLayout = 'own',
): Promise<Buffer> {
  const [background, title] = await Promise.all([
    backgroundOf(text, layersDir),
    rasteriseTitle(text, layersDir, titleLayout),
  ]);
  const { box } = title;
  const rows = rowsToChange(background, box.top, box.top + box.height, { noted: true });
  layOver(background, rows, title.pixels, { ...box, top: box.top - rows.from });
  return encodePng(background, rows);
}
