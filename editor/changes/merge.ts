import { isScalar, type Document, type Node } from 'yaml';
import { equalData, isObject, isLeaf, withValue } from '../document/data-ops.ts';
import { readYaml } from '../document/read-yaml.ts';
import { deleteKey, insertItem, moveItem, removeItem, setValue } from '../document/edit.ts';
import { alignLists } from './align.ts';
import { fieldLabel } from './labels.ts';
import { adoptTheirs } from './source.ts';
import type { Conflict, ConflictChoice, MergeInput, MergeResult, YamlPath } from './types.ts';

/**
 * Three-way merge of two versions of a YAML file at the level of its nodes. The result starts as
 * ours' text and theirs' changes are applied to it with editor/document's byte-preserving edits, so
 * every part that neither side changed keeps its bytes. Where both changed the same thing
 * differently the text keeps ours and a conflict is recorded; `resolveConflicts` runs the same
 * merge again with a choice for each.
 */

const WHOLE_FILE = 'whole-file';

function parse(text: string): { doc: Document; data: unknown } | undefined {
  const read = readYaml(text, { keepSourceTokens: true });
  return read.ok ? { doc: read.doc, data: read.data } : undefined;
}

const pathId = (path: YamlPath) => path.map(String).join('.') || '(top)';

/** A list entry of the merged result: which item of ours, of theirs and of the ancestor it is. */
interface Entry {
  ours?: number;
  theirs?: number;
  base?: number;
  /** A value chosen for a conflict, written instead of theirs' item. */
  value?: { value: unknown };
}

class Merger {
  text: string;
  readonly conflicts: Conflict[] = [];
  /** The ids of the conflicts a choice was applied to. */
  readonly used = new Set<string>();
  private readonly baseData: unknown;
  /** The current text parsed; kept until the next edit (parsing is most of a merge's time). */
  private parsed?: { text: string; doc: Document; data: unknown };
  private readonly theirsText: string;
  private readonly theirsDoc: Document;

  constructor(
    private readonly file: string,
    baseData: unknown,
    ours: { text: string; data: unknown; doc: Document },
    theirs: { text: string; data: unknown; doc: Document },
    private readonly choices?: Record<string, ConflictChoice>,
  ) {
    this.text = ours.text;
    this.parsed = ours;
    this.baseData = baseData;
    this.theirsText = theirs.text;
    this.theirsDoc = theirs.doc;
  }

  /** Records a conflict (text keeps ours) or, when resolving, applies the author's choice. */
  private conflict(
    id: string,
    conflict: Omit<Conflict, 'id'>,
    apply: { theirs: () => void; value: (value: unknown) => void },
  ): void {
    const choice = this.choices && Object.hasOwn(this.choices, id) ? this.choices[id] : undefined;
    if (!choice) {
      this.conflicts.push({ id, ...conflict });
      return;
    }
    this.used.add(id);
    if ('value' in choice) apply.value(choice.value);
    else if (choice.pick === 'theirs') apply.theirs();
  }

  private label(data: unknown, path: YamlPath): string {
    const label = fieldLabel(this.file, data, path);
    const isBlock = this.file.startsWith('pages/') && path.length === 2 && path[0] === 'blocks';
    return isBlock ? `${label} block` : label;
  }

  private edit(change: (text: string) => string): void {
    this.text = change(this.text);
  }

  /**
   * Writes theirs' value at `path`: theirs' own source for a one-line value, else through setValue.
   */
  private takeTheirs(path: YamlPath, theirsPath: YamlPath, value: unknown, keyOrder?: string[]) {
    if (value === undefined) return this.edit((text) => deleteKey(text, path));
    const raw = this.rawSplice(path, theirsPath, value);
    if (raw !== undefined) this.text = raw;
    else {
      this.edit((text) => setValue(text, path, value, keyOrder));
      this.adopt(path, theirsPath);
    }
  }

  /** Theirs' own lines for what was just written from theirs (see source.ts). */
  private adopt(path: YamlPath, theirsPath: YamlPath) {
    const out = adoptTheirs(
      this.text,
      path,
      { text: this.theirsText, doc: this.theirsDoc },
      theirsPath,
    );
    if (out !== undefined) this.text = out;
  }

  current() {
    if (this.parsed?.text !== this.text) {
      const result = parse(this.text);
      this.parsed = result && { text: this.text, ...result };
    }
    return this.parsed;
  }

  private rawSplice(path: YamlPath, theirsPath: YamlPath, value: unknown): string | undefined {
    const theirsNode = this.theirsDoc.getIn(theirsPath, true) as Node | undefined;
    if (!isScalar(theirsNode)) return undefined;
    const current = this.current();
    const oursNode = current?.doc.getIn(path, true) as Node | undefined;
    if (!current || !isScalar(oursNode)) return undefined;
    if (!theirsNode.range || !oursNode.range) return undefined;
    const source = this.theirsText.slice(theirsNode.range[0], theirsNode.range[1]);
    const [start, end] = oursNode.range;
    if (source.includes('\n') || this.text.slice(start, end).includes('\n')) return undefined;
    const out = this.text.slice(0, start) + source + this.text.slice(end);
    const check = parse(out);
    if (!check || !equalData(check.data, withValue(current.data, path, value))) return undefined;
    this.parsed = { text: out, ...check };
    return out;
  }

  /**
   * Merges one node; `path` is where it is in the text now, `id` where it was in ours (stable
   * across runs).
   */
  node(
    base: unknown,
    ours: unknown,
    theirs: unknown,
    path: YamlPath,
    theirsPath: YamlPath,
    id: YamlPath,
    basePath: YamlPath,
  ) {
    if (equalData(ours, theirs) || equalData(base, theirs)) return;
    if (isObject(base) && isObject(ours) && isObject(theirs))
      return this.map(base, ours, theirs, path, theirsPath, id, basePath);
    if (Array.isArray(base) && Array.isArray(ours) && Array.isArray(theirs))
      return this.list(base, ours, theirs, path, theirsPath, id, basePath);
    if (equalData(base, ours)) return this.takeTheirs(path, theirsPath, theirs);
    this.conflict(
      pathId(id),
      { path: [...path], label: this.label(this.baseData, basePath), base, ours, theirs },
      {
        theirs: () => this.takeTheirs(path, theirsPath, theirs),
        value: (value) => this.edit((text) => setValue(text, path, value)),
      },
    );
  }

  private map(
    base: Record<string, unknown>,
    ours: Record<string, unknown>,
    theirs: Record<string, unknown>,
    path: YamlPath,
    theirsPath: YamlPath,
    id: YamlPath,
    basePath: YamlPath,
  ) {
    const keys = [...new Set([...Object.keys(ours), ...Object.keys(theirs), ...Object.keys(base)])];
    const order = Object.keys(theirs);
    for (const key of keys) {
      const [inBase, inOurs, inTheirs] = [base, ours, theirs].map((side) =>
        Object.hasOwn(side, key),
      );
      const at = [...path, key];
      const theirsAt = [...theirsPath, key];
      const idAt = [...id, key];
      if (inOurs && inTheirs) {
        const start = inBase ? base[key] : emptyLike(ours[key], theirs[key]);
        this.node(start, ours[key], theirs[key], at, theirsAt, idAt, [...basePath, key]);
      } else if (inTheirs && !inBase) {
        this.takeTheirs(at, theirsAt, theirs[key], order);
      } else if (inTheirs) {
        // Ours deleted it: fine unless theirs changed it.
        if (equalData(base[key], theirs[key])) continue;
        this.conflict(
          pathId(idAt),
          {
            path: at,
            label: this.label(this.baseData, [...basePath, key]),
            base: base[key],
            theirs: theirs[key],
          },
          {
            theirs: () => this.takeTheirs(at, theirsAt, theirs[key], order),
            value: (value) => this.edit((text) => setValue(text, at, value, order)),
          },
        );
      } else if (inOurs && inBase) {
        // Theirs deleted it: deleted unless ours changed it.
        if (equalData(base[key], ours[key])) this.edit((text) => deleteKey(text, at));
        else
          this.conflict(
            pathId(idAt),
            {
              path: at,
              label: this.label(this.baseData, [...basePath, key]),
              base: base[key],
              ours: ours[key],
            },
            {
              theirs: () => this.edit((text) => deleteKey(text, at)),
              value: (value) => this.edit((text) => setValue(text, at, value, order)),
            },
          );
      }
    }
  }

  private list(
    base: unknown[],
    ours: unknown[],
    theirs: unknown[],
    path: YamlPath,
    theirsPath: YamlPath,
    id: YamlPath,
    basePath: YamlPath,
  ) {
    const withOurs = alignLists(base, ours);
    const withTheirs = alignLists(base, theirs);
    const seq: Entry[] = ours.map((_, o) => {
      const b = withOurs.backward[o]!;
      if (b < 0) return { ours: o };
      const t = withTheirs.forward[b]!;
      return t < 0 ? { ours: o, base: b } : { ours: o, base: b, theirs: t };
    });

    // Items theirs removed: gone unless ours changed them.
    for (const entry of [...seq]) {
      if (entry.base === undefined || entry.theirs !== undefined) continue;
      const b = entry.base;
      const o = entry.ours!;
      if (equalData(base[b], ours[o])) {
        seq.splice(seq.indexOf(entry), 1);
        continue;
      }
      const idAt = [...id, o];
      this.conflict(
        pathId(idAt),
        {
          path: [...path, o],
          label: this.label(this.baseData, [...basePath, b]),
          base: base[b],
          ours: ours[o],
        },
        {
          theirs: () => seq.splice(seq.indexOf(entry), 1),
          value: (value) => (entry.value = { value }),
        },
      );
    }

    // Theirs' new items, theirs' moves and items ours removed that theirs changed, in theirs'
    // order, each placed after the item theirs has before it (after ours' own new items there: both
    // kept, ours first).
    const place = (entry: Entry, t: number) => {
      let at = 0;
      for (let k = t - 1; k >= 0; k--) {
        const anchor = seq.findIndex((e) => e.theirs === k);
        if (anchor >= 0) {
          at = anchor + 1;
          break;
        }
      }
      while (at < seq.length && seq[at]!.base === undefined && seq[at]!.theirs === undefined) at++;
      seq.splice(at, 0, entry);
      return at;
    };
    theirs.forEach((item, t) => {
      const b = withTheirs.backward[t]!;
      if (b < 0) {
        // Both added the same item: one copy.
        const same = seq.find(
          (e) => e.base === undefined && e.theirs === undefined && equalData(ours[e.ours!], item),
        );
        if (same) same.theirs = t;
        else place({ theirs: t }, t);
        return;
      }
      const entry = seq.find((e) => e.base === b);
      if (entry) {
        if (withTheirs.moved.has(b) && !withOurs.moved.has(b)) {
          seq.splice(seq.indexOf(entry), 1);
          place(entry, t);
        }
        return;
      }
      if (withOurs.forward[b]! >= 0 || equalData(base[b], item)) return;
      // Ours removed it, theirs changed it.
      const idAt = ['theirs', ...theirsPath, t];
      const ghost: Entry = { theirs: t, base: b };
      const at = place(ghost, t);
      seq.splice(at, 1);
      this.conflict(
        pathId(idAt),
        {
          path: [...path, at],
          label: this.label(this.baseData, [...basePath, b]),
          base: base[b],
          theirs: item,
        },
        {
          theirs: () => place({ theirs: t }, t),
          value: (value) => place({ theirs: t, value: { value } }, t),
        },
      );
    });

    // The text: removals, then ours' items into their new order, then the new items.
    const kept = new Set(seq.flatMap((e) => (e.ours === undefined ? [] : [e.ours])));
    for (let o = ours.length - 1; o >= 0; o--)
      if (!kept.has(o)) this.edit((text) => removeItem(text, path, o));
    const current = ours.map((_, o) => o).filter((o) => kept.has(o));
    const wanted = seq.flatMap((e) => (e.ours === undefined ? [] : [e.ours]));
    wanted.forEach((o, i) => {
      const from = current.indexOf(o);
      if (from === i) return;
      this.edit((text) => moveItem(text, path, from, i));
      current.splice(i, 0, current.splice(from, 1)[0]!);
    });
    seq.forEach((entry, i) => {
      if (entry.ours !== undefined) return;
      const value = entry.value ? entry.value.value : theirs[entry.theirs!];
      this.edit((text) => insertItem(text, path, i, value));
      if (!entry.value) this.adopt([...path, i], [...theirsPath, entry.theirs!]);
    });

    // Then what changed inside the items both still have.
    seq.forEach((entry, i) => {
      const at = [...path, i];
      if (entry.ours === undefined) return;
      if (entry.value) return this.edit((text) => setValue(text, at, entry.value!.value));
      if (entry.base === undefined || entry.theirs === undefined) return;
      this.node(
        base[entry.base],
        ours[entry.ours],
        theirs[entry.theirs],
        at,
        [...theirsPath, entry.theirs],
        [...id, entry.ours],
        [...basePath, entry.base],
      );
    });
  }
}

/**
 * `{}` for two objects, `[]` for two lists: what both sides added to is merged as from an empty
 * one.
 */
function emptyLike(a: unknown, b: unknown): unknown {
  if (isObject(a) && isObject(b)) return {};
  if (Array.isArray(a) && Array.isArray(b)) return [];
  return undefined;
}

function wholeFile(input: MergeInput, why: string): MergeResult {
  return {
    text: input.ours,
    conflicts: [
      {
        id: WHOLE_FILE,
        path: [],
        label: `The whole file (${why})`,
        base: input.base,
        ours: input.ours,
        theirs: input.theirs,
      },
    ],
  };
}

const lineCounts = (text: string) => {
  const counts = new Map<string, number>();
  for (const line of text.split(/\r?\n/)) counts.set(line, (counts.get(line) ?? 0) + 1);
  return counts;
};

/**
 * Theirs changed no data, only comments or layout: ours' changes applied to theirs' text keep both,
 * as long as every line ours added is still there (else undefined, and the merge keeps ours' text).
 */
function oursOnTheirs(
  input: MergeInput,
  baseData: unknown,
  ours: { doc: Document; data: unknown },
  theirs: { doc: Document; data: unknown },
): string | undefined {
  const swapped = new Merger(
    input.file,
    baseData,
    { text: input.theirs, ...theirs },
    { text: input.ours, ...ours },
  );
  try {
    swapped.node(baseData, theirs.data, ours.data, [], [], [], []);
  } catch {
    return undefined;
  }
  if (swapped.conflicts.length || !swapped.current()) return undefined;
  const [base, mine, result] = [input.base, input.ours, swapped.text].map(lineCounts);
  for (const [line, count] of mine!)
    if (count > (base!.get(line) ?? 0) && (result!.get(line) ?? 0) < count) return undefined;
  return swapped.text;
}

function run(
  input: MergeInput,
  choices?: Record<string, ConflictChoice>,
): MergeResult & { used: Set<string> } {
  const { base, ours, theirs } = input;
  const used = new Set<string>();
  if (ours === theirs || base === theirs) return { text: ours, conflicts: [], used };
  if (base === ours) return { text: theirs, conflicts: [], used };
  const parsedBase = parse(base);
  const parsedOurs = parse(ours);
  const parsedTheirs = parse(theirs);
  if (!parsedBase || !parsedOurs || !parsedTheirs)
    return { ...wholeFile(input, 'one of the versions is not valid YAML'), used };
  if (equalData(parsedBase.data, parsedTheirs.data)) {
    const onTheirs = oursOnTheirs(input, parsedBase.data, parsedOurs, parsedTheirs);
    if (onTheirs !== undefined) return { text: onTheirs, conflicts: [], used };
  }
  const merger = new Merger(
    input.file,
    parsedBase.data,
    { text: ours, ...parsedOurs },
    { text: theirs, ...parsedTheirs },
    choices,
  );
  try {
    merger.node(parsedBase.data, parsedOurs.data, parsedTheirs.data, [], [], [], []);
  } catch {
    // An edit that editor/document cannot write without changing other values: no guessing.
    return { ...wholeFile(input, 'it could not be merged field by field'), used };
  }
  if (!merger.current()) return { ...wholeFile(input, 'the merge was not valid YAML'), used };
  return { text: merger.text, conflicts: merger.conflicts, used: merger.used };
}

/**
 * Merges theirs' changes into ours; `text` always parses and holds ours wherever there is a
 * conflict.
 */
export function mergeYaml(input: MergeInput): MergeResult {
  const { text, conflicts } = run(input);
  return { text, conflicts };
}

/**
 * The merge with the author's choice for each conflict of `mergeYaml` (by id): ours, theirs or an
 * edited value (`{ value: undefined }` removes the field). A conflict without a choice keeps ours.
 */
export function resolveConflicts(
  input: MergeInput,
  choices: Record<string, ConflictChoice>,
): string {
  const whole = Object.hasOwn(choices, WHOLE_FILE) ? choices[WHOLE_FILE] : undefined;
  if (whole) {
    if ('value' in whole) {
      if (typeof whole.value !== 'string') throw new Error('The whole file is chosen as text.');
      return whole.value;
    }
    return whole.pick === 'theirs' ? input.theirs : input.ours;
  }
  const result = run(input, choices);
  const unknown = Object.keys(choices).filter((id) => id !== WHOLE_FILE && !result.used.has(id));
  if (unknown.length)
    throw new Error(`No conflict ${unknown.join(', ')} in ${input.file}: merge the file again.`);
  return result.text;
}

/** A value no version of a field holds: see `resolveConflictsOnto`. */
const CHOSEN_OUTRIGHT = '\uE000chosen in a conflict\uE000';

/**
 * The choices applied to the file as it is now (`current`). The merge left `mergeYaml(input).text`
 * in the file; what the author changed in it since is kept, with the choices laid over it. "Keep
 * mine" keeps the field as it is now; a field taken from theirs or given a value of its own gets
 * exactly that, whatever was written in it since. Undefined when the two cannot be combined field
 * by field, e.g. the file no longer reads as YAML. `merged`: `mergeYaml(input)`, when the caller has it.
 */
export function resolveConflictsOnto(
  current: string,
  input: MergeInput,
  choices: Record<string, ConflictChoice>,
  merged: MergeResult = mergeYaml(input),
): string | undefined {
  const resolved = resolveConflicts(input, choices);
  const { text: left, conflicts: found } = merged;
  if (current === left) return resolved;
  // In the base of the second merge, a field chosen outright holds a value neither side has, so
  // both count as changed there and the choice is taken (even where it equals what the field held
  // when the conflict was found). Fields that hold blocks or lists keep a plain three-way merge.
  let base = left;
  for (const conflict of found) {
    const choice = choices[conflict.id];
    if (!choice || conflict.id === WHOLE_FILE || ('pick' in choice && choice.pick === 'ours'))
      continue;
    if (![conflict.ours, conflict.theirs].every(isLeaf)) continue;
    if ('value' in choice && !isLeaf(choice.value)) continue;
    try {
      base = setValue(base, conflict.path, CHOSEN_OUTRIGHT);
    } catch {
      // left as it was: a plain three-way merge for this field
    }
  }
  const later: MergeInput = { file: input.file, base, ours: current, theirs: resolved };
  const { text, conflicts } = mergeYaml(later);
  if (!conflicts.length) return text;
  if (conflicts.some((conflict) => conflict.id === WHOLE_FILE)) return undefined;
  return resolveConflicts(
    later,
    Object.fromEntries(conflicts.map((conflict) => [conflict.id, { pick: 'theirs' } as const])),
  );
}
