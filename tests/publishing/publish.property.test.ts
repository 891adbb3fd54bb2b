import { renameSync } from 'node:fs';
import fc from 'fast-check';
import { parseDocument, type Node } from 'yaml';
import { afterEach, describe, expect, it } from 'vitest';
import { setValue } from '../../editor/document/index.ts';
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
 * repository: edit a field (through the editor's own writer), publish (straight or for review, the
 * remote reachable or not), get latest, open the review list (a fetch that brings nothing in),
 * discard a page's changes, and choose for every conflict (keep mine, take theirs or a value of
 * their own). A model holds the value of each field on the remote and in each copy; after every
 * step the remote, every copy and the conflicts waiting (as the Conflicts screen shows them) must
 * be what it says. So no publish loses an author's change or undoes a colleague's without a
 * conflict, a conflict names exactly the fields both changed, and every text outside the edited
 * fields stays byte for byte. Shrunk counterexamples are kept in more.test.ts.
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
const RUNS = propertyRuns(3);

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
const valuesOf = (read: (file: string) => string): Values =>
  FIELDS.map(({ file, path }) => valueIn(read(file), path));

/** The text with each modelled field's value cut out: what must never change. */
function outsideFields(text: string, file: string): string {
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
    if (ours === base) model.local[i] = theirs;
    else if (theirs !== base && theirs !== ours) model.waiting.set(i, theirs);
  });
  model.base = [...model.fetched];
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
      : one.kind === 'clash'
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
    } else if (one.kind === 'discard') {
      expect(await discardChange(clone.root, await ready(clone), one.file), at).toBe(true);
      FIELDS.forEach((field, i) => {
        if (field.file !== one.file) return;
        model.local[i] = model.base[i];
        model.waiting.delete(i);
      });
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
          interruptAfterTimeLimit: RUNS * 25_000,
          markInterruptAsFailure: true,
        },
      );
    },
    RUNS * 25_000 + 60_000,
  );
});
