/**
 * npm run team -- --repository <url or path> [--branch main] [--data <folder>] [--port <n>]
 *
 * The editor for a whole team on one server: clones the repository into its data folder (once;
 * later starts use that clone), reads the team from its site.config.yaml, and serves sign-in with
 * the company's OpenID Connect provider on 127.0.0.1 (or EDITOR_LISTEN_ADDRESS: 0.0.0.0 in its
 * container, Dockerfile), for an HTTPS proxy in front of it (docs/team-editor.md). Secrets and the
 * machine's settings come from the environment.
 */
import { existsSync, mkdirSync, statSync } from 'node:fs';
import path from 'node:path';
import {
  numberOption,
  readCommandLine,
  type CommandSpec,
  helpText,
} from '../engine/command-line.ts';
import { Collector } from '../engine/collector.ts';
import { teamServerMessages } from '../engine/errors.ts';
import { formatPretty } from '../engine/format.ts';
import { validateConfig } from '../engine/validate-page.ts';
import { git } from '../editor/git/run.ts';
import { appFromSource, editorApp } from '../editor/server/app-bundle.ts';
import { DiskReviewStore } from '../editor/team/reviews.ts';
import { JsonLinesAuditLog } from '../editor/team/audit.ts';
import { readTeamEnvironment } from '../editor/team/environment.ts';
import { OidcSignIn } from '../editor/team/oidc.ts';
import { startTeamServer } from '../editor/team/server.ts';
import { DiskSessionStore } from '../editor/team/sessions.ts';
import type { Team } from '../schema/team.ts';
import { publishingSettings } from '../editor/server/publish-check.ts';
import type { PublishingRules } from '../editor/team/permissions.ts';
import { teamEditor } from '../editor/team/team-editor.ts';
import { Workspaces } from '../editor/team/workspaces.ts';

const TEAM_COMMAND = {
  usage: 'npm run team --',
  summary:
    'Serves the editor to the team behind sign-in with the company account (OIDC_ISSUER, OIDC_CLIENT_ID, OIDC_CLIENT_SECRET and EDITOR_PUBLIC_URL in the environment).',
  options: {
    repository: {
      type: 'string',
      value: '<url or path>',
      help: 'the site repository to serve (cloned into the data folder)',
    },
    branch: { type: 'string', value: '<name>', help: 'its branch (default: main)' },
    data: {
      type: 'string',
      value: '<folder>',
      help: 'where the clone, sessions and audit log are kept (default: team-data)',
    },
    port: {
      type: 'string',
      value: '<port>',
      help: 'the port, on 127.0.0.1 unless EDITOR_LISTEN_ADDRESS says otherwise (default: 4322)',
    },
  },
} as const satisfies CommandSpec;

const { values } = readCommandLine(TEAM_COMMAND);
if (!values.repository) {
  console.error(`${teamServerMessages.noRepository()}\n\n${helpText(TEAM_COMMAND)}`);
  process.exit(2);
}
const port = numberOption(TEAM_COMMAND, 'port', values.port, 4322);
const read = readTeamEnvironment(process.env);
if ('errors' in read) {
  console.error(read.errors.join('\n'));
  process.exit(2);
}
const environment = read.settings;

const data = path.resolve(values.data ?? 'team-data');
const checkout = path.join(data, 'repository');
const branch = values.branch ?? 'main';
// A local repository is cloned by its absolute path, so the clone does not depend on where the
// command was started.
const repository = existsSync(values.repository)
  ? path.resolve(values.repository)
  : values.repository;
mkdirSync(data, { recursive: true, mode: 0o700 });
if (!existsSync(checkout)) {
  console.log(teamServerMessages.cloning(repository, checkout));
  try {
    await git(data, ['clone', '--quiet', '--branch', branch, '--', repository, checkout], {
      timeout: 600_000,
    });
  } catch (error) {
    console.error(teamServerMessages.cannotClone(repository, (error as Error).message));
    process.exit(1);
  }
} else {
  const origin = (await git(checkout, ['remote', 'get-url', 'origin'])).stdout.trim();
  if (origin !== repository) {
    console.error(teamServerMessages.notThisRepository(data, repository));
    process.exit(2);
  }
}

/** The site's name and team as site.config.yaml says now: read again when the file changes. */
let known:
  { mtimeMs: number; name: string; team: Team | undefined; rules: PublishingRules } | undefined;
function site() {
  const file = path.join(checkout, 'site.config.yaml');
  const mtimeMs = statSync(file).mtimeMs;
  if (known?.mtimeMs === mtimeMs) return known;
  const collector = new Collector();
  const { config } = validateConfig(checkout, collector);
  const errors = collector.diagnostics.filter((d) => d.severity === 'error');
  // A config with errors keeps the team read last (nobody gains or loses access by a typo).
  if (!config || errors.length) {
    if (known) return known;
    console.error(formatPretty(collector.diagnostics));
    console.error(teamServerMessages.badConfig(errors.length));
    process.exit(1);
  }
  const { mode, requireReview } = publishingSettings(config);
  known = { mtimeMs, name: config.name, team: config.team, rules: { mode, requireReview } };
  return known;
}
site();

let workspaces: Workspaces;
try {
  workspaces = await Workspaces.open({
    clone: checkout,
    folder: path.join(data, 'workspaces'),
    branch,
  });
} catch (error) {
  console.error(teamServerMessages.workspacesInUse(data, (error as Error).message));
  process.exit(1);
}

let signIn: OidcSignIn;
try {
  signIn = await OidcSignIn.discover(environment);
} catch (error) {
  console.error(
    teamServerMessages.providerUnreachable(environment.issuer.href, (error as Error).message),
  );
  process.exit(1);
}

const audit = new JsonLinesAuditLog(path.join(data, 'audit.log'));
// The app is built before the server answers: the first page loads at once.
if (!appFromSource()) await editorApp();
const server = await startTeamServer({
  publicUrl: environment.publicUrl,
  trustProxy: environment.trustProxy,
  signIn,
  sessions: new DiskSessionStore(path.join(data, 'sessions'), {
    idleMs: environment.idleMinutes * 60_000,
    absoluteMs: environment.absoluteHours * 3_600_000,
  }),
  audit,
  site,
  host: environment.listenAddress,
  port,
  editor: teamEditor({
    workspaces,
    audit,
    rules: () => site().rules,
    reviews: new DiskReviewStore(path.join(data, 'reviews')),
    publicDir: path.join(checkout, 'public'),
    followEveryMs: environment.followSeconds * 1000,
  }),
});

/** Workspaces nobody used for this long, holding nothing unpublished, are removed (hourly). */
const idleMs = environment.workspaceIdleDays * 86_400_000;
const sweep = setInterval(() => {
  server
    .sweep(idleMs)
    .then((removed) => {
      const use = workspaces.diskUse();
      const total = Object.values(use).reduce((sum, bytes) => sum + bytes, 0);
      console.log(teamServerMessages.workspaces(Object.keys(use).length, total, removed.length));
    })
    .catch((error: unknown) => console.error(error));
}, 3_600_000);
sweep.unref();
const listening = environment.listenAddress.includes(':')
  ? `[${environment.listenAddress}]`
  : environment.listenAddress;
console.log(
  teamServerMessages.started(environment.publicUrl.origin, `${listening}:${server.port}`),
);

const stop = () => {
  setTimeout(() => process.exit(0), 2000).unref();
  void server.close().then(() => process.exit(0));
};
process.on('SIGINT', stop);
process.on('SIGTERM', stop);
