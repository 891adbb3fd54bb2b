import { leavesOf } from './translation-fields.ts';
import { configTexts } from './check-locales-config.ts';
import type { SiteConfig } from '../schema/site-config.ts';

/** Where a value is: keys and list indexes (editable by the editor's edits, hence not readonly). */
type EditPath = Array<string | number>;

/**
 * One edit of a translation's YAML, in the page editor's terms (editor/document applies them to
 * the text, byte for byte elsewhere). Paths are where the value is when the edit is applied.
 */
export type SyncEdit =
  | { op: 'set'; path: EditPath; value: unknown; keyOrder?: readonly string[] }
  | { op: 'delete'; path: EditPath }
  | { op: 'insert'; path: EditPath; index: number; value: unknown }
  | { op: 'remove'; path: EditPath; index: number }
  | { op: 'move'; path: EditPath; from: number; to: number };

type Data = Record<string, unknown>;
const isObject = (value: unknown): value is Data =>
  value !== null && typeof value === 'object' && !Array.isArray(value);
const clone = <T>(value: T): T => structuredClone(value);

function equal(a: unknown, b: unknown): boolean {
  if (a === b) return true;
  if (Array.isArray(a) && Array.isArray(b))
    return a.length === b.length && a.every((item, i) => equal(item, b[i]));
  if (isObject(a) && isObject(b)) {
    const keys = Object.keys(a);
    return keys.length === Object.keys(b).length && keys.every((k) => k in b && equal(a[k], b[k]));
  }
  return false;
}

/** The values under `value` with their paths relative to it (a value that is no collection: []). */
function valuesUnder(value: unknown, path: EditPath = [], out: Array<[EditPath, unknown]> = []) {
  if (Array.isArray(value)) value.forEach((item, i) => valuesUnder(item, [...path, i], out));
  else if (isObject(value))
    for (const [key, item] of Object.entries(value)) valuesUnder(item, [...path, key], out);
  else out.push([path, value]);
  return out;
}

function valueAt(data: unknown, path: EditPath): unknown {
  let at = data;
  for (const part of path) {
    if (at === null || typeof at !== 'object') return undefined;
    at = (at as Record<string | number, unknown>)[part];
  }
  return at;
}

/** Fields of a page a translation keeps as its own (engine/translation-fields.ts). */
const OWN_PAGE_FIELDS = new Set(['aliases', 'draft', 'translatedFrom']);

const typeOf = (block: unknown) => (isObject(block) ? block.type : undefined);
const isUntranslated = (block: unknown) => isObject(block) && block.untranslated === true;

/**
 * The edits that bring a translation in line with its source page after the source's structure
 * changed (blocks or list items moved, added, removed, duplicated; values that are not texts
 * changed), keeping every translated text:
 * - each block and list item of the translation is matched to the source's by the source texts it
 *   was translated from (`translatedFrom`) and its other values; what is left is matched in order
 *   (blocks of the same type only);
 * - matched ones move where the source has them, unmatched ones of the translation are removed;
 * - a block new in the source is added as `{ type, untranslated: true }` (shown from the source, in
 *   the source's language, until translated); a list item or a text field new in the source is
 *   copied from it, without a `translatedFrom` record (reported as not translated yet);
 * - values the schema does not mark as texts (links, icons, numbers…) are set to the source's;
 * - the `translatedFrom` records follow their fields, so nothing that did not change reads as stale.
 * `edits` are the changes outside `translatedFrom`, `record` the whole `translatedFrom` when it
 * changes; nothing when the translation already matches.
 */
export function translationSyncEdits(
  translationData: unknown,
  sourceData: unknown,
): { edits: SyncEdit[]; record?: RecordEntry[] } {
  if (!isObject(translationData) || !isObject(sourceData)) return { edits: [] };
  const textKeys = new Set(
    leavesOf(sourceData)
      .filter((leaf) => leaf.text)
      .map((leaf) => leaf.key),
  );
  const rawRecord = translationData.translatedFrom;
  const record: Data = isObject(rawRecord) ? rawRecord : {};
  const edits: SyncEdit[] = [];
  /** Per list of the translation (by its path before the edits): old index → new index. */
  const indexMaps = new Map<string, Map<number, number>>();

  const score = (tItem: unknown, tPath: EditPath, sItem: unknown, sPath: EditPath) => {
    let points = 0;
    for (const [relative, value] of valuesUnder(sItem)) {
      const key = [...sPath, ...relative].join('.');
      if (textKeys.has(key)) {
        if (record[[...tPath, ...relative].join('.')] === value) points += 2;
      } else if (equal(valueAt(tItem, relative), value) && value !== undefined) points += 1;
    }
    return points;
  };

  function syncList(t: unknown[], s: unknown[], tPath: EditPath, sPath: EditPath, blocks: boolean) {
    const fits = (i: number, j: number) => !blocks || typeOf(t[i]) === typeOf(s[j]);
    const pairs: Array<{ i: number; j: number; points: number }> = [];
    for (let i = 0; i < t.length; i++)
      for (let j = 0; j < s.length; j++) {
        if (!fits(i, j)) continue;
        const points =
          blocks && isUntranslated(t[i]) ? 0 : score(t[i], [...tPath, i], s[j], [...sPath, j]);
        if (points > 0) pairs.push({ i, j, points });
      }
    // Ties: of equal items (a duplicate and its original) the first is the original, else the
    // nearest.
    pairs.sort(
      (a, b) =>
        b.points - a.points ||
        (a.j !== b.j && equal(s[a.j], s[b.j])
          ? a.j - b.j
          : Math.abs(a.i - a.j) - Math.abs(b.i - b.j)),
    );
    const sourceOf = new Map<number, number>();
    const translationOf = new Map<number, number>();
    const pair = (i: number, j: number) => {
      sourceOf.set(i, j);
      translationOf.set(j, i);
    };
    for (const { i, j } of pairs) if (!sourceOf.has(i) && !translationOf.has(j)) pair(i, j);
    // What no text or value ties together is matched where it stands at the same place, next to
    // the same matched neighbour (or at the same end): an item whose words were all edited keeps
    // its translation (reported stale), an item removed and another added elsewhere do not pair.
    const samePlace = (i: number, j: number) =>
      (i === 0 && j === 0) ||
      (i === t.length - 1 && j === s.length - 1) ||
      (j > 0 && translationOf.get(j - 1) === i - 1) ||
      translationOf.get(j + 1) === i + 1;
    // A copy of a matched item (a duplicate) is new: it pairs with no leftover.
    const copy = (j: number) => [...translationOf.keys()].some((k) => equal(s[k], s[j]));
    for (let paired = true; paired;) {
      paired = false;
      for (let j = 0; j < s.length; j++) {
        if (translationOf.has(j) || copy(j)) continue;
        for (let i = 0; i < t.length; i++)
          if (!sourceOf.has(i) && fits(i, j) && samePlace(i, j)) {
            pair(i, j);
            paired = true;
            break;
          }
      }
    }
    indexMaps.set(tPath.join('.'), sourceOf);
    for (let i = t.length - 1; i >= 0; i--)
      if (!sourceOf.has(i)) edits.push({ op: 'remove', path: sPath, index: i });
    const current = [...sourceOf.keys()].sort((a, b) => a - b);
    const wanted = [...translationOf.entries()].sort((a, b) => a[0] - b[0]).map(([, i]) => i);
    wanted.forEach((i, k) => {
      if (current[k] === i) return;
      const from = current.indexOf(i);
      edits.push({ op: 'move', path: sPath, from, to: k });
      current.splice(k, 0, current.splice(from, 1)[0]!);
    });
    for (let j = 0; j < s.length; j++) {
      if (translationOf.has(j)) continue;
      const added =
        blocks && isObject(s[j]) ? { type: typeOf(s[j]), untranslated: true } : clone(s[j]);
      edits.push({ op: 'insert', path: sPath, index: j, value: added });
    }
    for (const [j, i] of translationOf) {
      if (blocks && isUntranslated(t[i])) continue;
      syncValue(t[i], s[j], [...tPath, i], [...sPath, j]);
    }
  }

  function syncValue(t: unknown, s: unknown, tPath: EditPath, sPath: EditPath) {
    if (Array.isArray(t) && Array.isArray(s)) return syncList(t, s, tPath, sPath, false);
    if (isObject(t) && isObject(s)) {
      const top = sPath.length === 0;
      for (const key of Object.keys(t))
        if (!(key in s) && !(top && OWN_PAGE_FIELDS.has(key)))
          edits.push({ op: 'delete', path: [...sPath, key] });
      for (const [key, value] of Object.entries(s)) {
        if (top && OWN_PAGE_FIELDS.has(key)) continue;
        if (!(key in t))
          edits.push({
            op: 'set',
            path: [...sPath, key],
            value: clone(value),
            keyOrder: keysOf(s),
          });
        else if (top && key === 'blocks' && Array.isArray(t[key]) && Array.isArray(value))
          syncList(t[key] as unknown[], value, ['blocks'], ['blocks'], true);
        else syncValue(t[key], value, [...tPath, key], [...sPath, key]);
      }
      return;
    }
    const text = textKeys.has(sPath.join('.'));
    if (text ? typeof t !== 'string' : !equal(t, s))
      edits.push({ op: 'set', path: sPath, value: clone(s) });
  }

  syncValue(translationData, sourceData, [], []);
  return { edits, record: recordAfter(record, indexMaps, textKeys, sourceData) };
}

const keysOf = (data: Data) => Object.keys(data);

/** A `translatedFrom` key (`blocks.2.items.0.title`) where its field is now; undefined: gone. */
function movedKey(key: string, indexMaps: ReadonlyMap<string, Map<number, number>>) {
  const old: string[] = [];
  const now: string[] = [];
  for (const part of key.split('.')) {
    const map = /^\d+$/.test(part) ? indexMaps.get(old.join('.')) : undefined;
    if (map) {
      const index = map.get(Number(part));
      if (index === undefined) return undefined;
      now.push(String(index));
    } else now.push(part);
    old.push(part);
  }
  return now.join('.');
}

/** An entry of `translatedFrom` after the edits; `was`: its key before, when it moved. */
export interface RecordEntry {
  key: string;
  was?: string;
  value: unknown;
}

/**
 * The `translatedFrom` record with each entry under its field's new key, in the source's order;
 * undefined when it does not change.
 */
function recordAfter(
  record: Data,
  indexMaps: ReadonlyMap<string, Map<number, number>>,
  textKeys: ReadonlySet<string>,
  sourceData: unknown,
): RecordEntry[] | undefined {
  const next = new Map<string, RecordEntry>();
  for (const [key, value] of Object.entries(record)) {
    const now = movedKey(key, indexMaps);
    if (now !== undefined && textKeys.has(now)) next.set(now, { key: now, was: key, value });
  }
  const entries = leavesOf(sourceData).flatMap((leaf) => next.get(leaf.key) ?? []);
  const unchanged =
    entries.length === Object.keys(record).length &&
    entries.every((entry) => entry.was === entry.key);
  return unchanged ? undefined : entries;
}

/**
 * Where each site text's label goes after an edit of site.config.yaml (labels are keyed by the
 * text's place, `navigation.items.3.label`): a text that moved (a menu entry moved, or one before
 * it removed) takes its label along, by its words (in order among equal words); a text whose place
 * is gone, or taken by a text that moved there, takes it away (`null`); a text edited in place
 * keeps it (then stale, a warning). Only the keys that change are listed.
 */
export function labelKeysAfter(before: unknown, after: unknown): Map<string, string | null> {
  const textsOf = (config: unknown) =>
    new Map(
      isObject(config)
        ? configTexts(config as SiteConfig).map((entry) => [entry.key, entry.text] as const)
        : [],
    );
  const [was, now] = [textsOf(before), textsOf(after)];
  const moved = new Map<string, string | null>();
  const left = [...was].filter(([key, text]) => now.get(key) !== text);
  const free = [...now].filter(([key, text]) => was.get(key) !== text);
  const unpaired: string[] = [];
  for (const [key, text] of left) {
    const at = free.findIndex(([, other]) => other === text);
    if (at >= 0) {
      moved.set(key, free[at]![0]);
      free.splice(at, 1);
    } else unpaired.push(key);
  }
  // A place now empty, or taken by a text that moved there: the label's text is gone.
  const taken = new Set(moved.values());
  for (const key of unpaired) if (!now.has(key) || taken.has(key)) moved.set(key, null);
  return moved;
}
