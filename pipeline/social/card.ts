import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';

/** A social card: 1200 × 630 PNG (the size Open Graph and Twitter's large card expect), from text only. */
export const CARD_WIDTH = 1200;
export const CARD_HEIGHT = 630;
/** Bump when the drawing changes, so cached cards are drawn again. */
export const CARD_VERSION = 'card-v1';

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
let fonts: Array<{ name: string; data: Buffer; weight: 400 | 800; style: 'normal' }> | undefined;
/**
 * Inter, then Noto Sans Arabic for the glyphs Inter lacks (satori falls back font by font), from @fontsource (satori
 * reads WOFF, not WOFF2).
 */
function cardFonts() {
  const font = (name: string, file: (weight: number) => string) =>
    ([400, 800] as const).map((weight) => ({
      name,
      data: readFileSync(require.resolve(file(weight === 800 ? 700 : 400))),
      weight,
      style: 'normal' as const,
    }));
  fonts ??= [
    ...font('Inter', (weight) => `@fontsource/inter/files/inter-latin-${weight}-normal.woff`),
    ...font(
      'Noto Sans Arabic',
      (weight) =>
        `@fontsource/noto-sans-arabic/files/noto-sans-arabic-arabic-${weight}-normal.woff`,
    ),
  ];
  return fonts;
}

type Node = {
  type: string;
  props: { style?: Record<string, unknown>; children?: Node | string | Array<Node | string> };
};
const el = (
  type: string,
  style: Record<string, unknown>,
  children?: Node['props']['children'],
): Node => ({ type, props: { style, children } });

function layout({ title, section, brand, host, dir }: CardText): Node {
  const size = title.length > 70 ? 56 : title.length > 40 ? 68 : 80;
  // Satori sizes boxes content-box: the padding comes on top of width and height.
  return el(
    'div',
    {
      width: CARD_WIDTH - 144,
      height: CARD_HEIGHT - 128,
      display: 'flex',
      flexDirection: 'column',
      justifyContent: 'space-between',
      padding: '64px 72px',
      background: 'linear-gradient(135deg, #eef3ff 0%, #ffffff 55%, #f3ecff 100%)',
      fontFamily: 'Inter, Noto Sans Arabic',
      color: '#0f172a',
    },
    [
      el('div', { display: 'flex', alignItems: 'center', gap: 20 }, [
        el(
          'div',
          {
            width: 64,
            height: 64,
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
      ]),
      el(
        'div',
        {
          display: 'flex',
          fontSize: size,
          fontWeight: 800,
          lineHeight: 1.08,
          letterSpacing: dir ? 0 : '-0.03em',
          maxWidth: 1000,
          ...(dir ? { justifyContent: 'flex-end', textAlign: 'right' } : {}),
        },
        title,
      ),
      el(
        'div',
        {
          display: 'flex',
          alignItems: 'center',
          justifyContent: 'space-between',
          fontSize: 26,
          color: '#475569',
        },
        [
          el('div', {}, host),
          el('div', {
            width: 240,
            height: 10,
            borderRadius: 5,
            background: 'linear-gradient(90deg, #3b6ef6, #7c3aed)',
          }),
        ],
      ),
    ],
  );
}

export async function drawCard(text: CardText): Promise<Buffer> {
  // Loaded at the first card drawn: a build whose cards are all cached never loads them.
  const [{ default: satori }, { renderAsync }] = await Promise.all([
    import('satori'),
    import('@resvg/resvg-js'),
  ]);
  const svg = await satori(layout(text) as never, {
    width: CARD_WIDTH,
    height: CARD_HEIGHT,
    fonts: cardFonts(),
  });
  // Rasterised on libuv's thread pool: several cards draw at once, one per core.
  return (await renderAsync(svg, { fitTo: { mode: 'width', value: CARD_WIDTH } })).asPng();
}
