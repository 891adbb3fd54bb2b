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
