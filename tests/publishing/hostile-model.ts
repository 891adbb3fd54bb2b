import { execFileSync } from 'node:child_process';
import {
  existsSync,
  mkdtempSync,
  readdirSync,
  readFileSync,
  symlinkSync,
  writeFileSync,
} from 'node:fs';
import path from 'node:path';
import fc from 'fast-check';
import { parseDocument } from 'yaml';
import { expect } from 'vitest';
import { setValue } from '../../editor/document/index.ts';
import { git, makeTeam, type Clone, type Team } from './git-fixture.ts';
import {
  call,
  ChildEditor,
  hashTree,
  installGitWrapper,
  plantTree,
  pushPlumbing,
  type Answer,
  type PlantedEntry,
} from './hostile-fixture.ts';

/**
 * The model and the steps of hostile.property.test.ts (see there), shared with the replays of its
 * shrunk counterexamples (hostile-replays.property.test.ts).
 */
const HOTELS = 'pages/solutions/hotels.yaml';
const PRICING = 'pages/pricing.yaml';
const FILES = [HOTELS, PRICING];
const FIELDS = [
  { file: HOTELS, path: ['blocks', 0, 'title'] },
  { file: PRICING, path: ['blocks', 0, 'title'] },
  { file: HOTELS, path: ['blocks', 0, 'badge'] },
  { file: PRICING, path: ['blocks', 0, 'badge'] },
];
const author = { name: 'Alice Author', email: 'alice@example.com' };

const value = fc.constantFrom('Alpha', 'Beta', 'Gamma delta', 'Zeta 9', 'Café déjà vu');
/** Mostly the first two fields for the author, the last two for the colleague. */
const authorField = fc.oneof(
  { weight: 4, arbitrary: fc.nat(1) },
  { weight: 1, arbitrary: fc.nat(3) },
);
const colleagueField = fc.oneof(
  { weight: 4, arbitrary: fc.integer({ min: 2, max: 3 }) },
  { weight: 1, arbitrary: fc.nat(3) },
);
/** The n-th git command of the operation kills the editor (when it runs that many). */
const kill = fc.option(fc.integer({ min: 1, max: 40 }), { freq: 2 });
const EXTRAS = [
  'link-public',
  'link-vendor',
  'vendor-folder',
  'odd-names',
  'flip',
  'big',
  'latin1',
  'gitmodules',
  'gitattributes',
  'hooks',
  'dotdot',
  'code',
  'node-modules',
] as const;
type Extra = (typeof EXTRAS)[number];

const edit = fc.record({ kind: fc.constant('edit' as const), field: authorField, value });
const push = fc.record({
  kind: fc.constant('push' as const),
  fields: fc.array(fc.record({ field: colleagueField, value }), { maxLength: 2 }),
  extras: fc.subarray([...EXTRAS], { maxLength: 3 }),
  force: fc.oneof(
    { weight: 12, arbitrary: fc.constant('none' as const) },
    { weight: 2, arbitrary: fc.constant('rewrite' as const) },
    { weight: 1, arbitrary: fc.constant('unrelated' as const) },
  ),
});
const authorOperation = fc.oneof(
  { weight: 3, arbitrary: fc.record({ kind: fc.constant('latest' as const), kill }) },
  { weight: 3, arbitrary: fc.record({ kind: fc.constant('publish' as const), kill }) },
  {
    weight: 1,
    arbitrary: fc.record({ kind: fc.constant('discard' as const), file: fc.nat(1), kill }),
  },
  {
    weight: 1,
    arbitrary: fc.record({
      kind: fc.constant('restore' as const),
      file: fc.nat(1),
      pick: fc.nat(5),
      kill,
    }),
  },
);
const resolve = fc.record({
  kind: fc.constant('resolve' as const),
  choices: fc.array(fc.constantFrom('ours' as const, 'theirs' as const), {
    minLength: FIELDS.length,
    maxLength: FIELDS.length,
  }),
});
type Of<A> = A extends fc.Arbitrary<infer T> ? T : never;
export type HostileStep =
  Of<typeof edit> | Of<typeof push> | Of<typeof authorOperation> | Of<typeof resolve>;

/**
 * A sequence in rounds, so that even a short one meets the cases: the colleague pushes, the author
 * may edit, runs an operation (maybe killed), may edit again and choose for the conflicts waiting.
 */
export const rounds = (min: number, max: number) =>
  fc
    .array(
      fc.tuple(
        push,
        fc.option(edit),
        authorOperation,
        fc.option(edit),
        fc.option(resolve),
        fc.option(authorOperation),
      ),
      { minLength: min, maxLength: max },
    )
    .map((all) => all.flatMap((round) => round.filter((one): one is HostileStep => one !== null)));

type Values = Array<string | undefined>;
const valueIn = (text: string | undefined, at: Array<string | number>) => {
  if (text === undefined) return undefined;
  const found = parseDocument(text).getIn(at);
  return typeof found === 'string' ? found : undefined;
};
const valuesOf = (read: (file: string) => string | undefined): Values => {
  const texts = new Map(FILES.map((file) => [file, read(file)]));
  return FIELDS.map(({ file, path: at }) => valueIn(texts.get(file), at));
};
const fieldName = (i: number) => `${FIELDS[i]!.file}:${FIELDS[i]!.path.join('.')}`;

function showOnRemote(remote: string, file: string): string | undefined {
  try {
    return execFileSync('git', ['show', `main:${file}`], { cwd: remote, encoding: 'utf8' });
  } catch {
    return undefined;
  }
}

/** The remote's tree outside the modelled files: what the colleague pushed, byte for byte. */
function remoteRest(remote: string): string {
  const out = execFileSync('git', ['ls-tree', '-r', '-z', '--full-tree', 'main'], {
    cwd: remote,
    encoding: 'latin1',
  });
  return out
    .split('\0')
    .filter((record) => record && !FILES.includes(record.slice(record.indexOf('\t') + 1)))
    .sort()
    .join('\n');
}

/** The world one sequence runs in: the remote, the author's copy and editor, the colleague's. */
export interface World {
  team: Team;
  alice: Clone;
  bob: Clone;
  editor: ChildEditor;
  planted: string;
  shared: string;
  marker: string;
  hashes: [string, string];
  /** The model. */
  remote: Values;
  base: Values;
  local: Values;
  waiting: Map<number, string | undefined>;
  tip: string;
  rest: string;
  /** An unrelated history was pushed: nothing can be brought in or published from this copy. */
  unrelated: boolean;
  /** The author ran a git operation since the colleague's last push (may have fetched it). */
  fetchedSinceLastPush: boolean;
}

async function setUp(): Promise<World> {
  const team = makeTeam();
  const planted = path.join(team.dir, 'planted');
  const shared = path.join(team.dir, 'shared-install');
  plantTree(planted);
  plantTree(shared);
  const marker = path.join(team.dir, 'hook-ran');
  const alice = team.clone('alice');
  const bob = team.clone('bob');
  symlinkSync(shared, path.join(alice.root, 'node_modules'));
  const wrapperDir = mkdtempSync(path.join(team.dir, 'git-wrapper-'));
  const editor = new ChildEditor(alice.root, installGitWrapper(wrapperDir));
  await editor.start();
  const remote = valuesOf((file) => showOnRemote(team.remote, file));
  return {
    team,
    alice,
    bob,
    editor,
    planted,
    shared,
    marker,
    hashes: [hashTree(planted), hashTree(shared)],
    remote,
    base: [...remote],
    local: [...remote],
    waiting: new Map(),
    tip: team.remoteHead(),
    rest: remoteRest(team.remote),
    unrelated: false,
    fetchedSinceLastPush: false,
  };
}

/** The colleague's commit: field values and odd files, on the remote's tip or in place of it. */
function colleaguePush(w: World, one: Extract<HostileStep, { kind: 'push' }>, n: number) {
  const remoteTree = git(w.team.remote, 'ls-tree', '-r', '--full-tree', '--name-only', 'main');
  const has = (file: string) => remoteTree.split('\n').includes(file);
  const texts = new Map<string, string>();
  for (const { field, value: v } of one.fields) {
    const { file, path: at } = FIELDS[field]!;
    const text = texts.get(file) ?? showOnRemote(w.team.remote, file);
    if (text !== undefined) texts.set(file, setValue(text, at, v));
  }
  const changes: PlantedEntry[] = [...texts].map(([file, content]) => ({ path: file, content }));
  const hook = `#!/bin/sh\necho "hook $0" >> '${w.marker}'\n`;
  for (const extra of one.extras as Extra[]) {
    if (extra === 'link-public')
      changes.push({ path: `public/odd/link-${n}.svg`, link: '../../../planted/keep.txt' });
    else if (extra === 'link-vendor') {
      if (!has('vendor')) changes.push({ path: 'vendor', link: '../planted' });
    } else if (extra === 'vendor-folder') {
      changes.push({ path: 'vendor', remove: true });
      changes.push({ path: 'vendor/keep.txt', content: `through a link ${n}\n` });
      changes.push({ path: 'vendor/inner/index.js', content: `module.exports = ${n};\n` });
    } else if (extra === 'odd-names') {
      changes.push({ path: `pages/-draft-${n}.yaml`, content: 'title: odd\n' });
      changes.push({ path: `public/line\nbreak-${n}.txt`, content: 'odd\n' });
      changes.push({ path: `public/ünï-名-${n}.txt`, content: 'odd\n' });
    } else if (extra === 'flip') {
      if (has('public/flip')) {
        changes.push({ path: 'public/flip', remove: true });
        changes.push({ path: 'public/flip/a.txt', content: `a ${n}\n` });
        changes.push({ path: 'public/flip/b/c.txt', content: `c ${n}\n` });
      } else {
        for (const file of remoteTree.split('\n').filter((f) => f.startsWith('public/flip/')))
          changes.push({ path: file, remove: true });
        changes.push({ path: 'public/flip', content: `a file ${n}\n` });
      }
    } else if (extra === 'big')
      changes.push({ path: 'public/big.bin', content: Buffer.alloc(3 * 1024 * 1024, n % 251) });
    else if (extra === 'latin1') {
      changes.push({
        path: 'public/latin.txt',
        content: Buffer.from(`caf\xe9 ${n}\xff\n`, 'latin1'),
      });
      changes.push({ path: 'renderer/latin.ts', content: Buffer.from(`// \xe9${n}\n`, 'latin1') });
    } else if (extra === 'gitmodules') {
      changes.push({
        path: '.gitmodules',
        content: `[submodule "sub"]\n\tpath = sub\n\turl = ../nowhere.git\n\tfetchRecurseSubmodules = true\n`,
      });
      changes.push({ path: 'sub', gitlink: (n % 9 ? String(n % 9) : 'a').repeat(40) });
    } else if (extra === 'gitattributes')
      changes.push({
        path: '.gitattributes',
        content: `*.yaml working-tree-encoding=UTF-16LE\n*.txt filter=none-${n}\n`,
      });
    else if (extra === 'hooks') {
      for (const name of [
        'reference-transaction',
        'pre-push',
        'post-checkout',
        'post-index-change',
      ])
        changes.push({ path: `.git/hooks/${name}`, content: hook, mode: '100755' });
      const config = readFileSync(path.join(w.alice.root, '.git/config'), 'utf8');
      changes.push({
        path: '.git/config',
        content: `${config}[core]\n\tfsmonitor = ${path.join(w.team.dir, 'hooks-cmd')}\n`,
      });
      writeFileSync(path.join(w.team.dir, 'hooks-cmd'), hook, { mode: 0o755 });
    } else if (extra === 'dotdot') changes.push({ path: '..', content: `refused ${n}\n` });
    else if (extra === 'code')
      changes.push({ path: 'renderer/code.ts', content: `export const answer = ${n};\n` });
    else if (extra === 'node-modules')
      changes.push({ path: 'node_modules/inner/index.js', content: `module.exports = ${n};\n` });
  }
  // A rewrite replaces the tip by a commit on its parent, while the author has not fetched it.
  const below = execFileSync('git', ['rev-list', '--parents', '-n', '1', 'main'], {
    cwd: w.team.remote,
    encoding: 'utf8',
  })
    .trim()
    .split(' ')[1];
  const rewrite = one.force === 'rewrite' && !w.fetchedSinceLastPush && !!below;
  const tip = w.team.remoteHead();
  pushPlumbing(w.team.remote, w.bob.root, changes, {
    force: one.force === 'unrelated' || rewrite,
    // An unrelated history: the same files, none of the commits.
    ...(one.force === 'unrelated'
      ? { parent: null, treeOf: tip }
      : rewrite
        ? { parent: below! }
        : {}),
    message: `colleague step ${n}`,
  });
  if (one.force === 'unrelated') w.unrelated = true;
  w.remote = valuesOf((file) => showOnRemote(w.team.remote, file));
  w.tip = w.team.remoteHead();
  w.rest = remoteRest(w.team.remote);
  w.fetchedSinceLastPush = false;
}

/** Get latest as the model sees it: their values where mine are the base's, conflicts elsewhere. */
function merge(w: World) {
  w.remote.forEach((theirs, i) => {
    const [base, ours] = [w.base[i], w.local[i]];
    if (ours === base) w.local[i] = theirs;
    else if (theirs !== base && theirs !== ours) w.waiting.set(i, theirs);
  });
  w.base = [...w.remote];
}

/** A publish as the model sees it: merged, then (without conflicts) the copy's values sent. */
function published(w: World): 'conflicts' | 'nothing' | 'sent' {
  merge(w);
  if (w.waiting.size) return 'conflicts';
  if (w.local.every((v, i) => v === w.base[i])) return 'nothing';
  w.remote = [...w.local];
  w.base = [...w.local];
  return 'sent';
}

const isAncestor = (repo: string, a: string, b: string) => {
  try {
    execFileSync('git', ['merge-base', '--is-ancestor', a, b], { cwd: repo, stdio: 'ignore' });
    return true;
  } catch {
    return false;
  }
};

/** Runs an operation of the author's that a planned kill may cut: the answer, or undefined. */
async function operation(
  w: World,
  killAt: number | null,
  method: string,
  url: string,
  body?: unknown,
): Promise<Answer | undefined> {
  w.fetchedSinceLastPush = true;
  if (killAt !== null) w.editor.killAt(killAt);
  const answer = await w.editor.callOrDie(method, url, body);
  w.editor.clearPlan();
  if (!answer) await w.editor.start();
  return answer;
}

const localValues = (w: World) =>
  valuesOf((file) => (existsSync(path.join(w.alice.root, file)) ? w.alice.read(file) : undefined));

async function runStep(w: World, one: HostileStep, n: number, at: string) {
  const api = (method: string, url: string, body?: unknown) => call(w.editor, method, url, body);
  if (one.kind === 'edit') {
    const { file, path: fieldPath } = FIELDS[one.field]!;
    const read = await api('GET', `/api/file?path=${encodeURIComponent(file)}`);
    expect(read.status, `${at}: ${read.raw}`).toBe(200);
    const text = setValue(read.body.text, fieldPath, one.value);
    const saved = await api('PUT', '/api/file', {
      path: file,
      text,
      baseVersion: read.body.version,
    });
    expect(saved.status, `${at}: ${saved.raw}`).toBe(200);
    w.local[one.field] = one.value;
  } else if (one.kind === 'push') colleaguePush(w, one, n);
  else if (one.kind === 'latest') {
    const tipBefore = w.tip;
    const answer = await operation(w, one.kill, 'POST', '/api/publish/latest', author);
    if (answer) expect(answer.status, `${at}: ${answer.raw}`).not.toBe(500);
    if (w.waiting.size) {
      if (answer) expect(answer.body.status, `${at}: ${answer.raw}`).toBe('conflicts-waiting');
      return;
    }
    if (w.unrelated) {
      if (answer) expect(answer.status, `${at}: ${answer.raw}`).toBe(409);
      return;
    }
    // Killed: done whole (HEAD holds the remote's tip) or not at all.
    if (answer || isAncestor(w.alice.root, tipBefore, 'HEAD')) {
      if (answer) expect(answer.status, `${at}: ${answer.raw}`).toBe(200);
      merge(w);
    }
  } else if (one.kind === 'publish') {
    const tipBefore = w.tip;
    const answer = await operation(w, one.kill, 'POST', '/api/publish', {
      ...author,
      message: `Step ${n}`,
    });
    if (answer) expect(answer.status, `${at}: ${answer.raw}`).not.toBe(500);
    const moved = w.team.remoteHead() !== tipBefore;
    if (w.unrelated || w.waiting.size) {
      if (answer) expect(answer.status, `${at}: ${answer.raw}`).toBe(409);
      if (answer && w.waiting.size)
        expect(answer.body.error?.code, `${at}: ${answer.raw}`).toBe('publish-conflicts');
      expect(moved, `${at}: published onto an unrelated history or with conflicts`).toBe(false);
      return;
    }
    if (answer || moved) {
      const outcome = published(w);
      const expected = { conflicts: 409, nothing: 409, sent: 200 }[outcome];
      if (answer) expect(answer.status, `${at}: ${answer.raw}`).toBe(expected);
      expect(moved, `${at}: the remote moved`).toBe(outcome === 'sent');
      if (moved) w.tip = w.team.remoteHead();
    } else if (isAncestor(w.alice.root, tipBefore, 'HEAD')) merge(w);
  } else if (one.kind === 'discard') {
    if (w.unrelated) return;
    const file = FILES[one.file]!;
    const answer = await operation(w, one.kill, 'POST', '/api/publish/discard', { path: file });
    const mine = FIELDS.flatMap((f, i) => (f.file === file ? [i] : []));
    // Nothing to discard may be refused in words.
    const unchanged = mine.every((i) => w.local[i] === w.base[i]);
    if (answer)
      expect(unchanged ? [200, 409] : [200], `${at}: ${answer.raw}`).toContain(answer.status);
    const now = localValues(w);
    const discarded = mine.every((i) => now[i] === w.base[i]);
    if (!answer && !discarded)
      expect(
        mine.map((i) => now[i]),
        `${at}: a killed discard left the page half done`,
      ).toEqual(mine.map((i) => w.local[i]));
    if (answer || discarded)
      for (const i of mine) {
        w.local[i] = w.base[i];
        w.waiting.delete(i);
      }
  } else if (one.kind === 'restore') {
    if (w.unrelated) return;
    const file = FILES[one.file]!;
    const list = await api('GET', `/api/publish/versions?path=${encodeURIComponent(file)}`);
    expect(list.status, `${at}: ${list.raw}`).toBe(200);
    const versions = list.body.versions as Array<{ commit: string }>;
    if (!versions.length) return;
    const commit = versions[one.pick % versions.length]!.commit;
    const text = execFileSync('git', ['show', `${commit}:${file}`], {
      cwd: w.team.remote,
      encoding: 'utf8',
    });
    const answer = await operation(w, one.kill, 'POST', '/api/publish/restore', {
      path: file,
      commit,
    });
    if (answer) expect(answer.status, `${at}: ${answer.raw}`).toBe(200);
    const mine = FIELDS.flatMap((f, i) => (f.file === file ? [i] : []));
    const restored = mine.map((i) => valueIn(text, FIELDS[i]!.path));
    const now = localValues(w);
    const done = mine.every((i, k) => now[i] === restored[k]);
    if (!answer && !done)
      expect(
        mine.map((i) => now[i]),
        `${at}: a killed restore left the page half done`,
      ).toEqual(mine.map((i) => w.local[i]));
    if (answer || done) mine.forEach((i, k) => (w.local[i] = restored[k]));
  } else if (one.kind === 'resolve') {
    const shown = await api('GET', '/api/publish/conflicts');
    expect(shown.status, `${at}: ${shown.raw}`).toBe(200);
    for (const record of shown.body.conflicts as Array<{
      file: string;
      conflicts: Array<{ id: string; path: Array<string | number> }>;
    }>) {
      const choices: Record<string, { pick: 'ours' | 'theirs' }> = {};
      for (const conflict of record.conflicts) {
        const field = FIELDS.findIndex(
          (f) => f.file === record.file && f.path.join('.') === conflict.path.join('.'),
        );
        expect(field, `${at}: a conflict at ${record.file} ${conflict.path.join('.')}`).not.toBe(
          -1,
        );
        const pick = one.choices[field]!;
        choices[conflict.id] = { pick };
        if (pick === 'theirs') w.local[field] = w.waiting.get(field);
        w.waiting.delete(field);
      }
      const answer = await api('POST', '/api/publish/resolve', { path: record.file, choices });
      expect(answer.status, `${at}: ${answer.raw}`).toBe(200);
    }
  }
}

/** Every invariant, after a step. */
async function check(w: World, at: string, tipBefore: string, byAuthor: boolean) {
  const status = await call(w.editor, 'GET', '/api/publish/status');
  expect(status.status, `${at}: the editor answers`).toBe(200);
  const tip = w.team.remoteHead();
  if (byAuthor) {
    expect(isAncestor(w.team.remote, tipBefore, tip), `${at}: the remote moved forward only`).toBe(
      true,
    );
    expect(tip === tipBefore || !w.unrelated, `${at}: the remote moved`).toBe(true);
  }
  expect(
    valuesOf((file) => showOnRemote(w.team.remote, file)),
    `${at}: the remote`,
  ).toEqual(w.remote);
  expect(remoteRest(w.team.remote), `${at}: the colleague's files on the remote`).toBe(w.rest);
  expect(localValues(w), `${at}: the author's copy`).toEqual(w.local);
  const conflicts = await call(w.editor, 'GET', '/api/publish/conflicts');
  expect(conflicts.status, `${at}: ${conflicts.raw}`).toBe(200);
  const waiting = (
    conflicts.body.conflicts as Array<{ file: string; conflicts: Array<{ path: unknown[] }> }>
  ).flatMap((record) => record.conflicts.map((c) => `${record.file}:${c.path.join('.')}`));
  expect(waiting.sort(), `${at}: the conflicts waiting`).toEqual(
    [...w.waiting.keys()].map(fieldName).sort(),
  );
  const changes = await call(w.editor, 'GET', '/api/publish/changes');
  const mine = [
    ...new Set(FIELDS.flatMap((f, i) => (w.local[i] !== w.base[i] ? [f.file] : []))),
  ].sort();
  if (!(w.unrelated && changes.status === 409)) {
    expect(changes.status, `${at}: ${changes.raw}`).toBe(200);
    expect(
      (changes.body.files as Array<{ file: string }>).map((f) => f.file).sort(),
      `${at}: Changes lists exactly the author's changes`,
    ).toEqual(mine);
  }
  expect([hashTree(w.planted), hashTree(w.shared)], `${at}: outside the project`).toEqual(w.hashes);
  expect(existsSync(w.marker) ? readFileSync(w.marker, 'utf8') : '', `${at}: a hook ran`).toBe('');
  const hooks = readdirSync(path.join(w.alice.root, '.git/hooks')).filter(
    (name) => !name.endsWith('.sample'),
  );
  expect(hooks, `${at}: hooks written into .git`).toEqual([]);
}

/** Runs `steps` in a new world, checking every invariant after each; the world is returned. */
export async function runHostile(steps: HostileStep[], worlds: World[] = []) {
  const w = await setUp();
  worlds.push(w);
  for (const [n, one] of steps.entries()) {
    const at = `step ${n} of ${JSON.stringify(steps)}`;
    const tipBefore = w.team.remoteHead();
    if (process.env.HOSTILE_TRACE) console.error(new Date().toISOString(), n, JSON.stringify(one));
    await runStep(w, one, n, at);
    await check(w, at, tipBefore, one.kind !== 'push');
  }
}
