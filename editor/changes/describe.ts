import { readYaml } from '../document/read-yaml.ts';
import { equalData, isObject } from '../document/data-ops.ts';
import { routeFromFile } from '../../engine/routes.ts';
import { humanize } from '../shared/schema-fields.ts';
import { alignLists } from './align.ts';
import { blockTitle, choiceName, countOf, fieldLabel, itemLabel, itemNoun } from './labels.ts';
import type { Change, FileChange, FileVersions, YamlPath } from './types.ts';
import { bytes, itemName, show, showChange, shorten } from './values.ts';

/**
 * A file's change in the author's words, read from the parsed documents (never from lines): which
 * blocks were added, removed, moved or edited, and each edited field by its label in the editor's
 * forms.
 */

interface Described extends Change {
  /** A few words for the file's one-line summary: `Hero › Title`, `FAQ block added`. */
  headline: string;
  /** Where it sits in the page, to list changes top to bottom. */
  order: number;
}

const IMAGE = /\.(png|jpe?g|webp|gif|svg|avif|ico)$/i;

function kindOf(file: string): FileChange['kind'] {
  if (file.startsWith('pages/')) return 'page';
  if (file.startsWith('public/')) return 'public';
  return 'config';
}

/** The file and both versions' data: what names a value by the form's words. */
interface Versions {
  file: string;
  before: unknown;
  after: unknown;
}

class Collector {
  readonly changes: Described[] = [];
  constructor(
    readonly versions: Versions,
    private readonly blockIndex?: number,
  ) {}
  /** A value at `path` of one version, a choice by its name in the form (`Filled`). */
  show(value: unknown, path: YamlPath, side: 'before' | 'after'): string {
    const { file } = this.versions;
    return choiceName(file, this.versions[side], path, value) ?? show(value);
  }
  /** Two values at `path` (of the published version, then the changed one). */
  showChange(before: unknown, after: unknown, beforePath: YamlPath, afterPath: YamlPath): string {
    const { file } = this.versions;
    const was = choiceName(file, this.versions.before, beforePath, before);
    const now = choiceName(file, this.versions.after, afterPath, after);
    if (was === undefined && now === undefined) return showChange(before, after);
    return `${was ?? show(before)} → ${now ?? show(after)}`;
  }
  add(path: YamlPath, text: string, headline: string, order: number, blockIndex = this.blockIndex) {
    this.changes.push({
      path,
      text,
      headline,
      order,
      ...(blockIndex === undefined ? {} : { blockIndex }),
    });
  }
}

/** Every difference between two values, each in one sentence labelled `Hero › Title`. */
function diffValue(
  before: unknown,
  after: unknown,
  path: YamlPath,
  labels: string[],
  out: Collector,
  order: number,
  beforePath: YamlPath = path,
): void {
  if (equalData(before, after)) return;
  const label = labels.join(' › ');
  if (isObject(before) && isObject(after)) {
    const keys = [
      ...Object.keys(after),
      ...Object.keys(before).filter((key) => !Object.hasOwn(after, key)),
    ];
    for (const key of keys) {
      const fieldLabel = [...labels, humanize(key)].join(' › ');
      if (!Object.hasOwn(before, key))
        out.add(
          [...path, key],
          `${fieldLabel} added: ${out.show(after[key], [...path, key], 'after')}`,
          fieldLabel,
          order,
        );
      else if (!Object.hasOwn(after, key))
        out.add(
          [...path, key],
          `${fieldLabel} removed (was ${out.show(before[key], [...beforePath, key], 'before')})`,
          fieldLabel,
          order,
        );
      else
        diffValue(before[key], after[key], [...path, key], [...labels, humanize(key)], out, order, [
          ...beforePath,
          key,
        ]);
    }
    return;
  }
  if (Array.isArray(before) && Array.isArray(after)) {
    diffList(before, after, path, labels, out, order, beforePath);
    return;
  }
  out.add(path, `${label}: ${out.showChange(before, after, beforePath, path)}`, label, order);
}

function diffList(
  before: unknown[],
  after: unknown[],
  path: YamlPath,
  labels: string[],
  out: Collector,
  order: number,
  beforePath: YamlPath,
): void {
  const label = labels.join(' › ');
  const { forward, backward, moved } = alignLists(before, after);
  const name = (value: unknown, index: number) => itemName(value) ?? `item ${index + 1}`;
  after.forEach((item, j) => {
    const i = backward[j]!;
    if (i < 0) {
      out.add([...path, j], `${label}: ${name(item, j)} added`, label, order);
      return;
    }
    if (moved.has(i)) {
      const direction = movedUp(forward, i) ? 'up' : 'down';
      out.add([...path, j], `${label}: ${name(item, j)} moved ${direction}`, label, order);
    }
    if (isObject(item) || Array.isArray(item))
      diffValue(before[i], item, [...path, j], [...labels, itemLabel(item, j)], out, order, [
        ...beforePath,
        i,
      ]);
    else if (!equalData(before[i], item)) {
      const change = out.showChange(before[i], item, [...beforePath, i], [...path, j]);
      out.add([...path, j], `${label} › ${j + 1}: ${change}`, label, order);
    }
  });
  before.forEach((item, i) => {
    if (forward[i]! < 0) out.add([...path, i], `${label}: ${name(item, i)} removed`, label, order);
  });
}

/**
 * True when a moved item now comes before items it used to follow (rank among the items both lists
 * share).
 */
function movedUp(forward: number[], i: number): boolean {
  return places(forward, i) < 0;
}

function places(forward: number[], i: number): number {
  const matched = forward.flatMap((to, from) => (to >= 0 ? [from] : []));
  const oldRank = matched.indexOf(i);
  const newRank = [...matched].sort((a, b) => forward[a]! - forward[b]!).indexOf(i);
  return newRank - oldRank;
}

/** `(3 questions)`: the size of the block's main list, named by its schema. */
function blockSize(block: Record<string, unknown>): string {
  for (const [key, value] of Object.entries(block)) {
    if (!Array.isArray(value)) continue;
    const noun = itemNoun(block.type, key);
    if (noun) return ` (${countOf(value.length, noun)})`;
  }
  return '';
}

function diffBlocks(before: unknown[], after: unknown[], out: Collector): void {
  const { forward, backward, moved } = alignLists(before, after);
  const title = (block: unknown) => blockTitle(isObject(block) ? block.type : undefined);
  after.forEach((block, j) => {
    const i = backward[j]!;
    const path: YamlPath = ['blocks', j];
    if (i < 0) {
      const where = j === 0 ? 'at the top' : `after ${title(after[j - 1])}`;
      const size = isObject(block) ? blockSize(block) : '';
      const headline = `${title(block)} block added`;
      out.add(path, `${headline} ${where}${size}`, headline, j, j);
      return;
    }
    if (moved.has(i)) {
      const by = places(forward, i);
      const headline = `Block ${title(block)} moved ${by < 0 ? 'up' : 'down'}`;
      const far = Math.abs(by) > 1 ? ` ${Math.abs(by)} places` : '';
      out.add(path, headline + far, headline, j, j);
    }
    const blockOut = new Collector(out.versions, j);
    diffValue(before[i], block, path, [title(block)], blockOut, j, ['blocks', i]);
    out.changes.push(...blockOut.changes);
  });
  before.forEach((block, i) => {
    if (forward[i]! >= 0) return;
    // Listed where it stood: after the last block before it that is still on the page.
    let order = -0.5;
    for (let k = i - 1; k >= 0; k--)
      if (forward[k]! >= 0) {
        order = forward[k]! + 0.5;
        break;
      }
    const headline = `${title(block)} block removed`;
    out.add(['blocks', i], headline, headline, order, i);
  });
}

/**
 * Where the field at `path` of `before` is in `after`: each list index followed to the same item
 * (a block or list item that moved), undefined when the field, or the block or item holding it, is
 * gone.
 */
function followPath(before: unknown, after: unknown, path: YamlPath): YamlPath | undefined {
  const out: YamlPath = [];
  let [b, a] = [before, after];
  for (const key of path) {
    if (typeof key === 'number') {
      if (!Array.isArray(b) || !Array.isArray(a)) return undefined;
      const to = alignLists(b, a).forward[key] ?? -1;
      if (to < 0) return undefined;
      [b, a] = [b[key], a[to]];
      out.push(to);
    } else {
      if (!isObject(b) || !isObject(a) || !Object.hasOwn(a, key)) return undefined;
      [b, a] = [b[key], a[key]];
      out.push(key);
    }
  }
  return out;
}

const markPath = (key: string): YamlPath =>
  key.split('.').map((part) => (/^\d+$/.test(part) ? Number(part) : part));

/**
 * A translation's review marks (`translatedFrom`, keyed by a field's path such as
 * `blocks.0.title`), each named by its field as the form names it: `Hero › Title: marked as
 * reviewed`. A mark that moved with its field (its block or list item moved) is no change, nor is
 * one that went with its field (a block removed says so itself).
 */
function diffReviewMarks(
  before: Record<string, unknown>,
  after: Record<string, unknown>,
  out: Collector,
): void {
  const marks = (page: Record<string, unknown>) =>
    isObject(page.translatedFrom) ? page.translatedFrom : {};
  const [b, a] = [marks(before), marks(after)];
  const report = (key: string, removed: boolean) => {
    const path = markPath(key);
    const label = fieldLabel('pages/', removed ? before : after, path);
    const blockIndex = path[0] === 'blocks' && typeof path[1] === 'number' ? path[1] : undefined;
    const text = removed ? `${label}: review mark removed` : `${label}: marked as reviewed`;
    out.add(['translatedFrom', key], text, `${label} reviewed`, blockIndex ?? -1, blockIndex);
  };
  const seen = new Set<string>();
  for (const key of Object.keys(b)) {
    const to = followPath(before, after, markPath(key));
    if (!to) continue;
    const now = to.join('.');
    if (Object.hasOwn(a, now)) {
      seen.add(now);
      if (!equalData(b[key], a[now])) report(now, false);
    } else report(key, true);
  }
  for (const key of Object.keys(a)) if (!seen.has(key)) report(key, false);
}

function diffPage(before: unknown, after: unknown, out: Collector): void {
  const b = isObject(before) ? before : {};
  const a = isObject(after) ? after : {};
  if (Boolean(b.draft) !== Boolean(a.draft)) {
    const headline = a.draft ? 'now a draft' : 'no longer a draft';
    out.add(['draft'], a.draft ? 'Page is now a draft' : 'Page no longer a draft', headline, -1);
  }
  const rest = (page: Record<string, unknown>) =>
    Object.fromEntries(
      Object.entries(page).filter(
        ([key]) => key !== 'blocks' && key !== 'draft' && key !== 'translatedFrom',
      ),
    );
  diffValue(rest(b), rest(a), [], [], out, -1);
  diffReviewMarks(b, a, out);
  const blocksBefore = Array.isArray(b.blocks) ? b.blocks : [];
  const blocksAfter = Array.isArray(a.blocks) ? a.blocks : [];
  diffBlocks(blocksBefore, blocksAfter, out);
}

function describePublic(input: FileVersions): FileChange {
  const { file, beforeBytes, afterBytes } = input;
  // Named as the Media screen names it: by its name, not by its path in public/.
  const noun = `${IMAGE.test(file) ? 'Image' : 'File'} ${file.slice(file.lastIndexOf('/') + 1)}`;
  const existed = beforeBytes !== undefined || input.before !== undefined;
  const exists = afterBytes !== undefined || input.after !== undefined;
  const status: FileChange['status'] = !existed ? 'added' : !exists ? 'removed' : 'changed';
  const size = (count?: number) => (count === undefined ? '' : bytes(count));
  const text =
    status === 'added'
      ? `${noun} added${afterBytes === undefined ? '' : ` (${size(afterBytes)})`}`
      : status === 'removed'
        ? `${noun} removed`
        : `${noun} replaced${
            beforeBytes !== undefined && afterBytes !== undefined
              ? ` (${size(beforeBytes)} → ${size(afterBytes)})`
              : ''
          }`;
  return { file, kind: 'public', status, summary: text, changes: [{ path: [], text }] };
}

/** A version too large or not UTF-8: described by its sizes, never parsed. */
function describeUnreadable(
  input: FileVersions,
  subject: string,
  base: Pick<FileChange, 'file' | 'route' | 'kind'>,
): FileChange {
  const { beforeBytes, afterBytes } = input;
  const status =
    beforeBytes === undefined ? 'added' : afterBytes === undefined ? 'removed' : 'changed';
  const why =
    input.unreadable === 'too-large'
      ? 'larger than 1 MB, the most the editor reads in a page'
      : 'holds characters the editor cannot read';
  const sizes =
    status === 'changed'
      ? ` (${bytes(beforeBytes!)} → ${bytes(afterBytes!)})`
      : ` (${bytes((beforeBytes ?? afterBytes)!)})`;
  const text = `${subject} ${status}${sizes}: it ${why}, so it is not shown field by field`;
  return { ...base, status, summary: `${subject}: ${status}`, changes: [{ path: [], text }] };
}

function summaryOf(subject: string, changes: Described[]): string {
  const headlines = [...new Set(changes.map((change) => change.headline))];
  if (headlines.length === 0) return `${subject}: no change to its content`;
  const shown = headlines.slice(0, 3).join(', ');
  const more = headlines.length > 3 ? ` and ${headlines.length - 3} more` : '';
  return `${subject}: ${shown}${more}`;
}

export function describeFileChange(input: FileVersions): FileChange {
  const { file, before, after } = input;
  const kind = kindOf(file);
  if (kind === 'public') return describePublic(input);
  const route = kind === 'page' ? routeFromFile(file) : undefined;
  const subject = kind === 'page' ? `Page ${route ?? file}` : 'Site settings';
  const base = { file, ...(route ? { route } : {}), kind };
  if (input.unreadable) return describeUnreadable(input, subject, base);
  if (before === undefined || after === undefined) {
    const status = before === undefined ? 'added' : 'removed';
    const data = readYaml((before ?? after) as string);
    const page = data.ok && isObject(data.data) ? data.data : {};
    const blocks = Array.isArray(page.blocks) ? page.blocks.length : 0;
    const detail =
      status === 'removed' || kind !== 'page'
        ? ''
        : page.draft
          ? ' (draft)'
          : blocks
            ? ` (${countOf(blocks, 'blocks')})`
            : '';
    const text = `${subject} ${status}${detail}`;
    return { ...base, status, summary: text, changes: [{ path: [], text }] };
  }
  const old = readYaml(before);
  const now = readYaml(after);
  if (!old.ok || !now.ok) {
    const text = `The text changed; ${
      now.ok ? 'the published version' : 'it'
    } has a mistake in its writing, so it cannot be described field by field`;
    return {
      ...base,
      status: 'changed',
      summary: `${subject}: text changed`,
      changes: [{ path: [], text }],
    };
  }
  const out = new Collector({ file, before: old.data, after: now.data });
  if (kind === 'page') diffPage(old.data, now.data, out);
  else diffValue(old.data, now.data, [], [], out, 0);
  const changes = out.changes
    .map((change, index) => ({ change, index }))
    .sort((x, y) => x.change.order - y.change.order || x.index - y.index)
    .map(({ change }) => change);
  return {
    ...base,
    status: 'changed',
    summary: summaryOf(subject, changes),
    changes: changes.map(({ headline: _headline, order: _order, ...change }) => change),
  };
}

const SUBJECT_MAX = 72;

/**
 * A publish message prefilled from the changes: a first line of at most 72 characters, a blank
 * line, then one line per change.
 */
export function summarizeChanges(files: FileChange[]): string {
  if (files.length === 0) return '';
  const name = (file: FileChange) =>
    file.route ??
    (file.kind === 'config' ? 'site settings' : file.file.slice(file.file.lastIndexOf('/') + 1));
  let subject: string;
  if (files.length === 1) subject = files[0]!.summary;
  else {
    subject = `Update ${files.map(name).join(', ')}`;
    if (subject.length > SUBJECT_MAX) {
      const pages = files.filter((file) => file.kind === 'page').length;
      const parts = [
        pages ? countOf(pages, 'pages') : '',
        files.some((file) => file.kind === 'config') ? 'site settings' : '',
        files.some((file) => file.kind === 'public') ? 'images and files' : '',
      ].filter(Boolean);
      subject = `Update ${parts.join(', ')}`;
    }
  }
  const lines = files.flatMap((file) =>
    file.changes.map((change) =>
      files.length === 1 ||
      file.kind === 'public' ||
      change.text.includes(file.route ? `Page ${file.route} ` : file.file)
        ? change.text
        : `${name(file)}: ${change.text}`,
    ),
  );
  const first = shorten(subject, SUBJECT_MAX);
  // A change that is its own summary (a page or an image added) is said once, not again below.
  const body = lines.filter((line) => line !== first);
  return body.length ? [first, '', ...body].join('\n') : first;
}
