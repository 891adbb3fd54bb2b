import { execFileSync } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { readFileSync } from 'node:fs';
import path from 'node:path';
import fc from 'fast-check';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { ReviewActionResponse, ReviewItemResponse } from '../../editor/shared/review-api.ts';
import type { Team } from '../../schema/team.ts';
import { propertyParameters } from '../helpers/properties.ts';
import { signedInPeople, startTestTeamServer, type TestTeamServer } from './team-server-fixture.ts';

/**
 * The workspaces of the team editor share one object store: a commit id a client names (the
 * preview's `?version=`, /api/publish/version) is read only when the person may see that commit:
 * the published history, their own workspace's, or a review request they may read. Anyone else's
 * draft or review is answered as an id no commit has (no IDOR, no oracle).
 */
const accounts = {
  anna: { email: 'anna@example.com', email_verified: true, name: 'Anna Ruiz' },
  bert: { email: 'bert@example.com', email_verified: true, name: 'Bert Author' },
  lena: { email: 'lena@example.com', email_verified: true, name: 'Lena Berg' },
};
type Login = keyof typeof accounts;

// Bert writes the contact page and publishes the German pages: neither makes Anna's /pricing his.
const team: Team = {
  people: [
    { email: 'anna@example.com', role: 'author' },
    { email: 'bert@example.com', role: 'author', pages: ['/contact'] },
    { email: 'bert@example.com', role: 'publisher', pages: ['/de/**'] },
    { email: 'lena@example.com', role: 'publisher' },
  ],
};

const PRICING = 'pages/pricing.yaml';
let fixture: TestTeamServer;

beforeAll(async () => {
  fixture = await startTestTeamServer({
    accounts,
    team: () => team,
    rules: () => ({ mode: 'direct', requireReview: true }),
    watch: false,
    signInsPerMinute: 100,
  });
}, 60_000);

afterAll(() => fixture?.close());

const { call } = signedInPeople(() => fixture.base);

async function edit(login: Login, from: string, to: string) {
  const got = await call(login, 'GET', `/api/file?path=${PRICING}`);
  const { text, version } = JSON.parse(got.text) as { text: string; version: string };
  expect(text).toContain(from);
  const saved = await call(login, 'PUT', '/api/file', {
    path: PRICING,
    text: text.replace(from, to),
    baseVersion: version,
  });
  expect(saved.status, saved.text).toBe(200);
}

const versionApi = (login: Login, commit: string) =>
  call(login, 'GET', `/api/publish/version?path=${PRICING}&commit=${commit}`);
const preview = (login: Login, commit: string) =>
  call(login, 'GET', `/preview/pricing?draft=${PRICING}&version=${commit}`);
const cloneGit = (...args: string[]) =>
  execFileSync('git', args, { cwd: path.join(fixture.data, 'repository'), encoding: 'utf8' });

/** The worktree whose pricing page holds `text` (Anna's: only she saved it). */
function workspaceHolding(text: string) {
  const roots = cloneGit('worktree', 'list', '--porcelain')
    .split('\n')
    .filter((line) => line.startsWith('worktree '))
    .map((line) => line.slice('worktree '.length));
  const root = roots.find((dir) => readFileSync(path.join(dir, PRICING), 'utf8').includes(text));
  if (!root) throw new Error(`no workspace holds ${text}`);
  return root;
}

let review: string;
let draft: string;
let published: string;

describe('a commit id named by a client', () => {
  it("answers another author's draft and review as unknown; their own and a reviewer's not", async () => {
    await edit('anna', 'Outcome-based pricing', 'Pricing for every hotel');
    const sent = await call('anna', 'POST', '/api/reviews', { message: 'Pricing: a headline' });
    expect(sent.status, sent.text).toBe(200);
    const { request } = JSON.parse(sent.text) as ReviewActionResponse;
    const item = await call('lena', 'GET', `/api/reviews/item?id=${request.id}`);
    ({ commit: review, base: published } = JSON.parse(item.text) as ReviewItemResponse);
    // Anna keeps working: a version of her own, saved in her workspace's history, not published.
    await edit('anna', 'Pricing: Starter', 'Draft tiers');
    const workspace = workspaceHolding('Draft tiers');
    const inWorkspace = (...args: string[]) =>
      execFileSync('git', args, { cwd: workspace, encoding: 'utf8' }).trim();
    inWorkspace(
      '-c',
      'user.name=Anna Ruiz',
      '-c',
      'user.email=anna@example.com',
      'commit',
      '-q',
      '-m',
      'Draft tiers',
      '--',
      PRICING,
    );
    draft = inWorkspace('rev-parse', 'HEAD');
    expect(draft).not.toBe(published);

    const unknown = randomBytes(20).toString('hex');
    const noSuchVersion = await versionApi('bert', unknown);
    expect(noSuchVersion.status).toBe(404);
    const noPreview = await preview('bert', unknown);
    expect(noPreview.status).toBe(404);
    for (const [login, commit] of [
      ['bert', draft],
      ['bert', review],
      ['lena', draft],
    ] as const) {
      expect(await versionApi(login, commit), `${login} ${commit}`).toEqual(noSuchVersion);
      expect(await preview(login, commit), `${login} ${commit}`).toEqual(noPreview);
    }

    const text = async (login: Login, commit: string) => {
      const answer = await versionApi(login, commit);
      expect(answer.status, answer.text).toBe(200);
      return (JSON.parse(answer.text) as { text: string }).text;
    };
    expect(await text('anna', draft)).toContain('Draft tiers');
    expect(await text('anna', review)).toContain('Pricing for every hotel');
    expect(await text('lena', review)).toContain('Pricing for every hotel');
    expect(await text('lena', review)).not.toContain('Draft tiers');
    for (const login of ['anna', 'bert', 'lena'] as const)
      expect(await text(login, published)).toContain('Outcome-based pricing');

    // The previews that render these commits for Anna and Lena (the Reviews screen's side by
    // side) are looked at in Chromium: tests/editor/team-review.spec.ts (a render here costs the
    // first Vite compile, over ten seconds).

    // Each attempt at a commit that exists but is not theirs is recorded; an unknown id is not.
    const refusals = readFileSync(path.join(fixture.data, 'audit.log'), 'utf8')
      .trim()
      .split('\n')
      .map((line) => JSON.parse(line) as { who: string; what: string; detail: string })
      .filter((event) => event.what === 'permission-refused');
    expect(refusals.map((event) => `${event.who} ${event.detail}`)).toEqual([
      'bert@example.com GET /api/publish/version: commit-not-readable',
      'bert@example.com GET /preview/pricing: commit-not-readable',
      'bert@example.com GET /api/publish/version: commit-not-readable',
      'bert@example.com GET /preview/pricing: commit-not-readable',
      'lena@example.com GET /api/publish/version: commit-not-readable',
      'lena@example.com GET /preview/pricing: commit-not-readable',
    ]);
  }, 120_000);

  it('answers every id not the person’s to read alike: nothing tells a colleague’s commit apart (seeded)', async () => {
    const answer = async (commit: string) => [
      await versionApi('bert', commit),
      await preview('bert', commit),
    ];
    const unknown = await answer('f'.repeat(40));
    const flip = (id: string, at: number) =>
      id.slice(0, at) + (id[at] === '0' ? '1' : '0') + id.slice(at + 1);
    const asked = fc.oneof(
      fc.stringMatching(/^[0-9a-f]{40}$/),
      fc.constantFrom(draft, review, draft.toUpperCase(), review.slice(0, 12)),
      fc.tuple(fc.constantFrom(draft, review), fc.nat(39)).map(([id, at]) => flip(id, at)),
    );
    await fc.assert(
      fc.asyncProperty(asked, async (commit) => {
        expect(await answer(commit)).toEqual(unknown);
      }),
      propertyParameters(8),
    );
  }, 60_000);
});
