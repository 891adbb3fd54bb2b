import { existsSync, mkdirSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { readConflicts } from '../../editor/git/conflicts.ts';
import { getLatest } from '../../editor/git/latest.ts';
import { isSafeAuthorFile, isSafeBranchName } from '../../editor/git/names.ts';
import { authorChanges, publish } from '../../editor/git/publish.ts';
import { fetchPublished } from '../../editor/git/remote.ts';
import { displayUrl, isLocalRemote, pullRequestUrl } from '../../editor/git/remote-url.ts';
import { git as runGit } from '../../editor/git/run.ts';
import { repoState } from '../../editor/git/state.ts';
import { resolveFile, restoreVersion, versionsOf } from '../../editor/git/versions.ts';
import { alice, bob, git, makeTeam, ready, request, type Team } from './git-fixture.ts';

const HOTELS = 'pages/solutions/hotels.yaml';
const TITLE = 'title: The Hotel OS Built for Independent Teams';
let team: Team;
afterEach(() => team?.cleanup());

describe('remote unreachable', () => {
  it('keeps the change recorded locally with the reason, and a later publish sends it', async () => {
    team = makeTeam();
    const a = team.clone('alice');
    const b = team.clone('bob');
    const before = team.remoteHead();
    a.git('remote', 'set-url', 'origin', path.join(team.dir, 'gone.git'));
    a.edit(HOTELS, TITLE, 'title: Written Offline');
    const offline = await publish(a.root, await ready(a), request(a));
    expect(offline).toMatchObject({ status: 'saved-locally', problem: 'offline', files: [HOTELS] });
    expect(team.remoteHead()).toBe(before);
    expect(a.read(HOTELS)).toContain('title: Written Offline');
    expect(a.git('log', '-1', '--format=%s|%an').trim()).toBe('Hotels: new title|Alice Author');

    // Meanwhile a colleague publishes another field; then the network is back.
    b.edit(HOTELS, 'badge: For Independent Hotels', 'badge: Meanwhile');
    expect((await publish(b.root, await ready(b), request(b, bob, 'badge'))).status).toBe(
      'published',
    );
    a.git('remote', 'set-url', 'origin', team.remote);
    const sent = await publish(a.root, await ready(a), request(a, alice, 'Hotels: new title'));
    expect(sent.status).toBe('published');
    const final = git(team.remote, 'show', `main:${HOTELS}`);
    expect(final).toContain('title: Written Offline');
    expect(final).toContain('badge: Meanwhile');
    expect(a.git('status', '--porcelain')).toBe('');
  });
});

describe('same field changed by both', () => {
  it('stops with a conflict, keeps both versions, and each choice gives the expected file', async () => {
    team = makeTeam();
    const b = team.clone('bob');
    b.edit(HOTELS, TITLE, 'title: Bob Title');
    expect((await publish(b.root, await ready(b), request(b, bob))).status).toBe('published');
    const original = readFileSync(path.join(team.seed, HOTELS), 'utf8');
    for (const pick of ['ours', 'theirs'] as const) {
      const a = team.clone(`alice-${pick}`);
      const before = team.remoteHead();
      a.git('reset', '-q', '--hard', git(team.seed, 'rev-parse', 'HEAD').trim()); // Alice started before Bob published
      a.edit(HOTELS, TITLE, 'title: Alice Title');
      a.edit(HOTELS, 'badge: For Independent Hotels', 'badge: Alice Badge');
      const result = await publish(a.root, await ready(a), request(a));
      expect(result.status).toBe('conflicts');
      expect(team.remoteHead()).toBe(before);
      // The working file keeps Alice's value (never conflict markers); Bob's is in the record.
      expect(a.read(HOTELS)).not.toMatch(/^(<<<<<<<|=======|>>>>>>>)/m);
      expect(a.read(HOTELS)).toContain('title: Alice Title');
      const [record] = await readConflicts(a.root);
      expect(record).toMatchObject({
        file: HOTELS,
        theirs: expect.stringContaining('title: Bob Title'),
      });
      expect(record!.conflicts).toHaveLength(1);
      expect(record!.conflicts[0]).toMatchObject({
        path: ['blocks', 0, 'title'],
        ours: 'Alice Title',
        theirs: 'Bob Title',
      });
      // A second publish is refused while the conflict waits.
      expect((await publish(a.root, await ready(a), request(a))).status).toBe('conflicts');
      expect(await resolveFile(a.root, HOTELS, { [record!.conflicts[0]!.id]: { pick } })).toBe(
        'resolved',
      );
      const title = pick === 'ours' ? 'title: Alice Title' : 'title: Bob Title';
      const expected = original
        .replace(TITLE, title)
        .replace('badge: For Independent Hotels', 'badge: Alice Badge');
      expect(a.read(HOTELS)).toBe(expected);
      expect((await publish(a.root, await ready(a), request(a))).status).toBe('published');
      expect(git(team.remote, 'show', `main:${HOTELS}`)).toBe(expected);
      if (pick === 'ours') {
        // Put Bob's title back for the next round.
        a.edit(HOTELS, 'title: Alice Title', 'title: Bob Title');
        a.edit(HOTELS, 'badge: Alice Badge', 'badge: For Independent Hotels');
        expect((await publish(a.root, await ready(a), request(a))).status).toBe('published');
      }
    }
  });
});

describe('a conflict waiting for a choice', () => {
  /** Alice and Bob both changed the hero's title; Alice's publish stopped at the conflict. */
  async function conflictOnTitle() {
    team = makeTeam();
    const a = team.clone('alice');
    const b = team.clone('bob');
    b.edit(HOTELS, TITLE, 'title: Bob Title');
    expect((await publish(b.root, await ready(b), request(b, bob))).status).toBe('published');
    a.edit(HOTELS, TITLE, 'title: Alice Title');
    expect((await publish(a.root, await ready(a), request(a))).status).toBe('conflicts');
    const [record] = await readConflicts(a.root);
    return { a, b, id: record!.conflicts[0]!.id };
  }

  it('keeps what the author changed in the page after the conflict was found', async () => {
    const { a, id } = await conflictOnTitle();
    a.edit(HOTELS, 'badge: For Independent Hotels', 'badge: Alice Later');
    expect(await resolveFile(a.root, HOTELS, { [id]: { pick: 'theirs' } })).toBe('resolved');
    expect(a.read(HOTELS)).toContain('title: Bob Title');
    expect(a.read(HOTELS)).toContain('badge: Alice Later');
    expect(await readConflicts(a.root)).toEqual([]);
  });

  it('gives a field chosen outright exactly the choice, whatever was written in it since', async () => {
    // Found by publish.property.test.ts (seed 3): Alice wrote Bob's title herself after the
    // conflict, then chose her own old title as the value: the field kept Bob's.
    const { a, id } = await conflictOnTitle();
    a.edit(HOTELS, 'title: Alice Title', 'title: Bob Title');
    expect(await resolveFile(a.root, HOTELS, { [id]: { value: 'Alice Title' } })).toBe('resolved');
    expect(a.read(HOTELS)).toContain('title: Alice Title');
  });

  it('takes theirs for a field the author changed again after the conflict', async () => {
    const { a, id } = await conflictOnTitle();
    a.edit(HOTELS, 'title: Alice Title', 'title: Alice Later');
    expect(await resolveFile(a.root, HOTELS, { [id]: { pick: 'theirs' } })).toBe('resolved');
    expect(a.read(HOTELS)).toContain('title: Bob Title');
  });

  it('refuses a choice it cannot lay over the page as it is now, and writes nothing', async () => {
    const { a, id } = await conflictOnTitle();
    a.edit(HOTELS, 'badge: For Independent Hotels', 'badge: [broken');
    const broken = a.read(HOTELS);
    expect(await resolveFile(a.root, HOTELS, { [id]: { pick: 'theirs' } })).toBe('changed-since');
    expect(a.read(HOTELS)).toBe(broken);
    expect(await readConflicts(a.root)).toHaveLength(1);
  });

  it('brings nothing in until the author has chosen, so a later change is never lost', async () => {
    const { a, b, id } = await conflictOnTitle();
    // Merged now, the page would have Bob's title as its common ancestor: a later conflict in it
    // would replace this one, and Alice's title would win without a question.
    b.edit(HOTELS, 'badge: For Independent Hotels', 'badge: Bob Later');
    expect((await publish(b.root, await ready(b), request(b, bob))).status).toBe('published');
    const state = await ready(a);
    const page = a.read(HOTELS);
    const head = a.git('rev-parse', 'HEAD');
    await fetchPublished(a.root, state);
    expect(await getLatest(a.root, state, alice)).toEqual({ status: 'conflicts-waiting' });
    expect(a.read(HOTELS)).toBe(page);
    expect(a.git('rev-parse', 'HEAD')).toBe(head);
    // Only Alice's own change is listed, not Bob's later one as her undoing it.
    expect((await authorChanges(a.root, state)).changes.map((c) => c.file)).toEqual([HOTELS]);
    expect(await resolveFile(a.root, HOTELS, { [id]: { pick: 'ours' } })).toBe('resolved');
    expect((await publish(a.root, await ready(a), request(a))).status).toBe('published');
    const final = git(team.remote, 'show', `main:${HOTELS}`);
    expect(final).toContain('title: Alice Title');
    expect(final).toContain('badge: Bob Later');
  });
});

describe('changes after a fetch', () => {
  it("lists only the author's own changes when colleagues' changes were fetched, not merged", async () => {
    team = makeTeam();
    const a = team.clone('alice');
    const b = team.clone('bob');
    b.edit('pages/pricing.yaml', 'badge: Pricing', 'badge: Bob');
    expect((await publish(b.root, await ready(b), request(b, bob))).status).toBe('published');
    a.edit(HOTELS, TITLE, 'title: Alice Title');
    const state = await ready(a);
    await fetchPublished(a.root, state, true); // as the review list does
    expect((await authorChanges(a.root, state)).changes.map((c) => c.file)).toEqual([HOTELS]);
  });
});

describe('get latest', () => {
  it('takes files changed only upstream, keeps the author changes, and code a developer edits', async () => {
    team = makeTeam();
    const a = team.clone('alice');
    const b = team.clone('bob');
    b.edit('pages/pricing.yaml', 'title:', 'title: Bob');
    b.write('renderer/code.ts', 'export const answer = 44;\n');
    b.git('add', '-A');
    b.git(
      '-c',
      'user.name=Dev',
      '-c',
      'user.email=dev@example.com',
      'commit',
      '-q',
      '-m',
      'code and pricing',
    );
    b.git('push', '-q');
    a.edit(HOTELS, TITLE, 'title: Mine');
    const state = await ready(a);
    await fetchPublished(a.root, state);
    const result = await getLatest(a.root, state, alice);
    expect(result).toMatchObject({
      status: 'updated',
      taken: ['pages/pricing.yaml'],
      conflicts: [],
    });
    expect(a.read('pages/pricing.yaml')).toContain('title: Bob');
    expect(a.read('renderer/code.ts')).toBe('export const answer = 44;\n');
    expect(a.read(HOTELS)).toContain('title: Mine');
    expect(a.git('status', '--porcelain').trim()).toBe(`M ${HOTELS}`);
    const { changes } = await authorChanges(a.root, state);
    expect(changes.map((c) => c.file)).toEqual([HOTELS]);
  });
});

describe('versions', () => {
  it('lists who changed a page when, and restores an old version as a new change', async () => {
    team = makeTeam();
    const a = team.clone('alice');
    const original = a.read(HOTELS);
    a.edit(HOTELS, TITLE, 'title: Second');
    expect((await publish(a.root, await ready(a), request(a, alice, 'Second title'))).status).toBe(
      'published',
    );
    a.edit(HOTELS, 'title: Second', 'title: Third');
    expect((await publish(a.root, await ready(a), request(a, bob, 'Third title'))).status).toBe(
      'published',
    );
    const versions = await versionsOf(a.root, await ready(a), HOTELS);
    expect(versions.map((v) => `${v.author}: ${v.message}`)).toEqual([
      'Bob Colleague: Third title',
      'Alice Author: Second title',
      'Seed: site',
    ]);
    const head = team.remoteHead();
    expect(await restoreVersion(a.root, versions[2]!.commit, HOTELS)).toEqual({
      status: 'restored',
    });
    expect(a.read(HOTELS)).toBe(original);
    expect(
      (await publish(a.root, await ready(a), request(a, alice, 'Back to the first title'))).status,
    ).toBe('published');
    // A new version on top: the old ones are all still there.
    expect(git(team.remote, 'rev-list', '--count', `${head}..main`).trim()).toBe('1');
    expect(await versionsOf(a.root, await ready(a), HOTELS)).toHaveLength(4);
  });
});

describe('review mode', () => {
  it('gives two change sets of the same page sent in the same second branches of their own', async () => {
    team = makeTeam();
    const a = team.clone('alice');
    const b = team.clone('bob');
    a.edit(HOTELS, 'badge: For Independent Hotels', 'badge: Alice');
    b.edit(HOTELS, 'badge: For Independent Hotels', 'badge: Bob');
    const review = (identity: typeof alice) => ({
      identity,
      message: 'Badge',
      mode: 'review' as const,
      check: () => [],
    });
    // Both names are made of the page and the second, unless a second passes in between.
    const first = await publish(a.root, await ready(a), review(alice));
    const second = await publish(b.root, await ready(b), review(bob));
    expect(first.status).toBe('in-review');
    expect(second.status).toBe('in-review');
    if (first.status !== 'in-review' || second.status !== 'in-review') return;
    expect(second.branch).not.toBe(first.branch);
    expect(git(team.remote, 'show', `${first.branch}:${HOTELS}`)).toContain('badge: Alice');
    expect(git(team.remote, 'show', `${second.branch}:${HOTELS}`)).toContain('badge: Bob');
  });

  it('sends the change set to a branch of its own and leaves the published branch alone', async () => {
    team = makeTeam();
    const a = team.clone('alice');
    const before = team.remoteHead();
    a.edit(HOTELS, TITLE, 'title: Please Review');
    const result = await publish(a.root, await ready(a), { ...request(a), mode: 'review' });
    expect(result.status).toBe('in-review');
    if (result.status !== 'in-review') return;
    expect(result.branch).toMatch(/^review\/solutions-hotels-\d{8}-\d{6}$/);
    expect(team.remoteHead()).toBe(before);
    expect(git(team.remote, 'show', `${result.branch}:${HOTELS}`)).toContain(
      'title: Please Review',
    );
    expect(git(team.remote, 'rev-list', '--count', `main..${result.branch}`).trim()).toBe('1');
    // A local path as remote: no link to a pull request.
    expect(result.pullRequestUrl).toBeUndefined();
  });

  it('computes the pull-request link for GitHub, GitLab and Bitbucket remotes', () => {
    const branch = 'review/pricing-20260101-120000';
    const cases: Array<[string, string]> = [
      [
        'https://github.com/acme/site.git',
        'https://github.com/acme/site/compare/main...review/pricing-20260101-120000?expand=1',
      ],
      [
        'git@github.com:acme/site.git',
        'https://github.com/acme/site/compare/main...review/pricing-20260101-120000?expand=1',
      ],
      [
        'ssh://git@github.com/acme/site',
        'https://github.com/acme/site/compare/main...review/pricing-20260101-120000?expand=1',
      ],
      [
        'https://x-token:secret@github.com/acme/site.git',
        'https://github.com/acme/site/compare/main...review/pricing-20260101-120000?expand=1',
      ],
      [
        'https://gitlab.com/acme/web/site.git',
        'https://gitlab.com/acme/web/site/-/merge_requests/new?merge_request%5Bsource_branch%5D=review%2Fpricing-20260101-120000&merge_request%5Btarget_branch%5D=main',
      ],
      [
        'git@gitlab.com:acme/site.git',
        'https://gitlab.com/acme/site/-/merge_requests/new?merge_request%5Bsource_branch%5D=review%2Fpricing-20260101-120000&merge_request%5Btarget_branch%5D=main',
      ],
      [
        'ssh://git@gitlab.example.org:2222/acme/site.git',
        'https://gitlab.example.org/acme/site/-/merge_requests/new?merge_request%5Bsource_branch%5D=review%2Fpricing-20260101-120000&merge_request%5Btarget_branch%5D=main',
      ],
      [
        'https://alice@bitbucket.org/acme/site.git',
        'https://bitbucket.org/acme/site/pull-requests/new?source=review%2Fpricing-20260101-120000&dest=main',
      ],
      [
        'git@bitbucket.org:acme/site.git',
        'https://bitbucket.org/acme/site/pull-requests/new?source=review%2Fpricing-20260101-120000&dest=main',
      ],
    ];
    for (const [url, link] of cases) expect(pullRequestUrl(url, branch, 'main'), url).toBe(link);
    expect(pullRequestUrl('/srv/git/site.git', branch, 'main')).toBeUndefined();
    expect(pullRequestUrl('https://example.org/acme/site.git', branch, 'main')).toBeUndefined();
    expect(displayUrl('https://x-token:secret@github.com/acme/site.git')).toBe(
      'https://github.com/acme/site.git',
    );
    expect(displayUrl('git@github.com:acme/site.git')).toBe('github.com:acme/site.git');
    // A folder of this machine is never shown (its address is a path of the machine).
    for (const local of ['/srv/site.git', '../site.git', 'file:///srv/site.git'])
      expect(isLocalRemote(local), local).toBe(true);
    for (const shared of [
      'https://github.com/acme/site.git',
      'ssh://git@host/site.git',
      'github.com:acme/site.git',
      'git@github.com:acme/site.git',
    ])
      expect(isLocalRemote(shared), shared).toBe(false);
  });
});

describe('hostile input', () => {
  it('treats messages, names and files as data: no command runs, nothing outside the project changes', async () => {
    team = makeTeam();
    const a = team.clone('alice');
    const outside = readdirSync(team.dir).sort();
    const tmpBefore = readdirSync(os.tmpdir()).filter((f) => f.startsWith('pwned')).length;
    const pwned = path.join(team.dir, 'pwned');
    const message = `--amend\n$(touch ${pwned})\n\`touch ${pwned}\`; rm -rf / "quoted" 'single'\n-m evil`;
    const identity = { name: `-c core.pager=touch ${pwned} $(id)`, email: 'alice@example.com' };
    a.edit(HOTELS, TITLE, 'title: Safe');
    const result = await publish(a.root, await ready(a), request(a, identity, message));
    expect(result.status).toBe('published');
    expect(git(team.remote, 'log', '-1', '--format=%B', 'main')).toBe(`${message}\n\n`);
    expect(git(team.remote, 'log', '-1', '--format=%an', 'main').trim()).toBe(identity.name);
    // Names with a newline or `<>` cannot become a commit's author; a NUL cannot cut a message.
    for (const [who, text] of [
      [{ name: 'A\nB', email: 'a@b.c' }, 'ok'],
      [{ name: 'A <x@y.z>', email: 'a@b.c' }, 'ok'],
      [{ name: 'A', email: '--upload-pack=x@y' }, 'ok'],
      [alice, 'cut\0here'],
      [alice, '   '],
    ] as const)
      expect((await publish(a.root, await ready(a), request(a, who, text))).status).toBe(
        'bad-input',
      );

    // Files whose names git could read as options or that hold a line break are never passed on.
    for (const name of [
      'pages/-rf.yaml',
      'pages/--output=x.yaml',
      'pages/a\nb.yaml',
      'pages/../x.yaml',
      '-pages/x.yaml',
      'pages/x/./y.yaml',
    ])
      expect(isSafeAuthorFile(name), JSON.stringify(name)).toBe(false);
    for (const name of ['-main', 'a..b', 'a b', 'review/$(x)', "it's", 'x\ny', 'x.lock'])
      expect(isSafeBranchName(name), JSON.stringify(name)).toBe(false);
    a.write('pages/--output=x.yaml', 'title: x\n');
    a.write('pages/$(touch pwned).yaml', 'title: x\n');
    const { unsafe, changes } = await authorChanges(a.root, await ready(a));
    expect(unsafe).toEqual(['pages/--output=x.yaml']);
    expect(changes.map((c) => c.file)).toEqual(['pages/$(touch pwned).yaml']);
    // The runner refuses a line break in any argument before git starts.
    await expect(runGit(a.root, ['log', '--format=%H\n'])).rejects.toThrow(/line break/);
    expect(existsSync(pwned)).toBe(false);
    expect(existsSync(path.join(a.root, 'pwned'))).toBe(false);
    expect(readdirSync(team.dir).sort()).toEqual(outside);
    expect(readdirSync(os.tmpdir()).filter((f) => f.startsWith('pwned')).length).toBe(tmpBefore);
  });
});

describe('when publishing is not possible', () => {
  it('names the reason: no git, no remote, a rebase or merge in progress, a detached HEAD', async () => {
    team = makeTeam();
    const plain = path.join(team.dir, 'plain');
    mkdirSync(plain);
    expect(await repoState(plain)).toEqual({ kind: 'no-git', gitMissing: false });
    const a = team.clone('alice');
    expect((await repoState(a.root)).kind).toBe('ready');
    a.git('remote', 'remove', 'origin');
    expect(await repoState(a.root)).toEqual({ kind: 'no-remote', branch: 'main' });
    const b = team.clone('bob');
    mkdirSync(path.join(b.root, '.git', 'rebase-merge'));
    expect(await repoState(b.root)).toEqual({ kind: 'busy', what: 'rebase' });
    rmSync(path.join(b.root, '.git', 'rebase-merge'), { recursive: true });
    writeFileSync(path.join(b.root, '.git', 'MERGE_HEAD'), `${team.remoteHead()}\n`);
    expect(await repoState(b.root)).toEqual({ kind: 'busy', what: 'merge' });
    rmSync(path.join(b.root, '.git', 'MERGE_HEAD'));
    b.git('checkout', '-q', '--detach');
    expect(await repoState(b.root)).toEqual({ kind: 'detached' });
    // A folder inside a larger repository is not published from.
    expect(await repoState(path.join(b.root, 'pages'))).toEqual({ kind: 'not-top' });
  });
});
