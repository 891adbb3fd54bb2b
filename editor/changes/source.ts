import { isMap, isScalar, isSeq, type Document, type Node, type Pair } from 'yaml';
import { sameData } from '../document/data-ops.ts';
import { readYaml } from '../document/read-yaml.ts';
import { lineEndAfter, lineStart } from '../document/text.ts';
import type { YamlPath } from './types.ts';

/**
 * Theirs' own text for a value the merge took from theirs: a new block keeps the quoting, style and
 * comments its author wrote, rather than being printed afresh. Works on whole lines: the `key:
 * value` lines of a field or the `- …` lines of a list item, when both files write them at the same
 * indentation.
 */

interface Span {
  start: number;
  end: number;
  /**
   * What stands before the key or item on its first line (` ` or ` - `): must match to swap.
   */
  lead: string;
}

function parentAndLast(doc: Document, path: YamlPath) {
  const parent = (path.length > 1 ? doc.getIn(path.slice(0, -1), true) : doc.contents) as
    Node | undefined;
  return { parent, last: path[path.length - 1] };
}

/** The whole lines a field or list item is written on. */
function spanOf(text: string, doc: Document, path: YamlPath): Span | undefined {
  if (path.length === 0) return undefined;
  const { parent, last } = parentAndLast(doc, path);
  let start: number | undefined;
  let end: number | undefined;
  let itemLead = false;
  if (isMap(parent) && !parent.flow) {
    const pair = parent.items.find(
      (item) =>
        isScalar((item as Pair).key) &&
        String(((item as Pair).key as Node & { value: unknown }).value) === String(last),
    ) as Pair | undefined;
    const key = pair?.key as Node | undefined;
    const value = pair?.value as Node | null | undefined;
    if (!key?.range) return undefined;
    start = key.range[0];
    end = value?.range ? value.range[1] : key.range[1];
  } else if (isSeq(parent) && !parent.flow && typeof last === 'number') {
    const item = parent.items[last] as Node | undefined;
    if (!item?.range) return undefined;
    [start, end] = item.range;
    itemLead = true;
  } else return undefined;
  const from = lineStart(text, start);
  const lead = text.slice(from, start);
  if (!(itemLead ? /^ *- $/ : /^ *$/).test(lead)) return undefined;
  return { start: from, end: lineEndAfter(text, end), lead };
}

/**
 * `ours` with the lines of the value at `path` replaced by theirs' lines for it (at `theirsPath`),
 * when that changes no data; otherwise undefined.
 */
export function adoptTheirs(
  ours: string,
  path: YamlPath,
  theirs: { text: string; doc: Document },
  theirsPath: YamlPath,
): string | undefined {
  const read = readYaml(ours);
  if (!read.ok) return undefined;
  const { doc } = read;
  const mine = spanOf(ours, doc, path);
  const their = spanOf(theirs.text, theirs.doc, theirsPath);
  if (!mine || !their || mine.lead !== their.lead) return undefined;
  let source = theirs.text.slice(their.start, their.end);
  // In ours' line ends.
  source = ours.includes('\r\n') ? source.replace(/\r?\n/g, '\r\n') : source.replace(/\r\n/g, '\n');
  if (!source.endsWith('\n') && ours.slice(mine.start, mine.end).endsWith('\n'))
    source += ours.includes('\r\n') ? '\r\n' : '\n';
  const out = ours.slice(0, mine.start) + source + ours.slice(mine.end);
  return out !== ours && sameData(out, read.data) ? out : undefined;
}
