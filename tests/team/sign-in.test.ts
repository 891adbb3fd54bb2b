import { mkdtempSync, readFileSync, readdirSync, rmSync } from 'node:fs';
import { get } from 'node:http';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Team } from '../../schema/team.ts';
import { JsonLinesAuditLog } from '../../editor/team/audit.ts';
import type { TeamEnvironment } from '../../editor/team/environment.ts';
import { OidcSignIn } from '../../editor/team/oidc.ts';
import { SESSION_COOKIE, startTeamServer, type TeamServer } from '../../editor/team/server.ts';
import { DiskSessionStore } from '../../editor/team/sessions.ts';
import { HttpBrowser } from './http-browser.ts';
import {
  freePort,
  startTestProvider,
  teamSettingsFor,
  type TestProvider,
} from './oidc-provider.ts';

/**
 * Sign-in end to end over HTTP: the team server, openid-client and a real provider (oidc-provider)
 * on 127.0.0.1, with sessions and the audit log on disk.
 */
const accounts = {
  lena: { email: 'Lena@Example.com', email_verified: true, name: 'Lena Berg', groups: [] },
  anna: { email: 'anna@example.com', email_verified: true, name: 'Anna Ruiz' },
  zoe: { email: 'zoe@example.com', email_verified: true, name: 'Zoe Stranger' },
  lead: { email: 'lead@example.com', email_verified: false, name: 'Lead', groups: ['leads'] },
};

let team: Team;
let clock = Date.now();
let data: string;
let base: string;
let provider: TestProvider;
let server: TeamServer;
let environment: TeamEnvironment;

async function startServer() {
  const sessions = new DiskSessionStore(path.join(data, 'sessions'), {
    idleMs: environment.idleMinutes * 60_000,
    absoluteMs: environment.absoluteHours * 3_600_000,
    now: () => clock,
  });
  return startTeamServer({
    publicUrl: environment.publicUrl,
    trustProxy: false,
    signIn: await OidcSignIn.discover(environment),
    sessions,
    audit: new JsonLinesAuditLog(path.join(data, 'audit.log'), () => clock),
    site: () => ({ name: 'Staylix', team }),
    port: Number(environment.publicUrl.port),
    now: () => clock,
    signInsPerMinute: 20,
  });
}

beforeAll(async () => {
  data = mkdtempSync(path.join(os.tmpdir(), 'team-'));
  const port = await freePort();
  base = `http://127.0.0.1:${port}`;
  provider = await startTestProvider(`${base}/auth/callback`, accounts);
  environment = teamSettingsFor(provider, base, {
    SESSION_IDLE_MINUTES: '30',
    SESSION_MAX_HOURS: '8',
  });
  server = await startServer();
});

afterAll(async () => {
  await server?.close();
  await provider?.close();
  rmSync(data, { recursive: true, force: true });
});

beforeAll(() => {
  team = {
    people: [
      { email: 'lena@example.com', role: 'publisher' },
      { email: 'anna@example.com', role: 'author', pages: ['/de/**'], fields: 'translatable' },
    ],
    groups: [{ group: 'leads', role: 'admin' }],
  };
});

/** Signs `login` in from a new browser; the answer of the callback and the browser. */
async function signIn(login: string, returnTo?: string, browser = new HttpBrowser()) {
  const start = await browser.request(
    `${base}/auth/sign-in${returnTo === undefined ? '' : `?return=${encodeURIComponent(returnTo)}`}`,
  );
  expect(start.status).toBe(303);
  const callback = await browser.signInAtProvider(
    start.headers.get('location')!,
    login,
    `${base}/auth/callback`,
  );
  const pendingCookie = browser.cookies(base).get('__Host-editor-sign-in');
  const answer = await browser.request(callback);
  return { browser, answer, callback, pendingCookie };
}

const auditLines = () =>
  readFileSync(path.join(data, 'audit.log'), 'utf8')
    .trim()
    .split('\n')
    .map((line) => JSON.parse(line) as Record<string, string>);

describe('sign-in with OpenID Connect (code flow, PKCE, state, nonce)', () => {
  it('sends the browser to the provider with PKCE S256, state and nonce, and no token in a URL', async () => {
    const browser = new HttpBrowser();
    const start = await browser.request(`${base}/auth/sign-in`);
    const to = new URL(start.headers.get('location')!);
    expect(to.origin).toBe(provider.issuer);
    expect(to.searchParams.get('code_challenge_method')).toBe('S256');
    expect(to.searchParams.get('code_challenge')).toMatch(/^[\w-]{43}$/);
    expect(to.searchParams.get('state')).toMatch(/^[\w-]{20,}$/);
    expect(to.searchParams.get('nonce')).toMatch(/^[\w-]{20,}$/);
    expect(to.searchParams.get('redirect_uri')).toBe(`${base}/auth/callback`);
    const { answer, callback } = await signIn('lena');
    expect(new URL(callback).searchParams.has('access_token')).toBe(false);
    expect(answer.headers.get('location')).toBe('/');
  });

  it('sets a __Host- session cookie (HttpOnly, Secure, SameSite=Lax, Path=/) and shows who signed in', async () => {
    const { browser, answer } = await signIn('lena', '/pages/pricing?x=1');
    expect(answer.status).toBe(303);
    expect(answer.headers.get('location')).toBe('/pages/pricing?x=1');
    const cookie = answer.headers.getSetCookie().find((c) => c.startsWith(`${SESSION_COOKIE}=`))!;
    expect(cookie).toMatch(/; Path=\/; Secure; HttpOnly; SameSite=Lax$/);
    expect(cookie).not.toMatch(/Domain=/i);
    const page = await (await browser.request(`${base}/`)).text();
    expect(page).toContain(
      'You are signed in as Lena Berg (Lena@Example.com), a publisher of this site.',
    );
    const me = (await (await browser.request(`${base}/api/team/me`)).json()) as Record<
      string,
      unknown
    >;
    expect(me).toMatchObject({ email: 'Lena@Example.com', role: 'publisher' });
    expect(auditLines().at(-1)).toMatchObject({
      who: 'Lena@Example.com',
      what: 'sign-in',
      from: '127.0.0.1',
    });
  });

  it('a group gives a role to someone whose address the provider did not verify', async () => {
    const { browser } = await signIn('lead');
    const me = (await (await browser.request(`${base}/api/team/me`)).json()) as { role: string };
    expect(me.role).toBe('admin');
  });

  it('refuses a replayed callback, and one from a browser that did not start the sign-in', async () => {
    const { browser, callback, pendingCookie } = await signIn('lena');
    // The attacker's replay carries the sign-in cookie the browser had (its browser dropped it).
    browser.cookies(base).set('__Host-editor-sign-in', pendingCookie!);
    const replay = await browser.request(callback);
    expect(replay.status).toBe(400);
    expect(await replay.text()).toContain('This sign-in link has expired or was used already');
    const other = await new HttpBrowser().request(callback);
    expect(other.status).toBe(400);
    expect(auditLines().at(-1)).toMatchObject({
      what: 'sign-in-failed',
      detail: 'expired-or-used',
    });
  });

  it('keeps no session id set before sign-in (no fixation), and ends the old one', async () => {
    const first = await signIn('lena');
    const planted = first.browser.cookies(base).get(SESSION_COOKIE)!;
    const { answer } = await signIn('lena', undefined, first.browser);
    const renewed = first.browser.cookies(base).get(SESSION_COOKIE)!;
    expect(answer.status).toBe(303);
    expect(renewed).not.toBe(planted);
    const withOld = new HttpBrowser();
    withOld.cookies(base).set(SESSION_COOKIE, planted);
    expect((await withOld.request(`${base}/api/team/me`)).status).toBe(401);
  });

  it('returns only to a path of the editor (no open redirect)', async () => {
    for (const bad of [
      'https://evil.example/',
      '//evil.example/x',
      '/\\evil.example',
      'javascript:alert(1)',
      '/auth/sign-in',
    ]) {
      const { answer } = await signIn('lena', bad);
      expect(answer.headers.get('location'), bad).toBe('/');
    }
  });

  it('someone signed in but not on the team sees a page that says so, and nothing else', async () => {
    const { browser } = await signIn('zoe');
    const page = await browser.request(`${base}/`);
    expect(page.status).toBe(403);
    const html = await page.text();
    expect(html).toContain('You are not on this site&#x27;s team');
    expect(html).toContain('You are signed in as &quot;zoe@example.com&quot;, but that address');
    expect(html).not.toContain('/api/');
    const api = await browser.request(`${base}/api/team/me`);
    expect(api.status).toBe(403);
    expect(((await api.json()) as { error: { code: string } }).error.code).toBe('not-on-team');
  });

  it('a person removed from the team is refused at their next request', async () => {
    const { browser } = await signIn('anna');
    expect((await browser.request(`${base}/api/team/me`)).status).toBe(200);
    const before = team;
    team = { ...team, people: team.people!.filter((p) => p.email !== 'anna@example.com') };
    try {
      expect((await browser.request(`${base}/api/team/me`)).status).toBe(403);
    } finally {
      team = before;
    }
  });

  it('signs out only with the editor’s Origin and the session’s CSRF token', async () => {
    const { browser } = await signIn('lena');
    const me = (await (await browser.request(`${base}/api/team/me`)).json()) as {
      csrfToken: string;
    };
    const post = (headers: Record<string, string>, csrf: string) =>
      browser.request(`${base}/auth/sign-out`, { method: 'POST', body: `csrf=${csrf}`, headers });
    const foreign = await post({ origin: 'https://evil.example' }, me.csrfToken);
    expect(foreign.status).toBe(403);
    expect((await post({}, me.csrfToken)).status).toBe(403);
    const wrong = await post({ origin: base }, 'not-the-token');
    expect(((await wrong.json()) as { error: { code: string } }).error.code).toBe('bad-csrf-token');
    expect((await browser.request(`${base}/api/team/me`)).status).toBe(200);
    const out = await post({ origin: base }, me.csrfToken);
    expect(out.status).toBe(303);
    expect(out.headers.get('location')).toBe('/auth/signed-out');
    expect((await browser.request(`${base}/api/team/me`)).status).toBe(401);
    expect(auditLines().at(-1)).toMatchObject({ who: 'Lena@Example.com', what: 'sign-out' });
  });

  it('ends a session after the idle time and after the absolute time', async () => {
    const { browser } = await signIn('lena');
    const start = clock;
    try {
      clock = start + 29 * 60_000;
      expect((await browser.request(`${base}/api/team/me`)).status).toBe(200);
      clock += 31 * 60_000;
      expect((await browser.request(`${base}/api/team/me`)).status).toBe(401);
      const again = await signIn('lena');
      // A request every 25 minutes keeps it alive until 8 hours after sign-in.
      for (let step = 1; step <= 19; step++) {
        clock += 25 * 60_000;
        expect((await again.browser.request(`${base}/api/team/me`)).status).toBe(200);
      }
      clock += 25 * 60_000;
      expect((await again.browser.request(`${base}/api/team/me`)).status).toBe(401);
    } finally {
      clock = Date.now();
    }
  });

  it('sessions survive a restart of the server; a revoked one does not', async () => {
    const kept = await signIn('lena');
    const revoked = await signIn('anna');
    await server.close();
    server = await startServer();
    expect((await kept.browser.request(`${base}/api/team/me`)).status).toBe(200);
    const sessions = new DiskSessionStore(path.join(data, 'sessions'), {
      idleMs: 1e9,
      absoluteMs: 1e9,
    });
    expect(sessions.revokeAllOf('ANNA@example.com')).toBeGreaterThan(0);
    expect((await revoked.browser.request(`${base}/api/team/me`)).status).toBe(401);
    const files = readdirSync(path.join(data, 'sessions')).join(' ');
    expect(files).not.toContain(kept.browser.cookies(base).get(SESSION_COOKIE));
  });

  it('answers only at its public address (Host), but for its health check, and rate-limits sign-ins from one address', async () => {
    const wrongHost = await new Promise<number>((resolve, reject) =>
      get(`${base}/`, { headers: { host: 'evil.example' } }, (res) => {
        res.resume();
        resolve(res.statusCode!);
      }).on('error', reject),
    );
    expect(wrongHost).toBe(421);
    // The health check answers by any address, and says nothing else.
    const health = await new Promise<[number, string]>((resolve, reject) =>
      get(`${base}/health`, { headers: { host: 'container:4322' } }, (res) => {
        let body = '';
        res.on('data', (chunk: Buffer) => (body += chunk.toString()));
        res.on('end', () => resolve([res.statusCode!, body]));
      }).on('error', reject),
    );
    expect(health).toEqual([200, 'ok\n']);
    const browser = new HttpBrowser();
    const statuses: number[] = [];
    for (let i = 0; i < 25; i++)
      statuses.push((await browser.request(`${base}/auth/sign-in`)).status);
    expect(statuses.filter((s) => s === 429).length).toBeGreaterThan(0);
    const refused = await browser.request(`${base}/auth/sign-in`);
    expect(await refused.text()).toContain('Too many sign-ins were started from here');
    clock += 61_000;
    expect((await browser.request(`${base}/auth/sign-in`)).status).toBe(303);
  });
});
