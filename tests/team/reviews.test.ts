import { execFileSync } from 'node:child_process';
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { PublishingRules } from '../../editor/team/permissions.ts';
import type {
  ReviewActionResponse,
  ReviewItemResponse,
  ReviewsResponse,
} from '../../editor/shared/review-api.ts';
import type { Team } from '../../schema/team.ts';
import { commitAndPush } from '../publishing/git-fixture.ts';
import { signedInPeople, startTestTeamServer, type TestTeamServer } from './team-server-fixture.ts';

/**
 * Review inside the team editor over HTTP: real sessions, a real provider, real git (the server's
 * clone, a worktree per person, a bare remote read with git). One server for the file; the tests
 * follow one another (Anna's change set travels through them).
 */
const accounts = {
  anna: { email: 'anna@example.com', email_verified: true, name: 'Anna Ruiz' },
  bert: { email: 'bert@example.com', email_verified: true, name: 'Bert Author' },
  lena: { email: 'lena@example.com', email_verified: true, name: 'Lena Berg' },
  jonas: { email: 'jonas@example.com', email_verified: true, name: 'Jonas Weber' },
};
type Login = keyof typeof accounts;

const team: Team = {
  people: [
    { email: 'anna@example.com', role: 'author' },
    { email: 'bert@example.com', role: 'author' },
    { email: 'lena@example.com', role: 'publisher' },
    { email: 'jonas@example.com', role: 'publisher', pages: ['/de/**'] },
  ],
};
const rules: PublishingRules = { mode: 'direct', requireReview: true };

let fixture: TestTeamServer;
let base: string;

beforeAll(async () => {
  fixture = await startTestTeamServer({
    accounts,
    team: () => team,
    rules: () => rules,
    watch: false,
    signInsPerMinute: 100,
  });
  ({ base } = fixture);
}, 60_000);

afterAll(() => fixture?.close());

const { call } = signedInPeople(() => base);

async function edit(login: Login, file: string, from: string, to: string) {
  const { json } = await call(login, 'GET', `/api/file?path=${encodeURIComponent(file)}`);
  const { text, version } = json as { text: string; version: string };
  if (!text.includes(from)) throw new Error(`${file} has no ${from}`);
  const saved = await call(login, 'PUT', '/api/file', {
    path: file,
    text: text.replace(from, to),
    baseVersion: version,
  });
  expect(saved.status, saved.text).toBe(200);
}

const list = async (login: Login) =>
  (await call(login, 'GET', '/api/reviews')).json as unknown as ReviewsResponse;
const remoteGit = (...args: string[]) =>
  execFileSync('git', args, { cwd: fixture.repo.remote, encoding: 'utf8' }).trim();
const cloneGit = (...args: string[]) =>
  execFileSync('git', args, { cwd: path.join(fixture.data, 'repository'), encoding: 'utf8' });
const auditWhats = () =>
  readFileSync(path.join(fixture.data, 'audit.log'), 'utf8')
    .trim()
    .split('\n')
    .map((line) => JSON.parse(line) as { who: string; what: string; detail?: string });

const PRICING = 'pages/pricing.yaml';
const CONTACT = 'pages/contact.yaml';
let first: string;

describe('send for review', () => {
  it('freezes the saved change set in the shared object store; the author keeps working', async () => {
    expect((await call('anna', 'POST', '/api/reviews', { message: 'x' })).code).toBe(
      'review-nothing-to-send',
    );
    await edit('anna', PRICING, 'Outcome-based pricing', 'Pricing for every hotel');
    const sent = await call('anna', 'POST', '/api/reviews', { message: 'Pricing: a new headline' });
    expect(sent.status, sent.text).toBe(200);
    const { request, message } = sent.json as unknown as ReviewActionResponse;
    first = request.id;
    expect(message).toBe('Sent for review. A publisher of the site reads it next.');
    expect(request).toMatchObject({
      status: 'waiting',
      files: [PRICING],
      routes: ['/pricing'],
      own: true,
      problems: 0,
      author: { name: 'Anna Ruiz', email: 'anna@example.com' },
    });
    const frozen = cloneGit('show', `refs/reviews/${first}:${PRICING}`);
    expect(frozen).toContain('Pricing for every hotel');
    // Saved after sending: not in the request.
    await edit('anna', PRICING, 'Pricing: Starter', 'Prices: Starter');
    expect(cloneGit('show', `refs/reviews/${first}:${PRICING}`)).toBe(frozen);
  }, 60_000);

  it('shows the request to the publishers of its pages and to its author, to nobody else (no IDOR)', async () => {
    expect((await list('anna')).requests.map((r) => r.id)).toEqual([first]);
    expect((await list('lena')).requests.map((r) => r.id)).toEqual([first]);
    expect((await list('lena')).reviewer).toBe(true);
    expect((await list('bert')).requests).toEqual([]);
    // Jonas publishes only /de/**: a change of /pricing is not his to read or approve.
    expect((await list('jonas')).requests).toEqual([]);

    const item = `/api/reviews/item?id=${first}`;
    const refusals: Array<[Login, string, string, unknown, string]> = [
      ['bert', 'GET', item, undefined, 'review-not-yours'],
      ['bert', 'POST', '/api/reviews/withdraw', { id: first }, 'review-not-yours'],
      ['bert', 'POST', '/api/reviews/approve', { id: first }, 'review-not-yours'],
      ['bert', 'POST', '/api/reviews/ask', { id: first, comment: 'No' }, 'review-not-yours'],
      ['jonas', 'GET', item, undefined, 'page-not-yours'],
      ['jonas', 'POST', '/api/reviews/approve', { id: first }, 'page-not-yours'],
      ['anna', 'POST', '/api/reviews/approve', { id: first }, 'role-needed'],
    ];
    for (const [login, method, route, body, code] of refusals) {
      const answer = await call(login, method, route, body);
      expect(answer.status, `${login} ${route}`).toBe(403);
      expect(answer.code, `${login} ${route}`).toBe(code);
      expect(answer.words).toMatch(/^[A-Z].*\.$/);
      expect(answer.words).not.toMatch(/refs\/|\.yaml|git/);
    }
    // A request that is not one, and one with a path in its id.
    expect((await call('lena', 'GET', '/api/reviews/item?id=../../sessions')).status).toBe(404);
    // CSRF as on every other route.
    const forged = await call(
      'lena',
      'POST',
      '/api/reviews/approve',
      { id: first },
      {
        'x-csrf-token': 'forged',
      },
    );
    expect(forged.code).toBe('bad-csrf-token');
    expect((await list('anna')).requests[0]!.status).toBe('waiting');
  }, 60_000);

  it('gives a publisher the change in words and the two versions to show side by side', async () => {
    const { json, status } = await call('lena', 'GET', `/api/reviews/item?id=${first}`);
    expect(status).toBe(200);
    const item = json as unknown as ReviewItemResponse;
    expect(item.changes).toHaveLength(1);
    expect(item.changes[0]).toMatchObject({ file: PRICING, route: '/pricing', status: 'changed' });
    expect(item.changes[0]!.changes.map((c) => c.text).join(' ')).toContain(
      'Pricing for every hotel',
    );
    expect(cloneGit('rev-parse', `${item.commit}^`).trim()).toBe(item.base);
  });
});

describe('approve and publish', () => {
  it('keeps the requests across a restart of the server', async () => {
    await fixture.restart();
    expect((await list('lena')).requests.map((r) => [r.id, r.status])).toEqual([
      [first, 'waiting'],
    ]);
  }, 60_000);

  it('never lets a publisher approve their own change when review is required', async () => {
    await edit('lena', CONTACT, 'Talk to the Staylix team', 'Talk to us');
    const sent = await call('lena', 'POST', '/api/reviews', { message: 'Contact: shorter' });
    expect(sent.status, sent.text).toBe(200);
    const own = (sent.json as unknown as ReviewActionResponse).request.id;
    const approve = await call('lena', 'POST', '/api/reviews/approve', { id: own });
    expect(approve.status).toBe(403);
    expect(approve.code).toBe('review-own-change');
    expect((await call('lena', 'POST', '/api/reviews/withdraw', { id: own })).status).toBe(200);
  }, 60_000);

  it('publishes with the author as author, the reviewer as committer and a Reviewed-by trailer', async () => {
    const before = fixture.repo.remoteHead();
    const approved = await call('lena', 'POST', '/api/reviews/approve', { id: first });
    expect(approved.status, approved.text).toBe(200);
    expect((approved.json as unknown as ReviewActionResponse).request.status).toBe(
      'approved-published',
    );
    expect(remoteGit('log', '-1', '--format=%an <%ae>|%cn <%ce>', 'main')).toBe(
      'Anna Ruiz <anna@example.com>|Lena Berg <lena@example.com>',
    );
    expect(remoteGit('log', '-1', '--format=%(trailers:key=Reviewed-by)', 'main')).toBe(
      'Reviewed-by: Lena Berg <lena@example.com>',
    );
    expect(remoteGit('log', '-1', '--format=%s', 'main')).toBe('Pricing: a new headline');
    expect(remoteGit('rev-parse', 'main^')).toBe(before);
    expect(remoteGit('diff', '--name-only', before, 'main')).toBe(PRICING);
    const live = remoteGit('show', `main:${PRICING}`);
    expect(live).toContain('Pricing for every hotel');
    // Saved by Anna after sending: not published.
    expect(live).not.toContain('Prices: Starter');
    const again = await call('lena', 'POST', '/api/reviews/approve', { id: first });
    expect(again.status).toBe(409);
    expect(again.code).toBe('review-not-waiting');
    // Anna's workspace gets what went live: her Changes lists only what she saved after sending.
    await expect
      .poll(
        async () => JSON.stringify((await call('anna', 'GET', '/api/publish/changes')).json.files),
        { timeout: 30_000 },
      )
      .not.toContain('Pricing for every hotel');
    expect(JSON.stringify((await call('anna', 'GET', '/api/publish/changes')).json)).toContain(
      'Prices: Starter',
    );
    // Nothing of the review's own worktree is left behind.
    expect(cloneGit('worktree', 'list')).not.toContain('reviewing');
  }, 120_000);
});

describe('a failed check, ask for changes, a clash', () => {
  let second: string;

  it('publishes nothing when the site check fails, and says why', async () => {
    await edit('anna', CONTACT, 'type: hero', 'type: not-a-block');
    const sent = await call('anna', 'POST', '/api/reviews', { message: 'Contact: new block' });
    expect(sent.status, sent.text).toBe(200);
    const request = (sent.json as unknown as ReviewActionResponse).request;
    second = request.id;
    expect(request.problems).toBeGreaterThan(0);
    const before = fixture.repo.remoteHead();
    const approved = await call('lena', 'POST', '/api/reviews/approve', { id: second });
    expect(approved.status, approved.text).toBe(422);
    expect(approved.code).toBe('review-check-failed');
    expect((approved.json.problems as unknown[]).length).toBeGreaterThan(0);
    expect(fixture.repo.remoteHead()).toBe(before);
    expect((await list('anna')).requests.find((r) => r.id === second)!.status).toBe('waiting');
  }, 120_000);

  it('sends a comment back to the author, kept as written; the author sends again', async () => {
    const long = await call('lena', 'POST', '/api/reviews/ask', {
      id: second,
      comment: 'x'.repeat(2001),
    });
    expect(long.code).toBe('review-bad-comment');
    const comment = 'Keep the hero <b>block</b>; the rest is fine.';
    const asked = await call('lena', 'POST', '/api/reviews/ask', { id: second, comment });
    expect(asked.status, asked.text).toBe(200);
    const mine = (await list('anna')).requests.find((r) => r.id === second)!;
    expect(mine.status).toBe('changes-asked');
    expect(mine.events.at(-1)).toMatchObject({
      kind: 'changes-asked',
      by: { name: 'Lena Berg' },
      comment,
    });
    await edit('anna', CONTACT, 'type: not-a-block', 'type: hero');
    await edit('anna', CONTACT, 'Talk to the Staylix team', 'Talk to Anna');
    const again = await call('anna', 'POST', '/api/reviews', { message: 'Contact: a new title' });
    const request = (again.json as unknown as ReviewActionResponse).request;
    // The same request, sent again: its story kept.
    expect(request.id).toBe(second);
    expect(request.status).toBe('waiting');
    expect(request.problems).toBe(0);
    expect(request.events.map((e) => e.kind)).toEqual(['sent', 'changes-asked', 'sent']);
  }, 120_000);

  it('publishes nothing when a colleague published other values in the same places', async () => {
    const bob = fixture.repo.clone('bob');
    bob.edit(CONTACT, 'Talk to the Staylix team', 'Talk to Bob');
    commitAndPush(bob, 'Contact: Bob');
    const before = fixture.repo.remoteHead();
    const approved = await call('lena', 'POST', '/api/reviews/approve', { id: second });
    expect(approved.status, approved.text).toBe(409);
    expect(approved.code).toBe('review-clashes');
    expect(approved.words).toContain('/contact');
    expect(fixture.repo.remoteHead()).toBe(before);
    expect(remoteGit('show', `main:${CONTACT}`)).toContain('Talk to Bob');
    const withdrawn = await call('anna', 'POST', '/api/reviews/withdraw', { id: second });
    expect((withdrawn.json as unknown as ReviewActionResponse).request.status).toBe('withdrawn');
  }, 120_000);

  it('records every review action and refusal in the audit log', () => {
    const lines = auditWhats();
    const by = (what: string) => lines.filter((line) => line.what === what).map((l) => l.who);
    expect(by('review-sent')).toEqual(expect.arrayContaining(['anna@example.com']));
    expect(by('review-approved')).toEqual(['lena@example.com']);
    expect(by('review-changes-asked')).toEqual(['lena@example.com']);
    expect(by('review-withdrawn')).toEqual(['lena@example.com', 'anna@example.com']);
    expect(
      lines.filter((l) => l.what === 'review-not-published').map((l) => l.detail!.split(': ')[1]),
    ).toEqual(['review-check-failed', 'review-clashes']);
    expect(lines).toContainEqual(
      expect.objectContaining({
        who: 'bert@example.com',
        what: 'permission-refused',
        detail: 'POST /api/reviews/approve: review-not-yours',
      }),
    );
  });
});
