import {
  Document,
  isCollection,
  isMap,
  isScalar,
  isSeq,
  parseDocument,
  stringify,
  visit,
  type CST,
  type Node,
  type Pair,
  type YAMLMap,
  type YAMLSeq,
} from 'yaml';
import type { FieldPath } from '../shared/api.ts';
import {
  equalData,
  isObject,
  sameData,
  withValue,
  withoutKey,
  withItemInserted,
  withItemRemoved,
  withItemMoved,
  withItemDuplicated,
} from './data-ops.ts';
import { scalarSource, type ScalarValue } from './scalar.ts';
import { readYaml } from './read-yaml.ts';
import {
  columnOf,
  indentLines,
  isBlankGap,
  lineEndAfter,
  lineStart,
  positionOf,
  splice,
  startsItsLine,
} from './text.ts';

/**
 * Edits to a YAML file's text that change only what the edit is about.
 *
 * Each operation takes the file's text and returns the new text. It locates the node with `yaml`'s
 * Document API (source ranges kept) and splices new source text into the old text at that node's
 * range, so comments, key order, quoting, flow/block style and blank lines elsewhere stay byte for
 * byte. Every result is checked: the new text must parse to exactly the old data with the edit
 * applied. If a splice cannot be done for an unusual layout, the edit goes through the Document
 * API's printer instead (whole file reprinted, never wrong data); `lastEditReprinted` says when
 * that happened.
 */

class DocumentEditError extends Error {}

/**
 * Thrown by a splice that does not handle the layout it found: the edit falls back to the Document
 * API.
 */
class Unsupported extends Error {}

const PRINT = { lineWidth: 0, indentSeq: true } as const;
/**
 * Options for reprinting a whole document (fallback only): no folding of long lines, sequences
 * indented as here.
 */
const REPRINT = { lineWidth: 0, indentSeq: true, flowCollectionPadding: true } as const;

export let lastEditReprinted = false;

/** The file's document and data; a file that cannot be read gets a message, not yaml's error. */
function parseEditable(text: string): { doc: Document; data: unknown } {
  const read = readYaml(text, { keepSourceTokens: true });
  if (read.ok) return read;
  const { line, col } = positionOf(text, read.offset);
  throw new DocumentEditError(
    `The file cannot be read as YAML (line ${line}, column ${col}); fix it in the text before editing fields.`,
  );
}

function nodeAt(doc: Document, path: FieldPath): Node | undefined {
  if (path.length === 0) return (doc.contents as Node | null) ?? undefined;
  const node = doc.getIn(path, true) as unknown;
  return node && typeof node === 'object' && 'range' in (node as object)
    ? (node as Node)
    : undefined;
}

/** True when the node at `path` sits inside `{ }` or `[ ]` (its own flow-ness does not count). */
function insideFlow(doc: Document, path: FieldPath): boolean {
  for (let depth = 0; depth < path.length; depth++) {
    const node = nodeAt(doc, path.slice(0, depth));
    if (isCollection(node) && node.flow) return true;
  }
  return false;
}

const isScalarValue = (value: unknown): value is ScalarValue =>
  value === null || ['string', 'number', 'boolean'].includes(typeof value);
const isEmptyCollection = (value: unknown) =>
  Array.isArray(value) ? value.length === 0 : isObject(value) && Object.keys(value).length === 0;

/**
 * A new value as a node whose texts are in styles a splice can put anywhere: double quotes for a
 * text that ends in a blank line or is one (as `|+` it would take in the blank line that separates
 * it from what follows) and, in flow style, for any text with a line break (plain, it would go on on
 * a line of its own, at a column that may not belong to it).
 */
function spliceableNode(value: unknown, flow: boolean): Node {
  const node = new Document().createNode(value) as Node;
  visit(node, {
    Scalar(_, scalar) {
      const text = scalar.value;
      if (typeof text === 'string' && (/(^|\n)\n$/.test(text) || (flow && text.includes('\n'))))
        scalar.type = 'QUOTE_DOUBLE';
    },
  });
  return node;
}

const flowText = (value: unknown) =>
  stringify(spliceableNode(value, true), { ...PRINT, collectionStyle: 'flow' }).trimEnd();
/** A value printed in block style, every line indented by `indent`. */
const blockText = (value: unknown, indent: number) =>
  indentLines(stringify(spliceableNode(value, false), PRINT), indent);

/**
 * A value written after `key: ` or `- `; a multi-line text becomes a `|` block indented by
 * `blockIndent`.
 */
function inlineValue(value: unknown, inFlow: boolean, blockIndent = 0): string {
  if (isScalarValue(value)) return scalarSource(value, { type: undefined, inFlow, blockIndent });
  return flowText(value);
}

/** Ends with exactly the one newline a line needs (a block scalar brings its own). */
const asLine = (source: string) => (source.endsWith('\n') ? source : `${source}\n`);

function range(node: Node | null | undefined): [number, number] {
  if (!node?.range) throw new Unsupported('node without a source range');
  return [node.range[0], node.range[1]];
}

function keyName(pair: Pair): string {
  return isScalar(pair.key) ? String(pair.key.value) : String(pair.key);
}

function findPair(map: YAMLMap, key: string | number): { pair: Pair; index: number } | undefined {
  const index = map.items.findIndex((pair) => keyName(pair as Pair) === String(key));
  return index < 0 ? undefined : { pair: map.items[index] as Pair, index };
}

/**
 * Where each item of a block sequence is written: from the start of its `- ` line to the end of its
 * last line.
 */
function seqSpans(
  text: string,
  seq: YAMLSeq,
): Array<{ start: number; end: number; indicator: number }> {
  const token = seq.srcToken as CST.BlockSequence | undefined;
  if (!token || token.type !== 'block-seq') throw new Unsupported('not a block sequence');
  return seq.items.map((item, index) => {
    const indicator = token.items[index]?.start.find((t) => t.type === 'seq-item-ind');
    if (!indicator || !startsItsLine(text, indicator.offset))
      throw new Unsupported('sequence item not at the start of its line');
    const node = item as Node | null;
    const end = node?.range ? node.range[1] : indicator.offset + 1;
    return {
      start: lineStart(text, indicator.offset),
      end: lineEndAfter(text, end),
      indicator: indicator.offset,
    };
  });
}

/**
 * Where each pair of a block mapping is written; `start` is the key itself when it follows a `- `
 * on its line.
 */
function mapSpans(
  text: string,
  map: YAMLMap,
): Array<{ start: number; end: number; key: number; inline: boolean }> {
  return map.items.map((item) => {
    const pair = item as Pair;
    const [keyStart, keyEnd] = range(pair.key as Node);
    const value = pair.value as Node | null;
    const inline = !startsItsLine(text, keyStart);
    return {
      start: inline ? keyStart : lineStart(text, keyStart),
      end: lineEndAfter(text, value?.range ? value.range[1] : keyEnd),
      key: keyStart,
      inline,
    };
  });
}

/**
 * The blank-line gap used between the items of this list (none when they are written one under the
 * other).
 */
function typicalGap(text: string, spans: Array<{ start: number; end: number }>): string {
  for (let i = 0; i + 1 < spans.length; i++) {
    const gap = text.slice(spans[i]!.end, spans[i + 1]!.start);
    if (isBlankGap(gap)) return gap;
  }
  return '';
}

/**
 * A new list item at column `indent`, in flow style when its neighbours are (`- { label: …, href: …
 * }`).
 */
function itemText(value: unknown, indent: number, flow: boolean): string {
  if (flow && (Array.isArray(value) || isObject(value)))
    return `${' '.repeat(indent)}- ${flowText(value)}\n`;
  if (isScalarValue(value))
    return asLine(`${' '.repeat(indent)}- ${inlineValue(value, false, indent + 2)}`);
  return blockText([value], indent);
}

/** The source of each item (or pair) of a flow collection, as written. */
function flowParts(text: string, node: YAMLMap | YAMLSeq): string[] {
  return node.items.map((item) => {
    if (isMap(node)) {
      const pair = item as Pair;
      const [start, keyEnd] = range(pair.key as Node);
      const value = pair.value as Node | null;
      return text.slice(start, value?.range ? value.range[1] : keyEnd);
    }
    const [start, end] = range(item as Node);
    return text.slice(start, end);
  });
}

function rebuildFlow(text: string, node: YAMLMap | YAMLSeq, parts: string[]): string {
  const [start, end] = range(node);
  const [open, close] = isMap(node) ? ['{', '}'] : ['[', ']'];
  const pad = text[start + 1] === ' ' ? ' ' : '';
  return splice(
    text,
    start,
    end,
    parts.length ? `${open}${pad}${parts.join(', ')}${pad}${close}` : `${open}${close}`,
  );
}

// ---------------------------------------------------------------------------------------------------------------
// Splices

function spliceScalar(
  text: string,
  doc: Document,
  path: FieldPath,
  node: Node,
  value: ScalarValue,
): string {
  // The same value written back (a form that saves every field) keeps its bytes, whatever escapes
  // it was written with.
  if (isScalar(node) && node.value === value) return text;
  const [start, end] = range(node);
  const old = text.slice(start, end);
  const inFlow = insideFlow(doc, path);
  // An empty text has to be quoted, so its quotes say nothing about how its author writes text:
  // choose afresh.
  const type = isScalar(node) && node.value !== '' ? node.type : undefined;
  const contentIndent = /\n( +)\S/.exec(old)?.[1]?.length;
  const blockIndent = contentIndent ?? ownerIndent(text, doc, path) + 2;
  const source = scalarSource(value, { type, inFlow, blockIndent, source: old });
  const oldIsBlock = old.endsWith('\n');
  const newIsBlock = source.endsWith('\n');
  if (newIsBlock && !oldIsBlock) {
    if (old.includes('\n'))
      throw new Unsupported('multi-line flow scalar turned into a block scalar');
    // A block scalar runs to the end of its line; a comment after the old value would end up inside
    // the header.
    if (text.slice(end, lineEndAfter(text, end)).trim())
      throw new Unsupported('comment after a value that becomes a block scalar');
    return splice(text, start, lineEndAfter(text, end), source);
  }
  const lead = old === '' && text[start - 1] === ':' ? ' ' : '';
  return splice(text, start, end, lead + (oldIsBlock && !newIsBlock ? source + '\n' : source));
}

/** Column of the key (or `- `) that owns the node at `path`. */
function ownerIndent(text: string, doc: Document, path: FieldPath): number {
  if (path.length === 0) return 0;
  const parent = nodeAt(doc, path.slice(0, -1));
  const last = path[path.length - 1]!;
  if (isMap(parent)) {
    const found = findPair(parent, last);
    if (found) return columnOf(text, range(found.pair.key as Node)[0]);
  }
  if (isSeq(parent) && typeof last === 'number') {
    const node = parent.items[last] as Node | undefined;
    if (node?.range) return Math.max(0, columnOf(text, node.range[0]) - 2);
  }
  return 0;
}

function spliceReplace(text: string, doc: Document, path: FieldPath, value: unknown): string {
  if (path.length === 0) return stringify(value, PRINT);
  const node = nodeAt(doc, path);
  if (node && isScalar(node) && isScalarValue(value))
    return spliceScalar(text, doc, path, node, value);
  const parent = nodeAt(doc, path.slice(0, -1));
  const last = path[path.length - 1]!;
  const inFlow = insideFlow(doc, path);
  // Inside `{ }`/`[ ]`, or a flow collection given a new collection: the value stays inline, in
  // flow style.
  if (node && (inFlow || (isCollection(node) && node.flow && !isScalarValue(value)))) {
    const [start, end] = range(node);
    return splice(text, start, end, inlineValue(value, inFlow));
  }
  if (isMap(parent) && !parent.flow) {
    const found = findPair(parent, last);
    if (!found) throw new Unsupported('no such key');
    const span = mapSpans(text, parent)[found.index]!;
    const [, keyEnd] = range(found.pair.key as Node);
    const colon = text.indexOf(':', keyEnd);
    if (colon < 0 || colon >= span.end) throw new Unsupported('key without a colon');
    const keyCol = columnOf(text, span.key);
    const body =
      isScalarValue(value) || isEmptyCollection(value)
        ? asLine(` ${inlineValue(value, false, keyCol + 2)}`)
        : `\n${blockText(value, keyCol + 2)}`;
    return splice(text, colon + 1, span.end, body);
  }
  if (isSeq(parent) && !parent.flow && typeof last === 'number') {
    const span = seqSpans(text, parent)[last];
    if (!span) throw new Unsupported('no such item');
    const flow = isCollection(node) && Boolean(node.flow);
    return splice(
      text,
      span.start,
      span.end,
      itemText(value, columnOf(text, span.indicator), flow),
    );
  }
  throw new Unsupported('replace in this layout');
}

function spliceAddKey(
  text: string,
  doc: Document,
  mapPath: FieldPath,
  key: string,
  value: unknown,
  keyOrder?: readonly string[],
): string {
  const map = nodeAt(doc, mapPath);
  if (!isMap(map)) throw new Unsupported('parent is not a mapping');
  const names = map.items.map((pair) => keyName(pair as Pair));
  // After the last existing key that the schema puts before the new one; at the end when the order
  // is unknown.
  let after = names.length - 1;
  const rank = keyOrder?.indexOf(key) ?? -1;
  if (rank >= 0) {
    after = -1;
    names.forEach((name, index) => {
      const at = keyOrder!.indexOf(name);
      if (at >= 0 && at < rank) after = index;
    });
  }
  if (map.flow || insideFlow(doc, mapPath)) {
    const parts = flowParts(text, map);
    parts.splice(after + 1, 0, `${key}: ${inlineValue(value, true)}`);
    return rebuildFlow(text, map, parts);
  }
  const spans = mapSpans(text, map);
  if (spans.length === 0) throw new Unsupported('empty block mapping');
  // Never in front of a key that follows `- ` on its line: that would rewrite the `- ` line too.
  if (after === -1 && spans[0]!.inline) after = 0;
  const indent = columnOf(text, spans[0]!.key);
  const pair = isScalarValue(value)
    ? asLine(`${' '.repeat(indent)}${key}: ${inlineValue(value, false, indent + 2)}`)
    : blockText({ [key]: value }, indent);
  if (after === -1) return splice(text, spans[0]!.start, spans[0]!.start, pair);
  const at = spans[after]!.end;
  return splice(text, at, at, (text[at - 1] === '\n' || at === 0 ? '' : '\n') + pair);
}

function spliceDeleteKey(text: string, doc: Document, path: FieldPath): string {
  const parent = nodeAt(doc, path.slice(0, -1));
  const last = path[path.length - 1]!;
  if (isSeq(parent)) return spliceRemoveItem(text, doc, path.slice(0, -1), Number(last));
  if (!isMap(parent)) throw new Unsupported('parent is not a mapping');
  const found = findPair(parent, last);
  if (!found) return text;
  if (parent.flow) {
    const parts = flowParts(text, parent);
    parts.splice(found.index, 1);
    return rebuildFlow(text, parent, parts);
  }
  if (parent.items.length === 1) return spliceReplace(text, doc, path.slice(0, -1), {});
  const spans = mapSpans(text, parent);
  const span = spans[found.index]!;
  if (span.inline) return splice(text, span.key, spans[found.index + 1]!.key, '');
  return splice(text, span.start, span.end, '');
}

function listAt(doc: Document, listPath: FieldPath): YAMLSeq {
  const list = nodeAt(doc, listPath);
  if (!isSeq(list))
    throw new DocumentEditError(
      `There is no list at ${listPath.join('.') || 'the top of the file'}.`,
    );
  return list;
}

function spliceInsertItem(
  text: string,
  doc: Document,
  listPath: FieldPath,
  index: number,
  value: unknown,
): string {
  const list = listAt(doc, listPath);
  if (list.flow || insideFlow(doc, listPath)) {
    const parts = flowParts(text, list);
    parts.splice(index, 0, inlineValue(value, true));
    return rebuildFlow(text, list, parts);
  }
  const spans = seqSpans(text, list);
  const gap = typicalGap(text, spans);
  const neighbour = list.items[Math.min(index, list.items.length - 1)] as Node | undefined;
  const flow = isCollection(neighbour) && Boolean(neighbour.flow);
  const item = itemText(value, columnOf(text, spans[0]!.indicator), flow);
  if (index < spans.length)
    return splice(text, spans[index]!.start, spans[index]!.start, item + gap);
  const end = spans[spans.length - 1]!.end;
  const newline = text[end - 1] === '\n' ? '' : '\n';
  return splice(text, end, end, newline + gap + item);
}

function spliceRemoveItem(text: string, doc: Document, listPath: FieldPath, index: number): string {
  const list = listAt(doc, listPath);
  if (index < 0 || index >= list.items.length)
    throw new DocumentEditError(`The list has no item ${index}.`);
  if (list.flow || insideFlow(doc, listPath)) {
    const parts = flowParts(text, list);
    parts.splice(index, 1);
    return rebuildFlow(text, list, parts);
  }
  if (list.items.length === 1) return spliceReplace(text, doc, listPath, []);
  const spans = seqSpans(text, list);
  // The item and the gap after it; the last item takes the gap before it.
  if (index < spans.length - 1)
    return splice(text, spans[index]!.start, spans[index + 1]!.start, '');
  return splice(text, spans[index - 1]!.end, spans[index]!.end, '');
}

/**
 * Rewrites the items' texts in a new order; the gaps between items (blank lines, comments) stay
 * where they are.
 */
function reorderBlock(
  text: string,
  spans: Array<{ start: number; end: number }>,
  order: string[],
): string {
  let out = '';
  order.forEach((item, i) => {
    out += item.endsWith('\n') || i === order.length - 1 ? item : item + '\n';
    if (i + 1 < spans.length) out += text.slice(spans[i]!.end, spans[i + 1]!.start);
  });
  const from = spans[0]!.start;
  const to = spans[spans.length - 1]!.end;
  if (!text.slice(from, to).endsWith('\n') && out.endsWith('\n')) out = out.slice(0, -1);
  return splice(text, from, to, out);
}

function spliceMoveItem(
  text: string,
  doc: Document,
  listPath: FieldPath,
  from: number,
  to: number,
): string {
  const list = listAt(doc, listPath);
  const count = list.items.length;
  if (from < 0 || from >= count || to < 0 || to >= count)
    throw new DocumentEditError(`Cannot move item ${from} to ${to} in a list of ${count}.`);
  if (from === to) return text;
  if (list.flow || insideFlow(doc, listPath)) {
    const parts = flowParts(text, list);
    parts.splice(to, 0, parts.splice(from, 1)[0]!);
    return rebuildFlow(text, list, parts);
  }
  const spans = seqSpans(text, list);
  const items = spans.map((span) => text.slice(span.start, span.end));
  items.splice(to, 0, items.splice(from, 1)[0]!);
  return reorderBlock(text, spans, items);
}

function spliceDuplicateItem(
  text: string,
  doc: Document,
  listPath: FieldPath,
  index: number,
): string {
  const list = listAt(doc, listPath);
  if (index < 0 || index >= list.items.length)
    throw new DocumentEditError(`The list has no item ${index}.`);
  if (list.flow || insideFlow(doc, listPath)) {
    const parts = flowParts(text, list);
    parts.splice(index + 1, 0, parts[index]!);
    return rebuildFlow(text, list, parts);
  }
  const spans = seqSpans(text, list);
  const span = spans[index]!;
  let copy = text.slice(span.start, span.end);
  if (!copy.endsWith('\n')) copy = '\n' + copy;
  const gap = typicalGap(text, spans);
  if (!span.end || text[span.end - 1] !== '\n')
    return splice(text, span.end, span.end, '\n' + gap + copy.replace(/^\n/, ''));
  return splice(text, span.end, span.end, gap + copy);
}

// ---------------------------------------------------------------------------------------------------------------
// The operations: splice, check, fall back to the Document API's printer if needed.

function run(
  original: string,
  expected: (data: unknown) => unknown,
  spliced: (doc: Document, text: string) => string,
  reprinted: (doc: Document) => void,
): string {
  // A file written with Windows line ends (every one of them) is edited as \n and written back with
  // \r\n.
  const crlf =
    original.includes('\r\n') && original.split('\r\n').length === original.split('\n').length;
  if (crlf)
    return runOn(original.replace(/\r\n/g, '\n'), expected, spliced, reprinted).replace(
      /\n/g,
      '\r\n',
    );
  return runOn(original, expected, spliced, reprinted);
}

function runOn(
  text: string,
  expected: (data: unknown) => unknown,
  spliced: (doc: Document, text: string) => string,
  reprinted: (doc: Document) => void,
): string {
  const { doc, data } = parseEditable(text);
  const want = expected(data);
  lastEditReprinted = false;
  try {
    const out = spliced(doc, text);
    if (sameData(out, want)) return out;
  } catch (error) {
    if (!(error instanceof Unsupported)) throw error;
  }
  lastEditReprinted = true;
  const fresh = parseDocument(text);
  reprinted(fresh);
  const out = fresh.toString(REPRINT);
  if (!sameData(out, want))
    throw new DocumentEditError(
      'The edit could not be written without changing other values; nothing was changed.',
    );
  return out;
}

/**
 * Sets the value at `path` (a scalar, a list or an object). Missing parents are created; a new key
 * goes after the keys that `keyOrder` (the schema's key order) puts before it, else at the end.
 * `undefined` deletes the key.
 */
export function setValue(
  text: string,
  path: FieldPath,
  value: unknown,
  keyOrder?: readonly string[],
): string {
  if (value === undefined) return deleteKey(text, path);
  const merged =
    value !== null && typeof value === 'object' ? mergeCollection(text, path, value) : undefined;
  if (merged !== undefined) return merged;
  return run(
    text,
    (data) => withValue(data, path, value),
    (doc, source) => {
      if (nodeAt(doc, path) !== undefined || (path.length > 0 && doc.hasIn(path)))
        return spliceReplace(source, doc, path, value);
      // The deepest existing parent gets the missing part as a new key (or list item).
      let depth = path.length - 1;
      while (depth > 0 && !isCollection(nodeAt(doc, path.slice(0, depth)))) depth--;
      const parentPath = path.slice(0, depth);
      let nested: unknown = value;
      for (let i = path.length - 1; i > depth; i--)
        nested = typeof path[i] === 'number' ? [nested] : { [path[i]!]: nested };
      const parent = nodeAt(doc, parentPath);
      const key = path[depth]!;
      if (isSeq(parent) && typeof key === 'number' && key === parent.items.length)
        return spliceInsertItem(source, doc, parentPath, key, nested);
      return spliceAddKey(
        source,
        doc,
        parentPath,
        String(key),
        nested,
        depth === path.length - 1 ? keyOrder : undefined,
      );
    },
    (doc) => doc.setIn(path, value),
  );
}

export function deleteKey(text: string, path: FieldPath): string {
  return run(
    text,
    (data) => withoutKey(data, path),
    (doc, source) => spliceDeleteKey(source, doc, path),
    (doc) => doc.deleteIn(path),
  );
}

export function insertItem(
  text: string,
  listPath: FieldPath,
  index: number,
  value: unknown,
): string {
  return run(
    text,
    (data) => withItemInserted(data, listPath, index, value),
    (doc, source) => spliceInsertItem(source, doc, listPath, index, value),
    (doc) =>
      (doc.getIn(listPath) as YAMLSeq).items.splice(index, 0, doc.createNode(value) as never),
  );
}

export function removeItem(text: string, listPath: FieldPath, index: number): string {
  return run(
    text,
    (data) => withItemRemoved(data, listPath, index),
    (doc, source) => spliceRemoveItem(source, doc, listPath, index),
    (doc) => (doc.getIn(listPath) as YAMLSeq).items.splice(index, 1),
  );
}

export function moveItem(text: string, listPath: FieldPath, from: number, to: number): string {
  return run(
    text,
    (data) => withItemMoved(data, listPath, from, to),
    (doc, source) => spliceMoveItem(source, doc, listPath, from, to),
    (doc) => {
      const items = (doc.getIn(listPath) as YAMLSeq).items;
      items.splice(to, 0, items.splice(from, 1)[0]!);
    },
  );
}

export function duplicateItem(text: string, listPath: FieldPath, index: number): string {
  return run(
    text,
    (data) => withItemDuplicated(data, listPath, index),
    (doc, source) => spliceDuplicateItem(source, doc, listPath, index),
    (doc) => {
      const items = (doc.getIn(listPath) as YAMLSeq).items;
      items.splice(index + 1, 0, doc.createNode((items[index] as Node).toJSON()) as never);
    },
  );
}

/**
 * A whole object or list given for an existing one of the same kind (a form that hands back a block
 * or a list): applied as the smallest set of field and item edits, so that what did not change
 * keeps its text, comments and style. Undefined when the value is not a collection of the same kind
 * as what is there.
 */
function mergeCollection(text: string, path: FieldPath, value: unknown): string | undefined {
  const { doc } = parseEditable(text);
  const node = nodeAt(doc, path);
  if (!node || !isCollection(node)) return undefined;
  const current = (node as YAMLMap | YAMLSeq).toJSON() as unknown;
  if (isMap(node) && isObject(value) && isObject(current)) {
    let out = text;
    for (const key of Object.keys(current))
      if (!(key in value)) out = deleteKey(out, [...path, key]);
    const order = Object.keys(value);
    for (const key of order) {
      if (key in current && equalData(current[key], value[key])) continue;
      out = setValue(out, [...path, key], value[key], order);
    }
    return out;
  }
  if (isSeq(node) && Array.isArray(value) && Array.isArray(current)) {
    let out = text;
    const old = [...current];
    // One item added or removed (the usual list edit): find where the lists part and insert or
    // remove there.
    if (value.length === old.length + 1 || value.length === old.length - 1) {
      let at = 0;
      while (at < Math.min(old.length, value.length) && equalData(old[at], value[at])) at++;
      if (value.length > old.length) {
        out = insertItem(out, path, at, value[at]);
        old.splice(at, 0, value[at]);
      } else {
        out = removeItem(out, path, at);
        old.splice(at, 1);
      }
    }
    const shared = Math.min(old.length, value.length);
    for (let i = 0; i < shared; i++)
      if (!equalData(old[i], value[i])) out = setValue(out, [...path, i], value[i]);
    for (let i = old.length - 1; i >= value.length; i--) out = removeItem(out, path, i);
    for (let i = old.length; i < value.length; i++) out = insertItem(out, path, i, value[i]);
    return out;
  }
  return undefined;
}
