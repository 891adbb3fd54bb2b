import { execFileSync } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { JsonLinesAuditLog } from '../../editor/team/audit.ts';
import { DiskReviewStore } from '../../editor/team/reviews.ts';
import { OidcSignIn } from '../../editor/team/oidc.ts';
import type { PublishingRules } from '../../editor/team/permissions.ts';
import { startTeamServer, type TeamServer } from '../../editor/team/server.ts';
import { DiskSessionStore } from '../../editor/team/sessions.ts';
import { teamEditor } from '../../editor/team/team-editor.ts';
import { Workspaces } from '../../editor/team/workspaces.ts';
import type { Team } from '../../schema/team.ts';
import { makeTeam, type Team as GitTeam } from '../publishing/git-fixture.ts';
import { HttpBrowser } from './http-browser.ts';
import {
  freePort,
  startTestProvider,
  teamSettingsFor,
  type TestProvider,
} from './oidc-provider.ts';

export type Accounts = Parameters<typeof startTestProvider>[1];

export interface TestTeamServer {
  server: TeamServer;
  /** `http://127.0.0.1:<port>`: the server's public address. */
  base: string;
  provider: TestProvider;
  /** The server's data folder: its clone (`repository/`), workspaces, sessions, audit.log. */
  data: string;
  /** The bare remote and its seed (tests/publishing/git-fixture.ts). */
  repo: GitTeam;
  /** Stops the server and starts it again on the same data folder and port (sessions are kept). */
  restart(): Promise<void>;
  close(): Promise<void>;
}

/**
 * `npm run team` as its tests run it: a real provider (oidc-provider) with `accounts`, a bare
 * remote holding the site's content, the server's clone of it in a fresh data folder, sessions on
 * disk for an hour, a worktree per person, on a free port of 127.0.0.1.
 */
export async function startTestTeamServer(options: {
  accounts: Accounts;
  /** The team settings, read on every request (a test may change them). */
  team: () => Team;
  rules?: () => PublishingRules;
  /** Watch each workspace's files (default true, as `npm run team` does). */
  watch?: boolean;
  signInsPerMinute?: number;
}): Promise<TestTeamServer> {
  const repo = makeTeam({ code: false });
  const data = mkdtempSync(path.join(os.tmpdir(), 'team-server-'));
  const clone = path.join(data, 'repository');
  execFileSync('git', ['clone', '-q', repo.remote, clone]);
  const port = await freePort();
  const base = `http://127.0.0.1:${port}`;
  const provider = await startTestProvider(`${base}/auth/callback`, options.accounts);
  const settings = teamSettingsFor(provider, base);
  const audit = new JsonLinesAuditLog(path.join(data, 'audit.log'));
  const signIn = await OidcSignIn.discover(settings);
  const start = async () =>
    startTeamServer({
      publicUrl: settings.publicUrl,
      trustProxy: false,
      signIn,
      sessions: new DiskSessionStore(path.join(data, 'sessions'), {
        idleMs: 3_600_000,
        absoluteMs: 3_600_000,
      }),
      audit,
      site: () => ({ name: 'Staylix', team: options.team() }),
      port,
      ...(options.signInsPerMinute ? { signInsPerMinute: options.signInsPerMinute } : {}),
      editor: teamEditor({
        workspaces: await Workspaces.open({
          clone,
          folder: path.join(data, 'workspaces'),
          branch: 'main',
        }),
        audit,
        rules: options.rules ?? (() => ({ mode: 'direct', requireReview: false })),
        reviews: new DiskReviewStore(path.join(data, 'reviews')),
        publicDir: path.join(clone, 'public'),
        watch: options.watch,
      }),
    });
  let server = await start();
  return {
    get server() {
      return server;
    },
    base,
    provider,
    data,
    repo,
    async restart() {
      await server.close();
      server = await start();
    },
    async close() {
      await server.close();
      await provider.close();
      rmSync(data, { recursive: true, force: true });
      repo.cleanup();
    },
  };
}

/** A signed-in person of a test team server: their browser, and the CSRF token the app's page carries. */
export interface SignedIn {
  browser: HttpBrowser;
  csrf: string;
}

/**
 * The people of the team server at `base()`, each signed in at the provider once (`as`), and the
 * app's requests made as them (`call`: JSON, the editor's Origin and the session's CSRF token). A
 * person the server does not let in gets an empty token.
 */
export function signedInPeople(base: () => string) {
  const people = new Map<string, SignedIn>();
  async function as(login: string): Promise<SignedIn> {
    const known = people.get(login);
    if (known) return known;
    const browser = new HttpBrowser();
    const start = await browser.request(`${base()}/auth/sign-in`);
    await browser.request(
      await browser.signInAtProvider(
        start.headers.get('location')!,
        login,
        `${base()}/auth/callback`,
      ),
    );
    const me = await browser.request(`${base()}/api/team/me`);
    const csrf = me.ok ? ((await me.json()) as { csrfToken: string }).csrfToken : '';
    const person = { browser, csrf };
    people.set(login, person);
    return person;
  }
  async function call(
    login: string,
    method: string,
    route: string,
    body?: unknown,
    headers: Record<string, string> = {},
  ) {
    const { browser, csrf } = await as(login);
    const response = await browser.request(`${base()}${route}`, {
      method,
      headers: {
        origin: base(),
        'x-csrf-token': csrf,
        ...(body === undefined ? {} : { 'content-type': 'application/json' }),
        ...headers,
      },
      ...(body === undefined ? {} : { body: JSON.stringify(body) }),
    });
    const text = await response.text();
    let json: Record<string, unknown> = {};
    try {
      json = JSON.parse(text) as Record<string, unknown>;
    } catch {
      // a page, not JSON
    }
    const error = json.error as { code?: string; message?: string } | undefined;
    return { status: response.status, json, text, code: error?.code, words: error?.message };
  }
  return { as, call };
}
