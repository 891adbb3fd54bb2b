import { renameSync } from 'node:fs';
import fc from 'fast-check';
import { parseDocument, type Node } from 'yaml';
import { afterEach, describe, expect, it } from 'vitest';
import { insertItem, moveItem, removeItem, setValue } from '../../editor/document/index.ts';
import { readConflicts } from '../../editor/git/conflicts.ts';
import { getLatest } from '../../editor/git/latest.ts';
import { authorChanges, publish } from '../../editor/git/publish.ts';
import { fetchPublished } from '../../editor/git/remote.ts';
import { discardChange, resolveFile } from '../../editor/git/versions.ts';
import { conflictsAsTheyAreNow } from '../../editor/changes/conflicts-now.ts';
import type { ConflictChoice } from '../../editor/changes/types.ts';
import { propertyParameters, propertyRuns } from '../helpers/properties.ts';
import { alice, git, makeTeam, ready, type Clone, type Team } from './git-fixture.ts';

/**
 * Seeded sequences of what three authors do in the editor at once, on real clones of a bare
 * repository: edit a field (through the editor's own writer), add a block at the end of a page,
 * move an added block elsewhere on the page (a colleague may move one while its author edits the
 * page), remove one they added and have not published, publish (straight or for review, the
 * remote reachable or not), get latest, open the review list (a fetch that brings nothing in),
 * discard a page's changes, and choose for every conflict (keep mine, take theirs or a value of
 * their own). A model holds the value of each field and the blocks added to each page, on the
 * remote and in each copy; after every step the remote, every copy and the conflicts waiting (as
 * the Conflicts screen shows them) must be what it says. So no publish loses an author's change or
 * block or undoes a colleague's without a conflict, a conflict names exactly the fields both
 * changed, and every text outside the edited fields and the added blocks stays byte for byte (the
 * page's own blocks in their order). Shrunk counterexamples are kept in more.test.ts.
 */
const HOTELS = 'pages/solutions/hotels.yaml';
const PRICING = 'pages/pricing.yaml';
const FILES = [HOTELS, PRICING];
const FIELDS = [
  { file: HOTELS, path: ['blocks', 0, 'badge'] },
  { file: HOTELS, path: ['blocks', 0, 'title'] },
  { file: HOTELS, path: ['description'] },
  { file: PRICING, path: ['blocks', 0, 'title'] },
  // A folded paragraph (`>-`) in the seed.
  { file: PRICING, path: ['blocks', 0, 'subtitle'] },
];
const AUTHORS = 3;
// One run in npm test (each publishes and checks the site several times on real git); longer
// runs with `npm run test:properties -- --runs 40 publish`.
const RUNS = propertyRuns(1);

const value = fc.oneof(
  // Few values, so that two authors often write the same one.
  { weight: 3, arbitrary: fc.constantFrom('Alpha', 'Beta', 'Gamma delta') },
  {
    weight: 2,
    arbitrary: fc.string({ unit: fc.constantFrom(...'ab :#-"\'\n{}é'), maxLength: 12 }),
  },
);
const author = fc.nat(AUTHORS - 1);
const field = fc.nat(FIELDS.length - 1);
const step = fc.oneof(
  // Two authors change the same field and both publish: the second publish meets a conflict
  // (when the values differ).
  {
    weight: 2,
    arbitrary: fc.record({
      kind: fc.constant('clash' as const),
      author,
      other: author,
      field,
      value,
      otherValue: value,
    }),
  },
  // A block one author added and published is moved by a colleague, who publishes, while the first
  // author edits a field of the page: getting latest merges the move with the edit.
  {
    weight: 1,
    arbitrary: fc.record({
      kind: fc.constant('moved meanwhile' as const),
      author,
      other: author,
      field,
      value,
      to: fc.nat(20),
    }),
  },
  {
    weight: 4,
    arbitrary: fc.record({
      kind: fc.constant('edit' as const),
      author,
      field,
      value,
    }),
  },
  {
    weight: 3,
    arbitrary: fc.record({
      kind: fc.constant('publish' as const),
      author,
      // The remote cannot be reached: the change is recorded locally, sent by a later publish.
      offline: fc.nat(3).map((n) => n === 0),
      // Sent for review (a branch of its own) instead of straight to the published branch.
      review: fc.nat(3).map((n) => n === 0),
    }),
  },
  // A block added at the end of a page, or one the author added and has not published removed.
  {
    weight: 2,
    arbitrary: fc.record({
      kind: fc.constant('add block' as const),
      author,
      file: fc.nat(FILES.length - 1),
    }),
  },
  {
    weight: 1,
    arbitrary: fc.record({
      kind: fc.constant('remove block' as const),
      author,
      file: fc.nat(FILES.length - 1),
      pick: fc.nat(3),
    }),
  },
  // A block added by anyone moved elsewhere on the page (not above the first block, whose fields
  // are modelled by place).
  {
    weight: 1,
    arbitrary: fc.record({
      kind: fc.constant('move block' as const),
      author,
      file: fc.nat(FILES.length - 1),
      pick: fc.nat(3),
      to: fc.nat(20),
    }),
  },
  { weight: 1, arbitrary: fc.record({ kind: fc.constant('latest' as const), author }) },
  { weight: 1, arbitrary: fc.record({ kind: fc.constant('fetch' as const), author }) },
  {
    weight: 1,
    arbitrary: fc.record({
      kind: fc.constant('discard' as const),
      author,
      file: fc.constantFrom(...FILES),
    }),
  },
  {
    weight: 3,
    arbitrary: fc.record({
      kind: fc.constant('resolve' as const),
      author,
      // Per field: keep mine, take theirs, or a value of the author's own.
      choices: fc.array(
        fc.oneof(
          fc.constant<ConflictChoice>({ pick: 'ours' }),
          fc.constant<ConflictChoice>({ pick: 'theirs' }),
          value.map((text): ConflictChoice => ({ value: text })),
        ),
        { minLength: FIELDS.length, maxLength: FIELDS.length },
      ),
    }),
  },
);
type Step = typeof step extends fc.Arbitrary<infer T> ? T : never;

/**
 * The modelled fields' values, then for each file the headings of the blocks the authors added to
 * it (sorted: where the merge puts a block among others added at the same place is not modelled).
 */
type Values = Array<string | undefined>;
interface AuthorModel {
  /** The published values this copy stands on. */
  base: Values;
  /** The remote's values when this copy last fetched. */
  fetched: Values;
  /** The values in the copy's files. */
  local: Values;
  /** Conflicts waiting: the field's index and the colleague's value. */
  waiting: Map<number, string | undefined>;
}

/** The modelled field at `path` of `file` (failing when the path is none of them). */
function fieldAt(file: string, path: Array<string | number>): number {
  const field = FIELDS.findIndex((f) => f.file === file && f.path.join('.') === path.join('.'));
  expect(
    field,
    `a conflict at ${file} ${path.join('.')}: not a field both changed`,
  ).toBeGreaterThanOrEqual(0);
  return field;
}

const valueIn = (text: string, path: Array<string | number>): string | undefined => {
  const found = parseDocument(text).getIn(path);
  return typeof found === 'string' ? found : undefined;
};

/** The heading of an added block: a step's number and its author. */
const ADDED = /^Note \d+ from author \d+$/;
const addedBlock = (n: number, who: number) => ({
  type: 'richText',
  heading: `Note ${n} from author ${who}`,
  paragraphs: [`Added at step ${n}.`],
});
/** The blocks of `text`, each with its heading when it is an added block. */
function blocksOf(text: string): Array<{ node: Node; added?: string }> {
  const blocks = parseDocument(text).get('blocks', true) as { items: Node[] } | undefined;
  return (blocks?.items ?? []).map((node) => {
    const heading = (node as unknown as { get(key: string): unknown }).get('heading');
    return typeof heading === 'string' && ADDED.test(heading) ? { node, added: heading } : { node };
  });
}
/** The headings of the blocks added to `text`, sorted (joined: a value among the fields'). */
const addedIn = (text: string) =>
  blocksOf(text)
    .flatMap((block) => (block.added ? [block.added] : []))
    .sort()
    .join(' | ');
const valuesOf = (read: (file: string) => string): Values => [
  ...FIELDS.map(({ file, path }) => valueIn(read(file), path)),
  ...FILES.map((file) => addedIn(read(file))),
];
/** Where the added blocks of `file` are in the values. */
const addedAt = (file: string) => FIELDS.length + FILES.indexOf(file);
const setOf = (joined: string | undefined) => new Set(joined ? joined.split(' | ') : []);
const joinSet = (set: Set<string>) => [...set].sort().join(' | ');

/**
 * The text without the added blocks (whole lines) and with each modelled field's value cut out:
 * what must never change.
 */
function outsideFields(text: string, file: string): string {
  for (const { node, added } of blocksOf(text).reverse()) {
    if (!added) continue;
    let start = text.lastIndexOf('\n', node.range![0]) + 1;
    // With the blank line the editor writes before a block when the page has them between blocks.
    if (text.slice(0, start).endsWith('\n\n')) start--;
    const end = text.indexOf('\n', node.range![1] - 1);
    text = text.slice(0, start) + text.slice(end < 0 ? text.length : end + 1);
  }
  const doc = parseDocument(text);
  expect(doc.errors, file).toEqual([]);
  const ranges = FIELDS.filter((field) => field.file === file)
    .map((field) => (doc.getIn(field.path, true) as Node).range!)
    .sort((a, b) => b[0] - a[0]);
  let out = text;
  // A block scalar's range takes in the line break after it.
  for (const [start, end] of ranges)
    out = `${out.slice(0, start)}<>${out[end - 1] === '\n' ? '\n' : ''}${out.slice(end)}`;
  return out.replace(/<>[ \t]*\n(?:[ \t]*\n)*/g, '<>\n');
}

/**
 * What was last fetched, merged field by field as the editor's merge combines them (conflicts
 * where both changed a field apart).
 */
function merge(model: AuthorModel) {
  model.fetched.forEach((theirs, i) => {
    const [base, ours] = [model.base[i], model.local[i]];
    if (i >= FIELDS.length) {
      // Added blocks: kept when both have them or one side added them; gone when one removed them.
      const [b, o, t] = [base, ours, theirs].map(setOf);
      const all = new Set([...o!, ...t!]);
      model.local[i] = joinSet(
        new Set([...all].filter((x) => (o!.has(x) && t!.has(x)) || !b!.has(x))),
      );
    } else if (ours === base) model.local[i] = theirs;
    else if (theirs !== base && theirs !== ours) model.waiting.set(i, theirs);
  });
  model.base = [...model.fetched];
}

/** The steps of a 'moved meanwhile': the block moved is the last one added in the colleague's copy. */
function movedMeanwhile(one: Extract<Step, { kind: 'moved meanwhile' }>): Step[] {
  const file = FILES.indexOf(FIELDS[one.field]!.file);
  const online = { offline: false, review: false };
  return [
    { kind: 'add block', author: one.author, file },
    { kind: 'publish', author: one.author, ...online },
    { kind: 'latest', author: one.other },
    { kind: 'move block', author: one.other, file, pick: -1, to: one.to },
    { kind: 'publish', author: one.other, ...online },
    { kind: 'edit', author: one.author, field: one.field, value: one.value },
    { kind: 'latest', author: one.author },
  ];
}

async function run(team: Team, steps: Step[]) {
  const clones: Clone[] = Array.from({ length: AUTHORS }, (_, i) => team.clone(`author-${i}`));
  const readRemote = (file: string) => git(team.remote, 'show', `main:${file}`);
  const seedOutside = FILES.map((file) => outsideFields(readRemote(file), file));
  let remote = valuesOf(readRemote);
  let remoteHead = team.remoteHead();
  const models: AuthorModel[] = clones.map(() => ({
    base: [...remote],
    fetched: [...remote],
    local: [...remote],
    waiting: new Map(),
  }));
  const identity = (i: number) => ({ ...alice, name: `Author ${i}` });

  const expanded = steps.flatMap((one): Step[] =>
    one.kind === 'clash' && one.other !== one.author
      ? [
          { kind: 'edit', author: one.author, field: one.field, value: one.value },
          { kind: 'edit', author: one.other, field: one.field, value: one.otherValue },
          { kind: 'publish', author: one.other, offline: false, review: false },
          { kind: 'publish', author: one.author, offline: false, review: false },
        ]
      : one.kind === 'moved meanwhile' && one.other !== one.author
        ? movedMeanwhile(one)
        : one.kind === 'clash' || one.kind === 'moved meanwhile'
          ? []
          : [one],
  );
  for (const [n, one] of expanded.entries()) {
    const at = `step ${n} ${JSON.stringify(one)}`;
    // A choice is made by the next author (from this one on) who has conflicts waiting.
    const who =
      one.kind === 'resolve'
        ? (Array.from({ length: AUTHORS }, (_, i) => (one.author + i) % AUTHORS).find(
            (i) => models[i]!.waiting.size,
          ) ?? one.author)
        : one.author;
    const clone = clones[who]!;
    const model = models[who]!;
    if (one.kind === 'edit') {
      const { file, path } = FIELDS[one.field]!;
      clone.write(file, setValue(clone.read(file), path, one.value));
      model.local[one.field] = one.value;
    } else if (one.kind === 'add block') {
      const file = FILES[one.file]!;
      const text = clone.read(file);
      clone.write(file, insertItem(text, ['blocks'], blocksOf(text).length, addedBlock(n, who)));
      const added = setOf(model.local[addedAt(file)]).add(addedBlock(n, who).heading);
      model.local[addedAt(file)] = joinSet(added);
    } else if (one.kind === 'remove block') {
      // One the author added and has not published (so no colleague has it).
      const file = FILES[one.file]!;
      const published = setOf(model.base[addedAt(file)]);
      const text = clone.read(file);
      const own = blocksOf(text).flatMap((block, index) =>
        block.added && !published.has(block.added) ? [{ index, heading: block.added }] : [],
      );
      const chosen = own[one.pick % Math.max(own.length, 1)];
      if (chosen) {
        clone.write(file, removeItem(text, ['blocks'], chosen.index));
        const left = setOf(model.local[addedAt(file)]);
        left.delete(chosen.heading);
        model.local[addedAt(file)] = joinSet(left);
      }
    } else if (one.kind === 'move block') {
      // Any added block in the copy, published or not (colleagues may move the same one): anywhere
      // from second to last. Where it lands is not modelled (the blocks added are a set); that it
      // stays once, and the page's own blocks keep their order, is.
      const file = FILES[one.file]!;
      const text = clone.read(file);
      const blocks = blocksOf(text);
      const added = blocks.flatMap((block, index) => (block.added ? [index] : []));
      // A negative pick counts from the last.
      const from = one.pick < 0 ? added.at(one.pick) : added[one.pick % Math.max(added.length, 1)];
      const to = 1 + (one.to % (blocks.length - 1));
      if (from !== undefined && to !== from)
        clone.write(file, moveItem(text, ['blocks'], from, to));
    } else if (one.kind === 'discard') {
      expect(await discardChange(clone.root, await ready(clone), one.file), at).toEqual({
        status: 'discarded',
      });
      FIELDS.forEach((field, i) => {
        if (field.file !== one.file) return;
        model.local[i] = model.base[i];
        model.waiting.delete(i);
      });
      model.local[addedAt(one.file)] = model.base[addedAt(one.file)];
    } else if (one.kind === 'fetch') {
      await fetchPublished(clone.root, await ready(clone), true);
      model.fetched = [...remote];
    } else if (one.kind === 'latest') {
      const state = await ready(clone);
      await fetchPublished(clone.root, state);
      model.fetched = [...remote];
      const result = await getLatest(clone.root, state, identity(who));
      if (model.waiting.size) expect(result.status, at).toBe('conflicts-waiting');
      else {
        merge(model);
        expect(result.status, at).not.toBe('conflicts-waiting');
      }
    } else if (one.kind === 'publish') {
      const state = await ready(clone);
      if (one.offline) renameSync(team.remote, `${team.remote}.away`);
      const result = await publish(clone.root, state, {
        identity: identity(who),
        message: `Step ${n}`,
        mode: one.review ? 'review' : 'direct',
        check: () => [],
      }).finally(() => one.offline && renameSync(`${team.remote}.away`, team.remote));
      if (!model.waiting.size) {
        if (!one.offline) model.fetched = [...remote];
        merge(model);
      }
      const sent = one.offline ? 'saved-locally' : one.review ? 'in-review' : 'published';
      if (model.waiting.size) expect(result.status, at).toBe('conflicts');
      else if (model.local.every((v, i) => v === model.base[i]))
        expect(['nothing-to-publish', sent], at).toContain(result.status);
      else {
        expect(result.status, at).toBe(sent);
        if (result.status === 'in-review') {
          // The change set on its own branch holds this copy's values; nothing is published.
          const onBranch = (file: string) => git(team.remote, 'show', `${result.branch}:${file}`);
          expect(valuesOf(onBranch), `${at}: the review branch`).toEqual(model.local);
        } else if (!one.offline) {
          remote = [...model.local];
          model.fetched = [...remote];
          model.base = [...remote];
        }
      }
      if (result.status === 'published') remoteHead = team.remoteHead();
    } else if (one.kind === 'resolve') {
      for (const record of await readConflicts(clone.root)) {
        const choices = Object.fromEntries(
          record.conflicts.map((conflict) => {
            const field = fieldAt(record.file, conflict.path);
            const choice = one.choices[field]!;
            if ('value' in choice) model.local[field] = choice.value as string;
            else if (choice.pick === 'theirs') model.local[field] = model.waiting.get(field);
            model.waiting.delete(field);
            return [conflict.id, choice] as const;
          }),
        );
        expect(await resolveFile(clone.root, record.file, choices), at).toBe('resolved');
      }
    }

    // The remote, every copy and the conflicts waiting are what the model says.
    expect(team.remoteHead(), `${at}: the remote moves only by a publish`).toBe(remoteHead);
    expect(valuesOf(readRemote), `${at}: the remote`).toEqual(remote);
    FILES.forEach((file, i) =>
      expect(outsideFields(readRemote(file), file), `${at}: ${file} outside the fields`).toBe(
        seedOutside[i],
      ),
    );
    for (const [i, other] of clones.entries()) {
      expect(valuesOf(other.read), `${at}: author ${i}'s copy`).toEqual(models[i]!.local);
      FILES.forEach((file, f) =>
        expect(outsideFields(other.read(file), file), `${at}: author ${i}'s ${file}`).toBe(
          seedOutside[f],
        ),
      );
      const records = await readConflicts(other.root);
      const waiting = records.flatMap((record) =>
        record.conflicts.map((conflict) => `${record.file}:${conflict.path.join('.')}`),
      );
      expect(waiting.sort(), `${at}: author ${i}'s conflicts`).toEqual(
        [...models[i]!.waiting.keys()]
          .map((field) => `${FIELDS[field]!.file}:${FIELDS[field]!.path.join('.')}`)
          .sort(),
      );
      // The Conflicts screen shows both sides as they are: the copy's value now, and theirs.
      for (const record of records) {
        const input = {
          file: record.file,
          base: record.base!,
          ours: record.ours!,
          theirs: record.theirs!,
        };
        for (const conflict of conflictsAsTheyAreNow(other.read(record.file), input)) {
          const field = fieldAt(record.file, conflict.path);
          expect(
            [conflict.ours, conflict.theirs],
            `${at}: author ${i}'s conflict at ${conflict.label}`,
          ).toEqual([models[i]!.local[field], models[i]!.waiting.get(field)]);
        }
      }
    }
    // The Changes list holds every file whose values differ from the version it stands on.
    const listed = (await authorChanges(clone.root, await ready(clone))).changes.map((c) => c.file);
    for (const [i, field] of FIELDS.entries())
      if (model.local[i] !== model.base[i] && !model.waiting.has(i))
        expect(listed, `${at}: the Changes list`).toContain(field.file);
    for (const file of FILES)
      if (model.local[addedAt(file)] !== model.base[addedAt(file)])
        expect(listed, `${at}: the Changes list`).toContain(file);
  }
}

let team: Team | undefined;
afterEach(() => team?.cleanup());

describe('three authors publishing at once (seeded sequences, real git)', () => {
  it(
    'no change is lost or undone without a conflict, and nothing outside the fields moves',
    async () => {
      await fc.assert(
        fc.asyncProperty(
          fc.array(step, { minLength: 6, maxLength: 14, size: 'max' }),
          async (steps) => {
            team?.cleanup();
            team = makeTeam({ code: false });
            await run(team, steps);
          },
        ),
        // Shrinking replays whole sequences on real git: it stops in time to report what it has.
        {
          ...propertyParameters(RUNS),
          interruptAfterTimeLimit: RUNS * 90_000,
          markInterruptAsFailure: true,
        },
      );
    },
    RUNS * 90_000 + 60_000,
  );

  // Shrunk from a run against a merge that dropped theirs' moves: the block a colleague moved was
  // lost from the author's copy when getting latest merged it with the author's edit.
  it('keeps a published block a colleague moved while the author edited the page', async () => {
    team = makeTeam({ code: false });
    await run(team, [
      { kind: 'edit', author: 0, field: 0, value: '' },
      { kind: 'moved meanwhile', author: 1, other: 0, field: 0, value: '', to: 0 },
      { kind: 'publish', author: 0, offline: true, review: true },
      { kind: 'edit', author: 0, field: 0, value: '' },
    ]);
  }, 120_000);
});
