import { FAILSAFE_SCHEMA, load, Type } from 'js-yaml';
import { isMap, isScalar, isSeq, parseDocument, type Document, type Node } from 'yaml';
import {
  aliasRefusals,
  mayHaveTag,
  MAX_ALIASES,
  tagRefusals,
  type YamlRefusal,
} from './yaml-guard.ts';

export type YamlPath = ReadonlyArray<string | number>;

/**
 * The YAML 1.2 core schema exactly as the `yaml` package reads it. js-yaml's own core schema is
 * more generous with numbers (1_000, 0b1010), which would make the two parsers disagree; these four
 * types use the spec's patterns.
 */
const NULLS = new Set(['', '~', 'null', 'Null', 'NULL']);
const BOOLS = new Map([
  ['true', true],
  ['True', true],
  ['TRUE', true],
  ['false', false],
  ['False', false],
  ['FALSE', false],
]);
/**
 * Numbers start with a digit, a sign or a dot: most text is ruled out by its first character,
 * before any regex.
 */
const mayBeNumber = (data: string) => {
  const first = data.charCodeAt(0);
  return (first >= 48 && first <= 57) || first === 43 || first === 45 || first === 46;
};
const INT = /^(?:[-+]?[0-9]+|0o[0-7]+|0x[0-9a-fA-F]+)$/;
const FLOAT =
  /^(?:[-+]?(?:\.[0-9]+|[0-9]+(?:\.[0-9]*)?)(?:[eE][-+]?[0-9]+)?|[-+]?\.(?:inf|Inf|INF)|\.(?:nan|NaN|NAN))$/;
const CORE = FAILSAFE_SCHEMA.extend({
  implicit: [
    // Every plain scalar is tried as a null and a bool first: the length check spares a paragraph
    // being hashed for a set lookup.
    new Type('tag:yaml.org,2002:null', {
      kind: 'scalar',
      resolve: (data: string) => data.length <= 4 && NULLS.has(data),
      construct: () => null,
    }),
    new Type('tag:yaml.org,2002:bool', {
      kind: 'scalar',
      resolve: (data: string) => data.length <= 5 && BOOLS.has(data),
      construct: (data: string) => BOOLS.get(data),
    }),
    new Type('tag:yaml.org,2002:int', {
      kind: 'scalar',
      resolve: (data: string) => mayBeNumber(data) && INT.test(data),
      construct: (data: string) =>
        data.startsWith('0o')
          ? parseInt(data.slice(2), 8)
          : data.startsWith('0x')
            ? parseInt(data.slice(2), 16)
            : parseInt(data, 10),
    }),
    new Type('tag:yaml.org,2002:float', {
      kind: 'scalar',
      resolve: (data: string) => mayBeNumber(data) && FLOAT.test(data),
      construct: (data: string) =>
        /nan$/i.test(data)
          ? NaN
          : /inf$/i.test(data)
            ? data.startsWith('-')
              ? -Infinity
              : Infinity
            : parseFloat(data),
    }),
  ],
});

/**
 * A parsed YAML file that can say where any value in it was written.
 *
 * Reading is two-speed, to keep validation of a thousand pages well under a second: the data comes
 * from js-yaml (YAML 1.2 core schema, fast), and the `yaml` document with source positions is built
 * only when something needs a position, that is when the file has a problem. Both follow the YAML
 * 1.2 core schema, so they read the same values (tests/validator/yaml-source.test.ts checks this on
 * every page of the site). If js-yaml rejects the file, `yaml` explains why, with positions.
 */
export class YamlSource {
  readonly data: unknown;
  private parsed: Document | undefined;
  private readonly fastFailed: boolean;

  /**
   * What makes the file unsafe to read further (explicit tags, aliases that expand too much), at
   * offsets of the text. When there is any, `data` is undefined: nothing may walk the expanded
   * values.
   */
  readonly refusals: readonly YamlRefusal[];

  constructor(
    readonly file: string,
    readonly text: string,
  ) {
    let data: unknown;
    let failed = false;
    try {
      // js-yaml shares an anchored value between its aliases, so loading a "billion laughs" file is
      // cheap; walking the result is not, which is why `refusals` is decided before anything reads
      // `data`.
      data = load(text, { schema: CORE, filename: file });
    } catch {
      failed = true;
    }
    this.fastFailed = failed;
    let exploded = false;
    if (failed && !this.doc.errors.length) {
      try {
        data = this.doc.toJS({ maxAliasCount: MAX_ALIASES });
      } catch (error) {
        // `yaml` refuses an alias explosion itself (ReferenceError); `aliasRefusals` says where,
        // never throw.
        if (!(error instanceof ReferenceError)) throw error;
        exploded = true;
      }
    }
    const refusals =
      failed && this.doc.errors.length
        ? []
        : [
            ...(mayHaveTag(text) ? tagRefusals(this.doc, text) : []),
            ...aliasRefusals(text, data, exploded),
          ];
    this.refusals = refusals.sort((a, b) => a.offset - b.offset);
    this.data =
      this.refusals.length || (failed && this.doc.errors.length) ? undefined : (data ?? null);
  }

  /** The `yaml` document with positions, built on first use. */
  get doc(): Document {
    if (!this.parsed) {
      this.parsed = parseDocument(this.text, { prettyErrors: false, uniqueKeys: true });
    }
    return this.parsed;
  }

  /** True when the file is not valid YAML; `syntaxErrors` says where and why. */
  get hasSyntaxErrors(): boolean {
    return this.fastFailed && this.doc.errors.length > 0;
  }

  /**
   * YAML syntax errors, each with its position and the parser's code. Two refinements make them
   * easier to act on: duplicate keys carry the key's name, and an unclosed quote points at the
   * opening quote, not the end of the file.
   */
  get syntaxErrors(): Array<{
    line: number;
    col: number;
    message: string;
    code: string;
    key?: string;
  }> {
    const seenLines = new Set<number>();
    const out: Array<{ line: number; col: number; message: string; code: string; key?: string }> =
      [];
    for (const error of this.doc.errors) {
      let offset = error.pos[0];
      let code: string = error.code;
      let key: string | undefined;
      if (error.code === 'DUPLICATE_KEY') {
        key = /^\s*(?:"([^"]*)"|'([^']*)'|([^:#\n]*?))\s*:/
          .exec(this.text.slice(offset))
          ?.slice(1)
          .find((part) => part !== undefined);
      } else if (error.code === 'MISSING_CHAR' && /quote/.test(error.message)) {
        const mark = error.message.includes("'") ? "'" : '"';
        const opening = this.text.lastIndexOf(mark, Math.min(offset, this.text.length) - 1);
        if (opening >= 0) offset = opening;
        code = 'MISSING_CHAR_QUOTE';
      } else if (error.code === 'MISSING_CHAR' && /- indicator/.test(error.message)) {
        code = 'MISSING_CHAR_DASH';
      }
      const at = this.position(offset);
      if (seenLines.has(at.line)) continue;
      seenLines.add(at.line);
      out.push({
        ...at,
        message: error.message.split('\n')[0]!,
        code,
        ...(key !== undefined ? { key } : {}),
      });
    }
    return out;
  }

  /**
   * Line and column (from 1) of a character offset; needs no parse, so refused files are located
   * cheaply.
   */
  position(offset: number): { line: number; col: number } {
    if (!this.lineStarts) {
      this.lineStarts = [0];
      for (let at = this.text.indexOf('\n'); at >= 0; at = this.text.indexOf('\n', at + 1))
        this.lineStarts.push(at + 1);
    }
    let low = 0;
    let high = this.lineStarts.length - 1;
    while (low < high) {
      const middle = (low + high + 1) >> 1;
      if (this.lineStarts[middle]! <= offset) low = middle;
      else high = middle - 1;
    }
    return { line: low + 1, col: offset - this.lineStarts[low]! + 1 };
  }
  private lineStarts: number[] | undefined;

  /**
   * Where the value at `path` starts; for a path that does not exist, where its nearest existing
   * parent's key is.
   */
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

  /**
   * Where the key named `key` is written in the mapping at `path` (used for unknown and duplicate
   * keys).
   */
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
      const pair = parent.items.find(
        (item) => isScalar(item.key) && String(item.key.value) === String(last),
      );
      return pair && isScalar(pair.key) ? pair.key : undefined;
    }
    if (isSeq(parent) && typeof last === 'number') return parent.items[last] as Node | undefined;
    return undefined;
  }
}
