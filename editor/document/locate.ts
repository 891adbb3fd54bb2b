import { isMap, isScalar, isSeq, parseDocument, type Node, type Pair } from 'yaml';
import type { FieldPath } from '../shared/api.ts';
import { lineOf, offsetOf } from './text.ts';

export interface NodeRange {
  /** First line and column of the value (1-based). */
  line: number;
  col: number;
  /** Last line the value is written on (a block scalar's or a list's last line). */
  endLine: number;
}

/** Where the value at `path` is written, or undefined when the path does not exist. */
export function nodeRangeAt(text: string, path: FieldPath): NodeRange | undefined {
  const doc = parseDocument(text);
  const node = (path.length ? doc.getIn(path, true) : doc.contents) as Node | null | undefined;
  if (!node || typeof node !== 'object' || !node.range) return undefined;
  const [start, end] = node.range;
  let last = end;
  while (last > start && /\s/.test(text[last - 1]!)) last--;
  const line = lineOf(text, start);
  return {
    line,
    col: start - text.lastIndexOf('\n', start - 1),
    endLine: Math.max(line, lineOf(text, Math.max(start, last - 1))),
  };
}

const contains = (node: Node | null | undefined, offset: number) =>
  Boolean(
    node?.range && node.range[0] <= offset && offset < Math.max(node.range[1], node.range[0] + 1),
  );

/**
 * The path of the field written at a line and column: the deepest key or value there. A position at
 * the very start of a list or mapping is that collection (validator messages about a whole block
 * point there).
 */
export function pathAt(text: string, line: number, col: number): FieldPath | undefined {
  return pathsAt(text, [{ line, col }])[0];
}

/** pathAt for many positions of one text, parsed once. */
export function pathsAt(
  text: string,
  positions: ReadonlyArray<{ line: number; col: number }>,
): Array<FieldPath | undefined> {
  const doc = parseDocument(text);
  return positions.map(({ line, col }) =>
    pathInDoc(doc.contents as Node, offsetOf(text, line, col)),
  );
}

function pathInDoc(contents: Node, offset: number): FieldPath | undefined {
  const walk = (node: Node | null | undefined, path: FieldPath): FieldPath | undefined => {
    if (!node || !contains(node, offset)) return undefined;
    if (node.range![0] === offset && !isScalar(node)) return path;
    if (isMap(node)) {
      for (const item of node.items) {
        const pair = item as Pair;
        const key = isScalar(pair.key) ? String(pair.key.value) : String(pair.key);
        if (contains(pair.key as Node, offset)) return [...path, key];
        const inner = walk(pair.value as Node, [...path, key]);
        if (inner) return inner;
      }
      return path;
    }
    if (isSeq(node)) {
      for (let i = 0; i < node.items.length; i++) {
        const inner = walk(node.items[i] as Node, [...path, i]);
        if (inner) return inner;
      }
      return path;
    }
    return path;
  };
  return walk(contents, []);
}
