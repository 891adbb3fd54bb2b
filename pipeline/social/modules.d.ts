// The parts of satori's own dependencies that the card's title layout uses directly (see
// glyphs.ts and title.ts); they ship no types.

declare module 'linebreak' {
  export default class LineBreaker {
    constructor(text: string);
    nextBreak(): { position: number; required: boolean } | null;
  }
}

declare module 'harfbuzzjs' {
  interface HbBlob {
    destroy(): void;
  }
  interface HbFace {
    destroy(): void;
  }
  interface HbFont {
    setScale(x: number, y: number): void;
  }
  interface HbBuffer {
    addText(text: string): void;
    guessSegmentProperties(): void;
    getGlyphInfosAndPositions(): Array<{
      codepoint: number;
      cluster: number;
      x_advance: number;
      x_offset: number;
      y_offset: number;
    }>;
    destroy(): void;
  }
  const harfbuzz: Promise<{
    createBlob(data: Uint8Array): HbBlob;
    createFace(blob: HbBlob, index: number): HbFace;
    createFont(face: HbFace): HbFont;
    createBuffer(): HbBuffer;
    shape(font: HbFont, buffer: HbBuffer): void;
  }>;
  export default harfbuzz;
}

declare module '@shuding/opentype.js' {
  interface PathCommand {
    type: 'M' | 'L' | 'Q' | 'C' | 'Z';
    x?: number;
    y?: number;
    x1?: number;
    y1?: number;
    x2?: number;
    y2?: number;
  }
  interface Font {
    numGlyphs: number;
    tables: { cmap: { glyphIndexMap: Record<string, number> } };
    glyphs: { get(index: number): { path: { commands: PathCommand[]; unitsPerEm?: number } } };
  }
  const opentype: { parse(data: ArrayBuffer, options?: { lowMemory?: boolean }): Font };
  export default opentype;
}
