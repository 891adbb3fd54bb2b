import { createHash } from 'node:crypto';
import { existsSync, mkdirSync, readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import path from 'node:path';
import { packageVersion } from '../package-version.ts';
import { writeWhole } from '../../engine/write-whole.ts';

/**
 * What the title's own layout (title.ts) needs of a font: its metrics and every glyph's outline,
 * exactly as satori reads them (satori parses fonts with @shuding/opentype.js and draws a glyph from
 * `glyph.path.commands`, in font units). Built once and kept in the cache, so a process that draws
 * cards from it parses no font and loads neither satori nor opentype.js.
 */
export interface GlyphTable {
  unitsPerEm: number;
  /** hhea's ascender and descender (what opentype.js calls `font.ascender`), font units. */
  ascender: number;
  descender: number;
  /** The code points the font's cmap maps to a glyph. */
  codePoints: number[];
  /**
   * By glyph id: the units per em opentype.js gives the glyph's path (0 where it gives none: satori
   * then scales by 1000), and its commands as a flat list: a command's code (`COMMANDS`), then its
   * points.
   */
  glyphs: Array<[number, number[]]>;
}

/** Command codes of `GlyphTable.glyphs`, and how many numbers follow each. */
export const COMMANDS = ['M', 'L', 'Q', 'C', 'Z'] as const;
export const COMMAND_NUMBERS = [2, 2, 4, 6, 0];

/** An sfnt table's bytes, by tag. */
function sfntTable(font: Buffer, tag: string): Buffer {
  const count = font.readUInt16BE(4);
  for (let index = 0; index < count; index++) {
    const record = 12 + index * 16;
    if (font.toString('latin1', record, record + 4) === tag) {
      const offset = font.readUInt32BE(record + 8);
      return font.subarray(offset, offset + font.readUInt32BE(record + 12));
    }
  }
  throw new Error(`The font has no ${tag} table.`);
}

/** A font's units per em and hhea ascender and descender, from its tables. */
export function fontMetrics(font: Buffer) {
  const hhea = sfntTable(font, 'hhea');
  return {
    unitsPerEm: sfntTable(font, 'head').readUInt16BE(18),
    ascender: hhea.readInt16BE(4),
    descender: hhea.readInt16BE(6),
  };
}

/** Every glyph of a TrueType font (unwrapped, see woff.ts) read by opentype.js as satori reads it. */
async function buildGlyphTable(font: Buffer): Promise<GlyphTable> {
  const opentype = (await import('@shuding/opentype.js')).default;
  const parsed = opentype.parse(
    font.buffer.slice(font.byteOffset, font.byteOffset + font.byteLength) as ArrayBuffer,
    { lowMemory: true },
  );
  const glyphs: GlyphTable['glyphs'] = [];
  for (let id = 0; id < parsed.numGlyphs; id++) {
    const { commands, unitsPerEm } = parsed.glyphs.get(id).path;
    const flat: number[] = [];
    for (const command of commands) {
      const code = COMMANDS.indexOf(command.type);
      flat.push(code);
      if (command.type === 'Q' || command.type === 'C') flat.push(command.x1!, command.y1!);
      if (command.type === 'C') flat.push(command.x2!, command.y2!);
      if (command.type !== 'Z') flat.push(command.x!, command.y!);
    }
    glyphs.push([unitsPerEm ?? 0, flat]);
  }
  return {
    ...fontMetrics(font),
    codePoints: Object.keys(parsed.tables.cmap.glyphIndexMap).map(Number),
    glyphs,
  };
}

const tables = new Map<string, Promise<GlyphTable>>();
/**
 * The glyph table of a font: from `dir` when it was built there for these font bytes by this code
 * and this opentype.js, else built now (and kept in `dir` when given).
 */
export function glyphTable(font: Buffer, dir: string | undefined): Promise<GlyphTable> {
  const key = createHash('sha256')
    .update(font)
    .update(`@shuding/opentype.js@${packageVersion('@shuding/opentype.js')}`)
    .update(buildGlyphTable.toString())
    .digest('hex')
    .slice(0, 16);
  let table = tables.get(key);
  if (!table) {
    const file = dir && path.join(dir, `glyphs-${key}.json`);
    table = (async () => {
      if (file && existsSync(file)) return JSON.parse(readFileSync(file, 'utf8')) as GlyphTable;
      const built = await buildGlyphTable(font);
      if (file) {
        mkdirSync(dir!, { recursive: true });
        writeWhole(file, JSON.stringify(built));
      }
      return built;
    })();
    tables.set(key, table);
  }
  return table;
}

const require = createRequire(import.meta.url);

/** A glyph as HarfBuzz shapes it: id, cluster (UTF-16 index), advance and offset, font units. */
export interface ShapedGlyph {
  g: number;
  cl: number;
  ax: number;
  dx: number;
  dy: number;
}

/**
 * HarfBuzz shaping `font` as satori shapes a run of text (harfbuzzjs, the same WebAssembly build
 * satori bundles; scale at units per em; script, language and direction guessed from the text; the
 * font's default features). Shaped runs are kept per text: titles share most of their words.
 */
export async function harfbuzzShaper(font: Buffer): Promise<(text: string) => ShapedGlyph[]> {
  // Required, not imported: the module's exports are a promise, which `import()` would await as a
  // thenable namespace.
  const hb = await (require('harfbuzzjs') as typeof import('harfbuzzjs').default);
  const blob = hb.createBlob(new Uint8Array(font));
  const face = hb.createFace(blob, 0);
  const hbFont = hb.createFont(face);
  const { unitsPerEm } = fontMetrics(font);
  hbFont.setScale(unitsPerEm, unitsPerEm);
  const shaped = new Map<string, ShapedGlyph[]>();
  return (text) => {
    let glyphs = shaped.get(text);
    if (!glyphs) {
      const buffer = hb.createBuffer();
      try {
        buffer.addText(text);
        buffer.guessSegmentProperties();
        hb.shape(hbFont, buffer);
        glyphs = buffer.getGlyphInfosAndPositions().map((info) => ({
          g: info.codepoint,
          cl: info.cluster,
          ax: info.x_advance,
          dx: info.x_offset,
          dy: info.y_offset,
        }));
      } finally {
        buffer.destroy();
      }
      if (shaped.size > 10_000) shaped.clear();
      shaped.set(text, glyphs);
    }
    return glyphs;
  };
}
