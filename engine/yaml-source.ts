import { isMap, isScalar, isSeq, LineCounter, parseDocument, type Document, type Node } from 'yaml';

export type YamlPath = ReadonlyArray<string | number>;

/** A parsed YAML file that can say where any value in it was written. */
export class YamlSource {
  readonly doc: Document;
  readonly data: unknown;
  private readonly lines = new LineCounter();

  constructor(
    readonly file: string,
    readonly text: string,
  ) {
    this.doc = parseDocument(text, { lineCounter: this.lines, prettyErrors: false, uniqueKeys: true });
    this.data = this.doc.errors.length ? undefined : this.doc.toJS();
  }

  /** YAML syntax errors, each with its position. */
  get syntaxErrors() {
    return this.doc.errors.map((error) => ({ ...this.position(error.pos[0]), message: error.message.split('\n')[0]!, code: error.code }));
  }

  position(offset: number): { line: number; col: number } {
    const { line, col } = this.lines.linePos(offset);
    return { line, col };
  }

  /** Where the value at `path` starts; for a path that does not exist, where its nearest existing parent's key is. */
  positionOf(path: YamlPath): { line: number; col: number } {
    for (let depth = path.length; depth >= 0; depth--) {
      const at = path.slice(0, depth);
      if (depth > 0 && depth < path.length) {
        const key = this.keyNode(at);
        if (key) return this.position(key.range![0]);
      }
      const node = this.nodeAt(at);
      if (node?.range) return this.position(node.range[0]);
    }
    return { line: 1, col: 1 };
  }

  /** Where the key named `key` is written in the mapping at `path` (used for unknown and duplicate keys). */
  keyPosition(path: YamlPath, key: string): { line: number; col: number } {
    const map = this.nodeAt(path);
    if (isMap(map)) {
      const pair = map.items.find((item) => isScalar(item.key) && String(item.key.value) === key);
      if (pair && isScalar(pair.key) && pair.key.range) return this.position(pair.key.range[0]);
    }
    return this.positionOf(path);
  }

  private nodeAt(path: YamlPath): Node | undefined {
    if (path.length === 0) return (this.doc.contents as Node | null) ?? undefined;
    const node = this.doc.getIn(path as (string | number)[], true);
    return node && typeof node === 'object' && 'range' in node ? (node as Node) : undefined;
  }

  private keyNode(path: YamlPath): Node | undefined {
    const parent = this.nodeAt(path.slice(0, -1));
    const last = path[path.length - 1];
    if (isMap(parent)) {
      const pair = parent.items.find((item) => isScalar(item.key) && String(item.key.value) === String(last));
      return pair && isScalar(pair.key) ? pair.key : undefined;
    }
    if (isSeq(parent) && typeof last === 'number') return parent.items[last] as Node | undefined;
    return undefined;
  }
}
