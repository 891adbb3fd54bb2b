import { execFileSync } from 'node:child_process';
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { syncTranslationText } from '../../editor/document/sync.ts';
import { teamMessages } from '../../engine/errors.ts';
import type { PublishingRules } from '../../editor/team/permissions.ts';
import type { Team } from '../../schema/team.ts';
import { commitAndPush, type Team as GitTeam } from '../publishing/git-fixture.ts';
import { HttpBrowser } from './http-browser.ts';
import { signedInPeople, startTestTeamServer, type TestTeamServer } from './team-server-fixture.ts';

/**
 * The editor behind sign-in, over HTTP with real sessions, a real provider, real git (a bare
 * remote, the server's clone, a worktree per person): one server and one provider for the file.
 */
const accounts = {
  anna: { email: 'anna@example.com', email_verified: true, name: 'Anna Ruiz' },
  jonas: { email: 'jonas@example.com', email_verified: true, name: 'Jonas Weber' },
  lena: { email: 'lena@example.com', email_verified: true, name: 'Lena Berg' },
  ada: { email: 'ada@example.com', email_verified: true, name: 'Ada Admin' },
  zoe: { email: 'zoe@example.com', email_verified: true, name: 'Zoe Stranger' },
  // On the team through a group; the provider has not verified the address they gave it.
  max: {
    email: 'lena@example.com',
    email_verified: false,
    name: 'Max Muster',
    groups: ['web-publishers'],
  },
};
type Login = keyof typeof accounts;

let team: Team;
const rules: PublishingRules = { mode: 'direct', requireReview: false };
let repo: GitTeam;
let data: string;
let base: string;

let fixture: TestTeamServer;

beforeAll(async () => {
  team = {
    people: [
      { email: 'anna@example.com', role: 'author' },
      { email: 'jonas@example.com', role: 'author', pages: ['/de/**'], fields: 'translatable' },
      { email: 'lena@example.com', role: 'publisher' },
      { email: 'ada@example.com', role: 'admin' },
    ],
    groups: [{ group: 'web-publishers', role: 'publisher' }],
  };
  fixture = await startTestTeamServer({
    accounts,
    team: () => team,
    rules: () => rules,
    watch: false,
    signInsPerMinute: 100,
  });
  ({ base, data, repo } = fixture);
}, 60_000);

afterAll(() => fixture?.close());

const { as, call } = signedInPeople(() => base);

const fileOf = async (login: Login, file: string) =>
  (await call(login, 'GET', `/api/file?path=${encodeURIComponent(file)}`)).json as {
    text: string;
    version: string;
  };

/** Saves `file` with `from` replaced by `to` in the person's own workspace. */
async function edit(login: Login, file: string, from: string, to: string) {
  const { text, version } = await fileOf(login, file);
  if (!text.includes(from)) throw new Error(`${file} has no ${from}`);
  return call(login, 'PUT', '/api/file', {
    path: file,
    text: text.replace(from, to),
    baseVersion: version,
  });
}

const auditLines = () =>
  readFileSync(path.join(data, 'audit.log'), 'utf8')
    .trim()
    .split('\n')
    .map((line) => JSON.parse(line) as Record<string, string>);

describe('the editor behind sign-in', () => {
  it('serves the app to a member with the CSRF token in its page, and no token in any address', async () => {
    const { browser, csrf } = await as('anna');
    const page = await browser.request(`${base}/`);
    expect(page.status).toBe(200);
    const html = await page.text();
    expect(html).toContain(`<meta name="page-editor-csrf" content="${csrf}">`);
    expect(html).toMatch(
      /<script type="module" crossorigin src="\/app-assets\/index-[\w-]+\.js"><\/script>/,
    );
    expect(html).not.toMatch(/token=/);
    const signedOut = await new HttpBrowser().request(`${base}/api/pages`);
    expect(signedOut.status).toBe(401);
  }, 60_000);

  it('refuses a change without the CSRF token or from another origin, in words', async () => {
    const body = { path: 'pages/pricing.yaml', text: 'x', baseVersion: null };
    const missing = await call('anna', 'PUT', '/api/file', body, { 'x-csrf-token': '' });
    expect(missing.status).toBe(403);
    expect(missing.json.error).toMatchObject({ message: teamMessages.badCsrfToken().message });
    const foreign = await call('anna', 'PUT', '/api/file', body, {
      origin: 'https://evil.example',
    });
    expect(foreign.status).toBe(403);
    expect(foreign.json.error).toMatchObject({ code: 'bad-origin' });
  });

  it('shows someone signed in but not on the team only a page that says so', async () => {
    const { browser } = await as('zoe');
    const page = await browser.request(`${base}/`);
    expect(page.status).toBe(403);
    expect(await page.text()).toContain('but that address is not on this site&#x27;s team');
    expect((await call('zoe', 'GET', '/api/pages')).status).toBe(403);
  });
});

describe('a workspace per author', () => {
  it("keeps each author's saves in their own worktree: another member never sees them (no IDOR)", async () => {
    const saved = await edit('anna', 'pages/pricing.yaml', 'title:', 'title: Anna');
    expect(saved.status).toBe(200);
    expect((await fileOf('anna', 'pages/pricing.yaml')).text).toContain('title: Anna');
    // Lena's requests name the same file; the server picks the workspace from her session.
    expect((await fileOf('lena', 'pages/pricing.yaml')).text).not.toContain('title: Anna');
    const branches = execFileSync('git', ['branch', '--list', 'drafts/*'], {
      cwd: path.join(data, 'repository'),
      encoding: 'utf8',
    });
    expect(branches.trim().split('\n').length).toBeGreaterThanOrEqual(2);
  }, 60_000);

  it("publishes only the publisher's own change, as the signed-in person (real git, bare remote)", async () => {
    expect((await edit('lena', 'pages/contact.yaml', 'title:', 'title: Lena')).status).toBe(200);
    const before = repo.remoteHead();
    const published = await call('lena', 'POST', '/api/publish', {
      // What the request says about its author is ignored: the ID token's claims are used.
      name: 'Someone Else',
      email: 'someone@example.com',
      message: 'Contact: new title',
      files: ['pages/contact.yaml'],
    });
    expect(published.status, published.text).toBe(200);
    const head = repo.remoteHead();
    expect(head).not.toBe(before);
    const git = (...args: string[]) =>
      execFileSync('git', args, { cwd: repo.remote, encoding: 'utf8' }).trim();
    expect(git('log', '-1', '--format=%an <%ae>|%cn <%ce>', 'main')).toBe(
      'Lena Berg <lena@example.com>|Lena Berg <lena@example.com>',
    );
    expect(git('show', 'main:pages/contact.yaml')).toContain('title: Lena');
    // Anna's saved change stays in her workspace.
    expect(git('show', 'main:pages/pricing.yaml')).not.toContain('title: Anna');
    expect(git('diff', '--name-only', `${before}`, 'main')).toBe('pages/contact.yaml');
    // The server's clone, where the team is read, follows the published branch.
    await expect
      .poll(() => readFileSync(path.join(data, 'repository/pages/contact.yaml'), 'utf8'))
      .toContain('title: Lena');
    const status = await call('lena', 'GET', '/api/publish/status');
    expect(status.json.identity).toEqual({ name: 'Lena Berg', email: 'lena@example.com' });
  }, 60_000);
});

/** Each member's request, and whether it is allowed (`ok`) or refused (the catalogue's code). */
type Row = [
  method: string,
  route: string,
  body: unknown,
  // Max (a group member with an unverified address) has a test of his own.
  expected: Record<Exclude<Login, 'max'>, string>,
];
const everyone = (code: string) => ({ anna: code, jonas: code, lena: code, ada: code, zoe: '' });

describe('permissions on every route, enforced through real HTTP', () => {
  const notAdmin = 'role-needed';
  const rows: Row[] = [
    ['GET', '/api/pages', undefined, everyone('ok')],
    ['GET', '/api/site', undefined, everyone('ok')],
    ['GET', '/api/blocks', undefined, everyone('ok')],
    ['GET', '/api/media', undefined, everyone('ok')],
    ['GET', '/api/file?path=pages/pricing.yaml', undefined, everyone('ok')],
    ['GET', '/api/languages?path=pages/pricing.yaml', undefined, everyone('ok')],
    [
      'POST',
      '/api/publish/identity',
      { name: 'X', email: 'x@example.com' },
      everyone('identity-from-sign-in'),
    ],
    [
      'PUT',
      '/api/file',
      { path: 'site.config.yaml', edit: ['name:', 'name: Renamed\n_old_name:'] },
      { anna: notAdmin, jonas: notAdmin, lena: notAdmin, ada: 'ok', zoe: '' },
    ],
    [
      'PUT',
      '/api/file',
      { path: 'pages/platform.yaml', edit: ['title:', 'title: New'] },
      { anna: 'ok', jonas: 'page-not-yours', lena: 'ok', ada: 'ok', zoe: '' },
    ],
    [
      'PUT',
      '/api/file',
      { path: 'pages/de/index.yaml', edit: ['Beliebte Einsatzbereiche', 'Beliebteste Bereiche'] },
      { anna: 'ok', jonas: 'ok', lena: 'ok', ada: 'ok', zoe: '' },
    ],
    [
      'PUT',
      '/api/file',
      { path: 'pages/de/index.yaml', edit: ['"#book-a-demo"', '"#kontakt"'] },
      { anna: 'ok', jonas: 'only-translatable', lena: 'ok', ada: 'ok', zoe: '' },
    ],
    [
      'POST',
      '/api/pages',
      { route: '/de/neu', title: 'Neu', template: 'legal' },
      { anna: 'ok', jonas: 'only-translatable', lena: 'ok', ada: 'ok', zoe: '' },
    ],
    [
      'DELETE',
      '/api/file?path=pages/terms-conditions.yaml',
      undefined,
      { anna: 'ok', jonas: 'page-not-yours', lena: 'ok', ada: 'ok', zoe: '' },
    ],
    [
      'POST',
      '/api/publish',
      { message: 'Nothing', files: [] },
      { anna: 'role-needed', jonas: 'role-needed', lena: 'allowed', ada: 'allowed', zoe: '' },
    ],
    [
      'POST',
      '/api/publish/discard',
      { path: 'pages/index.yaml' },
      { anna: 'ok', jonas: 'page-not-yours', lena: 'ok', ada: 'ok', zoe: '' },
    ],
    [
      'DELETE',
      '/api/images?src=/images/none.png',
      undefined,
      { anna: 'allowed', jonas: 'files-not-yours', lena: 'allowed', ada: 'allowed', zoe: '' },
    ],
  ];
  const logins: Array<Exclude<Login, 'max'>> = ['anna', 'jonas', 'lena', 'ada', 'zoe'];

  it.each(rows)(
    '%s %s',
    async (method, route, body, expected) => {
      for (const login of logins) {
        let sent = body;
        if (body && typeof body === 'object' && 'edit' in body) {
          const {
            path: file,
            edit: [from, to],
          } = body as { path: string; edit: [string, string] };
          const { text, version } = await fileOf(login === 'zoe' ? 'anna' : login, file);
          sent = { path: file, text: text.replace(from, to), baseVersion: version };
        }
        const answer = await call(login, method, route, sent);
        const want = expected[login];
        const error = answer.json.error as { code?: string; message?: string } | undefined;
        if (login === 'zoe') {
          // Signed in, not on the team: nothing else.
          expect(answer.status, login).toBe(403);
          expect(error?.code, login).toBe('not-on-team');
        } else if (want === 'ok') {
          expect(answer.status, `${login}: ${answer.text}`).toBeLessThan(400);
        } else if (want === 'allowed') {
          // Allowed by the permissions; the editor's own answer may still refuse what was asked.
          expect(answer.status, `${login}: ${answer.text}`).not.toBe(403);
        } else {
          expect(answer.status, `${login}: ${answer.text}`).toBe(403);
          expect(error?.code, login).toBe(want);
          // In words: a sentence of the catalogue, naming no file of the machine.
          expect(error?.message, login).toMatch(/^[A-Z].*\.$/);
          expect(error?.message, login).not.toContain(data);
        }
      }
    },
    60_000,
  );

  it('never commits an address the provider has not verified', async () => {
    // Max claims Lena's address at the provider, unverified: on the team by a group, but his
    // commits must not carry her address.
    expect((await edit('max', 'pages/privacy-policy.yaml', 'title:', 'title: Max')).status).toBe(
      200,
    );
    const status = await call('max', 'GET', '/api/publish/status');
    const identity = status.json.identity as { name: string; email: string };
    expect(identity.name).toBe('Max Muster');
    expect(identity.email).toMatch(/^[0-9a-f]{16}@unverified\.invalid$/);
    const published = await call('max', 'POST', '/api/publish', {
      name: 'Max Muster',
      email: 'lena@example.com',
      message: 'Privacy policy: new title',
      files: ['pages/privacy-policy.yaml'],
    });
    expect(published.status, published.text).toBe(200);
    const author = execFileSync('git', ['log', '-1', '--format=%an <%ae>|%cn <%ce>', 'main'], {
      cwd: repo.remote,
      encoding: 'utf8',
    }).trim();
    expect(author).toBe(`Max Muster <${identity.email}>|Max Muster <${identity.email}>`);
  });

  it('refuses a translator a save that touches a value that is not a text to translate', async () => {
    const { text, version } = await fileOf('jonas', 'pages/de/index.yaml');
    const answer = await call('jonas', 'PUT', '/api/file', {
      path: 'pages/de/index.yaml',
      text: text.replace('"#features"', '"#funktionen"'),
      baseVersion: version,
    });
    expect(answer.status).toBe(403);
    expect((answer.json.error as { message: string }).message).toBe(
      "You may change only the words of the page; Hero › Actions › 'Funktionen entdecken' › Link is not a text to translate. Nothing was saved.",
    );
    expect((await fileOf('jonas', 'pages/de/index.yaml')).text).toContain('"#features"');
  });

  it("checks a translator's restore of a version on what it changes, as a save", async () => {
    const file = 'pages/de/pricing.yaml';
    const bob = repo.clone('bob-restore');
    const before = bob.git('rev-parse', 'HEAD').trim();
    /** Bob pushes one change of the German pricing page with plain git; Jonas gets it. */
    async function pushed(from: string, to: string) {
      bob.edit(file, from, to);
      commitAndPush(bob, 'German pricing', [file]);
      const latest = await call('jonas', 'POST', '/api/publish/latest', {
        name: 'Jonas',
        email: 'jonas@example.com',
      });
      expect(latest.status, latest.text).toBe(200);
      return bob.git('rev-parse', 'HEAD').trim();
    }
    const filled = await pushed(
      'href: "#compare", variant: secondary',
      'href: "#compare", variant: primary',
    );
    await pushed('label: Tarife vergleichen', 'label: Alle Tarife vergleichen');
    const restore = (commit: string) =>
      call('jonas', 'POST', '/api/publish/restore', { path: file, commit });
    // The version before Bob's changes would bring the old button style back: not a text.
    const refused = await restore(before);
    expect(refused.status).toBe(403);
    expect(refused.json.error as { code: string; message: string }).toMatchObject({
      code: 'only-translatable',
      message: expect.stringContaining(
        "Hero › Actions › 'Tarife vergleichen' › Button style is not a text to translate",
      ),
    });
    expect((await fileOf('jonas', file)).text).toContain('label: Alle Tarife vergleichen');
    // The version before the new label differs from today's in that text only.
    const restored = await restore(filled);
    expect(restored.status, restored.text).toBe(200);
    expect((await fileOf('jonas', file)).text).toContain(
      '{ label: Tarife vergleichen, href: "#compare", variant: primary }',
    );
  }, 60_000);

  it("lets a translator's page follow its original page, moved blocks and all, and nothing more", async () => {
    const [source, file] = ['pages/pricing.yaml', 'pages/de/pricing.yaml'];
    // Bob moves the English page's FAQ above the comparison table by hand, with plain git.
    const bob = repo.clone('bob-follow');
    const english = readFileSync(path.join(bob.root, source), 'utf8');
    const [table, faq, cta] = ['comparisonTable', 'faq', 'ctaBand'].map((type) =>
      english.indexOf(`  - type: ${type}\n`),
    ) as [number, number, number];
    bob.write(
      source,
      english.slice(0, table) +
        english.slice(faq, cta) +
        english.slice(table, faq) +
        english.slice(cta),
    );
    commitAndPush(bob, 'Pricing: the FAQ first', [source]);
    const latest = await call('jonas', 'POST', '/api/publish/latest', {
      name: 'Jonas',
      email: 'jonas@example.com',
    });
    expect(latest.status, latest.text).toBe(200);
    const { text, version } = await fileOf('jonas', file);
    const followed = syncTranslationText(text, (await fileOf('jonas', source)).text);
    const save = (sent: string) =>
      call('jonas', 'PUT', '/api/file', { path: file, text: sent, baseVersion: version });
    // Following, and a link changed besides: the link is refused.
    const refused = await save(followed.replace('href: "#compare"', 'href: "#faq"'));
    expect(refused.status).toBe(403);
    expect((refused.json.error as { message: string }).message).toContain(
      "Hero › Actions › 'Tarife vergleichen' › Link is not a text to translate",
    );
    // Following alone, with a text translated: saved.
    const saved = await save(
      followed.replace('label: Tarife vergleichen', 'label: Die Tarife vergleichen'),
    );
    expect(saved.status, saved.text).toBe(200);
    const german = (await fileOf('jonas', file)).text;
    expect(german.indexOf('  - type: faq')).toBeLessThan(
      german.indexOf('  - type: comparisonTable'),
    );
    expect(german).toContain('label: Die Tarife vergleichen');
  }, 60_000);

  it('checks the values a translator types into a conflict: texts only', async () => {
    const file = 'pages/de/pricing.yaml';
    const from = 'label: Mit dem Vertrieb sprechen';
    expect((await edit('jonas', file, from, 'label: Mit uns sprechen')).status).toBe(200);
    const bob = repo.clone('bob-resolve');
    bob.edit(file, from, 'label: Vertrieb kontaktieren');
    commitAndPush(bob, 'German pricing: sales button', [file]);
    const latest = await call('jonas', 'POST', '/api/publish/latest', {
      name: 'Jonas',
      email: 'jonas@example.com',
    });
    expect(latest.status, latest.text).toBe(200);
    const { conflicts } = (await call('jonas', 'GET', '/api/publish/conflicts')).json as {
      conflicts: Array<{ file: string; conflicts: Array<{ id: string; label: string }> }>;
    };
    const [conflict] = conflicts.find((each) => each.file === file)!.conflicts;
    expect(conflict!.label).toMatch(/Label$/);
    const resolve = (value: unknown) =>
      call('jonas', 'POST', '/api/publish/resolve', {
        path: file,
        choices: { [conflict!.id]: { value } },
      });
    // A link where the words go is not a text to translate.
    const refused = await resolve({ href: 'https://example.com' });
    expect(refused.status).toBe(403);
    expect((refused.json.error as { code: string }).code).toBe('only-translatable');
    const resolved = await resolve('Sprechen Sie mit uns');
    expect(resolved.status, resolved.text).toBe(200);
    expect((await fileOf('jonas', file)).text).toContain('label: Sprechen Sie mit uns');
  }, 60_000);

  it('refuses a removed member at their next request', async () => {
    expect((await call('anna', 'GET', '/api/pages')).status).toBe(200);
    const saved = team;
    team = { people: saved.people!.filter((person) => person.email !== 'anna@example.com') };
    try {
      const answer = await call('anna', 'GET', '/api/pages');
      expect(answer.status).toBe(403);
      expect((answer.json.error as { code: string }).code).toBe('not-on-team');
    } finally {
      team = saved;
    }
  });
});

describe('the audit log', () => {
  it('records sign-ins, refusals, saves, setting changes and publishes: who, what, from where', () => {
    const lines = auditLines();
    const whats = (what: string) => lines.filter((line) => line.what === what);
    expect(whats('sign-in').map((line) => line.who)).toEqual(
      expect.arrayContaining(['anna@example.com', 'lena@example.com']),
    );
    expect(whats('save')).toContainEqual(
      expect.objectContaining({
        who: 'anna@example.com',
        from: '127.0.0.1',
        detail: 'PUT /api/file pages/pricing.yaml',
      }),
    );
    expect(whats('settings-change')).toContainEqual(
      expect.objectContaining({ who: 'ada@example.com', detail: 'PUT /api/file site.config.yaml' }),
    );
    expect(whats('publish')).toContainEqual(
      expect.objectContaining({ who: 'lena@example.com', detail: '["pages/contact.yaml"]' }),
    );
    expect(whats('permission-refused')).toContainEqual(
      expect.objectContaining({
        who: 'jonas@example.com',
        detail: 'PUT /api/file: only-translatable',
      }),
    );
    for (const line of lines) expect(Date.parse(line.when!)).not.toBeNaN();
  });
});

describe('presence', () => {
  it('names the other members who have the same page open, by name', async () => {
    const beat = (login: Login, file: string) =>
      call(login, 'POST', '/api/team/presence', { path: file });
    expect((await beat('anna', 'pages/pricing.yaml')).json).toEqual({ others: [] });
    expect((await beat('lena', 'pages/pricing.yaml')).json).toEqual({ others: ['Anna Ruiz'] });
    expect((await beat('ada', 'pages/contact.yaml')).json).toEqual({ others: [] });
    const refused = await call(
      'lena',
      'POST',
      '/api/team/presence',
      { path: 'pages/x.yaml' },
      {
        'x-csrf-token': 'wrong',
      },
    );
    expect(refused.status).toBe(403);
  });
});

describe('the audit log in the editor', () => {
  it('is shown to admins, newest first, with the workspaces’ disk use; refused to others in words', async () => {
    const { browser } = await as('ada');
    const page = await browser.request(`${base}/team/audit`);
    expect(page.status).toBe(200);
    const html = await page.text();
    expect(html).toContain('<h1>Who did what</h1>');
    expect(html).toMatch(/\d+ workspaces, \d+\.\d MB of files besides the shared history\./);
    expect(html).toContain('<td>settings-change</td>');
    expect(html).toContain(
      '<td>PUT /api/file site.config.yaml</td>'.replace('<td>', '<td class="detail">'),
    );
    const refused = await (await as('lena')).browser.request(`${base}/team/audit`);
    expect(refused.status).toBe(403);
    expect(await refused.text()).toContain(
      'Only an admin may read the record of who did what; you are a publisher of this site.',
    );
  });
});
