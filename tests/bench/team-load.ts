/**
 * npm run bench:team [-- --people 20 --keys 10]
 *
 * Twenty signed-in authors at once against `npm run team` (scripts/team.ts, a process of its own
 * under NODE_ENV=production), over HTTP as the app talks to it: each signs in at a real provider
 * (oidc-provider, in this process), opens the app and a page of their own, types (each keystroke a
 * POST /api/check and a preview of the draft), saves three times, then publishes the page. The
 * remote is a bare repository holding the site's content, with the team in its site.config.yaml.
 * Prints the median and p95 of each kind of request, every failure, the server's peak memory and
 * each workspace's disk use besides the shared objects; exit 1 on a miss of the targets
 * (docs/performance.md#team-editor).
 */
import { spawn } from 'node:child_process';
import { appendFileSync, lstatSync, mkdtempSync, readdirSync, readFileSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { numberOption, readCommandLine, type CommandSpec } from '../../engine/command-line.ts';
import { scriptArgs } from '../helpers/entry-point.ts';
import { commitAndPush, makeTeam } from '../publishing/git-fixture.ts';
import { HttpBrowser } from '../team/http-browser.ts';
import { freePort, startTestProvider } from '../team/oidc-provider.ts';

const BENCH_TEAM_COMMAND = {
  usage: 'npm run bench:team --',
  summary: 'Authors working at once in the team editor: save, preview and publish times, memory.',
  options: {
    people: { type: 'string', value: '<count>', help: 'authors at once (default: 20)' },
    keys: { type: 'string', value: '<count>', help: 'keystrokes per author (default: 10)' },
  },
} as const satisfies CommandSpec;
const { values } = readCommandLine(BENCH_TEAM_COMMAND);
const PEOPLE = numberOption(BENCH_TEAM_COMMAND, 'people', values.people, 20);
const KEYS = numberOption(BENCH_TEAM_COMMAND, 'keys', values.keys, 10);
const STAGGER_MS = 1500;
const TARGETS = { save: 200, preview: 300, publish: 5000, memoryMb: 1536, workspaceMb: 5 };
const projectRoot = path.resolve(import.meta.dirname, '../..');

const repo = makeTeam({ code: false });
const data = mkdtempSync(path.join(os.tmpdir(), 'bench-team-'));
const logins = Array.from({ length: PEOPLE }, (_, i) => `author${i + 1}`);
const emailOf = (login: string) => `${login}@example.com`;

// The team in the repository's settings: everyone may publish their own change.
const seed = repo.clone('seed-admin');
appendFileSync(
  path.join(seed.root, 'site.config.yaml'),
  [
    'team:',
    '  people:',
    ...logins.map((login) => `    - { email: ${emailOf(login)}, role: publisher }`),
  ]
    .map((line) => `${line}\n`)
    .join(''),
);
commitAndPush(seed, 'The team');
const teamCommit = repo.remoteHead();

// One page per author: a short plain title on a line of its own (the typing keeps the page valid),
// and no translation (a changed source would make the translation stale, a problem in itself).
const sourceFiles = seed.git('ls-files', 'pages').trim().split('\n');
const translated = (file: string) =>
  ['de', 'ar'].some((code) => sourceFiles.includes(file.replace(/^pages\//, `pages/${code}/`)));
const pages = sourceFiles
  .filter((file) => /^pages\/(?!de\/|ar\/)[\w/-]+\.yaml$/.test(file) && !translated(file))
  .filter((file) =>
    /^title: [A-Za-z][^'"#:]{0,44}$/m.test(readFileSync(path.join(seed.root, file), 'utf8')),
  )
  .slice(0, PEOPLE);
if (pages.length < PEOPLE) throw new Error(`only ${pages.length} pages for ${PEOPLE} authors`);

const port = await freePort();
const base = `http://127.0.0.1:${port}`;
const provider = await startTestProvider(
  `${base}/auth/callback`,
  Object.fromEntries(
    logins.map((login) => [login, { email: emailOf(login), email_verified: true, name: login }]),
  ),
);
const server = spawn(
  process.execPath,
  scriptArgs('team', '--repository', repo.remote, '--data', data, '--port', String(port)),
  {
    cwd: projectRoot,
    stdio: ['ignore', 'pipe', 'pipe'],
    env: {
      ...process.env,
      NODE_ENV: 'production',
      OIDC_ISSUER: provider.issuer,
      OIDC_CLIENT_ID: provider.clientId,
      OIDC_CLIENT_SECRET: provider.clientSecret,
      EDITOR_PUBLIC_URL: base,
      // Behind a proxy, as in production: each author comes from an address of their own (the
      // sign-in rate limit counts per address).
      EDITOR_TRUST_PROXY: 'true',
    },
  },
);
let serverOutput = '';
await new Promise<void>((resolve, reject) => {
  const onData = (chunk: Buffer) => {
    serverOutput += chunk.toString();
    if (serverOutput.includes('listening on')) resolve();
  };
  server.stdout!.on('data', onData);
  server.stderr!.on('data', onData);
  server.once('exit', (code) =>
    reject(new Error(`npm run team exited (${code}):\n${serverOutput}`)),
  );
});

/** The server's resident memory now and at its peak, in MB (Linux /proc). */
const memoryMb = () => {
  const status = readFileSync(`/proc/${server.pid}/status`, 'utf8');
  const kb = (name: string) => Number(new RegExp(`${name}:\\s+(\\d+)`).exec(status)?.[1] ?? 0);
  return { now: kb('VmRSS') / 1024, peak: kb('VmHWM') / 1024 };
};

const timings = new Map<string, number[]>();
const failures: string[] = [];
async function timed<T>(kind: string, run: () => Promise<T>): Promise<T> {
  const start = performance.now();
  try {
    return await run();
  } finally {
    timings.set(kind, [...(timings.get(kind) ?? []), performance.now() - start]);
  }
}

async function author(login: string, index: number, page: string) {
  const browser = new HttpBrowser({ 'x-forwarded-for': `10.0.${index >> 8}.${index & 255}` });
  const start = await browser.request(`${base}/auth/sign-in`);
  const callback = await browser.signInAtProvider(
    start.headers.get('location')!,
    login,
    `${base}/auth/callback`,
  );
  await timed('sign-in', () => browser.request(callback));
  const me = await browser.request(`${base}/api/team/me`);
  const { csrfToken } = (await me.json()) as { csrfToken: string };
  const call = async (kind: string, method: string, route: string, body?: unknown) => {
    const response = await timed(kind, () =>
      browser.request(`${base}${route}`, {
        method,
        headers: {
          origin: base,
          'x-csrf-token': csrfToken,
          ...(body === undefined ? {} : { 'content-type': 'application/json' }),
        },
        ...(body === undefined ? {} : { body: JSON.stringify(body) }),
      }),
    );
    const text = await response.text();
    if (!response.ok) failures.push(`${login} ${method} ${route}: ${response.status} ${text}`);
    return text;
  };
  await call('open app', 'GET', '/');
  const file = JSON.parse(
    await call('open page', 'GET', `/api/file?path=${encodeURIComponent(page)}`),
  ) as { text: string; version: string };
  const route = '/' + page.slice('pages/'.length, -'.yaml'.length).replace(/(^|\/)index$/, '');
  let version = file.version;
  let text: string;
  const typed = `, by ${login}`;
  for (let key = 1; key <= KEYS; key++) {
    text = file.text.replace(/^(title: [^\n]+)$/m, `$1${typed.slice(0, key)}`);
    await call('check', 'POST', '/api/check', { path: page, text });
    await call(
      'preview',
      'GET',
      `/preview${route === '/' ? '' : route}?draft=${encodeURIComponent(page)}&fragment=1`,
    );
    if (key % Math.ceil(KEYS / 3) === 0 || key === KEYS) {
      const saved = JSON.parse(
        await call('save', 'PUT', '/api/file', { path: page, text, baseVersion: version }),
      ) as { version: string };
      version = saved.version;
    }
    // An author types a key about every 150 ms.
    await new Promise((resolve) => setTimeout(resolve, 150));
  }
  await call('publish', 'POST', '/api/publish', {
    name: login,
    email: emailOf(login),
    message: `${page}: title`,
    files: [page],
  });
}

// A server that has run a while: the preview has loaded the site's components once (seconds, on
// its first render) before the clock starts.
{
  const warm = new HttpBrowser({ 'x-forwarded-for': '10.1.0.1' });
  const start = await warm.request(`${base}/auth/sign-in`);
  await warm.request(
    await warm.signInAtProvider(
      start.headers.get('location')!,
      logins[0]!,
      `${base}/auth/callback`,
    ),
  );
  await (await warm.request(`${base}/preview/?draft=pages%2Findex.yaml`)).text();
}

let peak = 0;
const sampler = setInterval(() => (peak = Math.max(peak, memoryMb().peak)), 250);
const began = performance.now();
// Authors start 1.5 s apart (30 s for twenty): all of them at work at once, not all pressing
// Publish in the same second.
await Promise.all(
  logins.map(async (login, index) => {
    await new Promise((resolve) => setTimeout(resolve, index * STAGGER_MS));
    await author(login, index, pages[index]!);
  }),
);
const took = performance.now() - began;
clearInterval(sampler);
peak = Math.max(peak, memoryMb().peak);

// Each workspace's own files (the worktree and its entry in the clone's .git/worktrees): the
// objects are the clone's, shared. Links are not followed.
const bytesUnder = (folder: string): number =>
  readdirSync(folder, { withFileTypes: true }).reduce((total, entry) => {
    const file = path.join(folder, entry.name);
    return total + (entry.isDirectory() ? bytesUnder(file) : lstatSync(file).size);
  }, 0);
const workspaceMb = (folder: string) => bytesUnder(folder) / 1024 / 1024;
const workspaces = readdirSync(path.join(data, 'workspaces'), { withFileTypes: true })
  .filter((entry) => entry.isDirectory())
  .map((entry) => entry.name);
const sizes = workspaces.map(
  (id) =>
    workspaceMb(path.join(data, 'workspaces', id)) +
    workspaceMb(path.join(data, 'repository', '.git', 'worktrees', id)),
);
const published = repo.remoteLog(teamCommit).length;

const percentile = (sorted: number[], p: number) =>
  sorted[Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1)]!;
const sortedTimings = new Map(
  [...timings].map(([kind, list]) => [kind, [...list].sort((a, b) => a - b)]),
);
const p95 = (kind: string) => percentile(sortedTimings.get(kind) ?? [0], 95);
const largest = Math.max(...sizes);

const seconds = (ms: number) => (ms / 1000).toFixed(1);
console.log(
  `${PEOPLE} authors at once (starting ${seconds(STAGGER_MS)} s apart), ` +
    `${KEYS} keystrokes and a publish each, on ${os.cpus().length} cores ` +
    `(${seconds(took)} s in all)\n`,
);
console.log('request        count   median      p95      max');
const ms = (value: number) => `${value.toFixed(0)} ms`.padStart(9);
for (const [kind, sorted] of sortedTimings)
  console.log(
    kind.padEnd(14) +
      String(sorted.length).padStart(6) +
      ms(percentile(sorted, 50)) +
      ms(percentile(sorted, 95)) +
      ms(sorted.at(-1)!),
  );
console.log(
  `\nserver memory: ${peak.toFixed(0)} MB at its peak; workspaces: ${workspaces.length}, ` +
    `the largest ${largest.toFixed(2)} MB besides the shared objects; ` +
    `commits published: ${published}`,
);
const misses = [
  ...failures.map((failure) => `failed: ${failure.slice(0, 300)}`),
  ...(published < PEOPLE ? [`${published} of ${PEOPLE} changes published`] : []),
  ...(p95('save') > TARGETS.save
    ? [`p95 save ${p95('save').toFixed(0)} ms > ${TARGETS.save}`]
    : []),
  ...(p95('preview') > TARGETS.preview
    ? [`p95 preview ${p95('preview').toFixed(0)} ms > ${TARGETS.preview}`]
    : []),
  ...((sortedTimings.get('publish')?.at(-1) ?? 0) > TARGETS.publish
    ? [`a publish took over ${TARGETS.publish} ms`]
    : []),
  ...(peak > TARGETS.memoryMb ? [`peak memory ${peak.toFixed(0)} MB > ${TARGETS.memoryMb}`] : []),
  ...(largest > TARGETS.workspaceMb
    ? [`a workspace of ${largest.toFixed(2)} MB > ${TARGETS.workspaceMb}`]
    : []),
];
console.log(misses.length ? `\nMissed:\n- ${misses.join('\n- ')}` : '\nEvery target met.');

// Stopped before its data folder is removed (it may still be writing there).
const stopped = new Promise((resolve) => server.once('exit', resolve));
server.kill('SIGTERM');
await stopped;
await provider.close();
rmSync(data, { recursive: true, force: true });
repo.cleanup();
process.exit(misses.length ? 1 : 0);
