/**
 * npx tsx tests/team/smoke.ts --url <base> -- <command that starts the team server…>
 *
 * The smoke test of a team server just started, e.g. the container image (the workflow
 * .github/workflows/team-image.yml) or `npm run team` on this machine:
 *
 *   npx tsx tests/team/smoke.ts --url http://127.0.0.1:4322 -- \
 *     node scripts/run-compiled.mjs --production scripts/team.ts --repository <repository> --data <folder> --port 4322
 *
 * Starts a real OpenID Connect provider in this process (oidc-provider, as the tests do), then the
 * command, with OIDC_ISSUER, OIDC_CLIENT_ID, OIDC_CLIENT_SECRET and EDITOR_PUBLIC_URL (= <base>) in
 * its environment; waits for its health check, then checks what any fresh server must answer: the
 * sign-in redirect to the provider with PKCE, state and nonce (and the provider accepting it), a
 * refusal without a session, a refused callback, the Host check and the security headers. Prints
 * each check; stops the command; exit 1 on any failure.
 */
import { spawn } from 'node:child_process';
import { request as httpRequest, type IncomingHttpHeaders } from 'node:http';
import { startTestProvider } from './oidc-provider.ts';

const USAGE = 'npx tsx tests/team/smoke.ts --url <base> -- <command that starts the server…>';
const argv = process.argv.slice(2);
const split = argv.indexOf('--');
const options = split < 0 ? argv : argv.slice(0, split);
const command = split < 0 ? [] : argv.slice(split + 1);
const urlAt = options.indexOf('--url');
const baseText = urlAt < 0 ? undefined : options[urlAt + 1];
if (options.includes('--help') || !baseText || !command.length) {
  console.log(USAGE);
  process.exit(options.includes('--help') ? 0 : 2);
}
const base = new URL(baseText);
/** Starting includes cloning the repository and building the editor's app. */
const START_TIMEOUT_MS = 300_000;

interface Answer {
  status: number;
  headers: IncomingHttpHeaders;
  body: string;
}

/** One request, redirects not followed, any Host header (fetch would refuse to set one). */
function call(
  url: URL,
  init: { method?: string; headers?: Record<string, string>; body?: string } = {},
): Promise<Answer> {
  return new Promise((resolve, reject) => {
    const req = httpRequest(url, { method: init.method ?? 'GET', headers: init.headers }, (res) => {
      let body = '';
      res.on('data', (chunk: Buffer) => (body += chunk.toString()));
      res.on('end', () => resolve({ status: res.statusCode!, headers: res.headers, body }));
    });
    req.on('error', reject);
    req.setTimeout(30_000, () => req.destroy(new Error(`no answer from ${url.href}`)));
    req.end(init.body);
  });
}

const results: Array<{ name: string; problem?: string }> = [];
async function check(name: string, run: () => Promise<string | undefined>) {
  try {
    const problem = await run();
    results.push(problem ? { name, problem } : { name });
  } catch (error) {
    results.push({ name, problem: (error as Error).message });
  }
  const last = results.at(-1)!;
  console.log(`${last.problem ? '✗' : '✓'} ${name}${last.problem ? `: ${last.problem}` : ''}`);
}

const provider = await startTestProvider(new URL('/auth/callback', base).href, {
  smoke: { email: 'smoke@example.com', email_verified: true, name: 'Smoke Test' },
});
const child = spawn(command[0]!, command.slice(1), {
  stdio: ['ignore', 'inherit', 'inherit'],
  env: {
    ...process.env,
    OIDC_ISSUER: provider.issuer,
    OIDC_CLIENT_ID: provider.clientId,
    OIDC_CLIENT_SECRET: provider.clientSecret,
    EDITOR_PUBLIC_URL: base.origin,
  },
});
let exited: number | null | undefined;
const stopped = new Promise<void>((resolve) =>
  child.once('exit', (code) => {
    exited = code;
    resolve();
  }),
);
child.once('error', (error) => {
  console.error(`Could not start ${command[0]}: ${error.message}`);
  exited = -1;
});

async function finish(code: number): Promise<never> {
  if (exited === undefined) {
    child.kill('SIGTERM');
    await Promise.race([stopped, new Promise((resolve) => setTimeout(resolve, 20_000))]);
    if (exited === undefined) child.kill('SIGKILL');
  }
  await provider.close();
  process.exit(code);
}

// Started when its health check answers.
const startedAt = Date.now();
for (;;) {
  if (exited !== undefined) {
    console.error(`The team server stopped before it answered (exit ${exited}).`);
    await finish(1);
  }
  const health = await call(new URL('/health', base)).catch(() => undefined);
  if (health?.status === 200) break;
  if (Date.now() - startedAt > START_TIMEOUT_MS) {
    console.error(`The team server did not answer ${base.origin}/health within 5 minutes.`);
    await finish(1);
  }
  await new Promise((resolve) => setTimeout(resolve, 1000));
}
console.log(
  `\nThe team server answers at ${base.origin} (${Math.round((Date.now() - startedAt) / 1000)} s).`,
);

const at = (route: string) => new URL(route, base);
const host = { host: base.host };

await check('GET /health answers 200 "ok"', async () => {
  const { status, body } = await call(at('/health'));
  return status === 200 && body === 'ok\n' ? undefined : `${status} ${JSON.stringify(body)}`;
});

await check('the sign-in page carries the security headers', async () => {
  const { status, headers, body } = await call(at('/'), { headers: host });
  if (status !== 200 || !body.includes('href="/auth/sign-in')) return `GET / answered ${status}`;
  const expected: Record<string, (value: string) => boolean> = {
    'content-security-policy': (v) =>
      v.includes("default-src 'none'") && v.includes("frame-ancestors 'none'"),
    'x-content-type-options': (v) => v === 'nosniff',
    'x-frame-options': (v) => v === 'DENY',
    'referrer-policy': (v) => v === 'no-referrer',
    'cache-control': (v) => v === 'no-store',
    'cross-origin-opener-policy': (v) => v === 'same-origin',
  };
  const wrong = Object.entries(expected)
    .filter(([name, ok]) => !ok(String(headers[name] ?? '')))
    .map(([name]) => `${name}: ${String(headers[name] ?? 'missing')}`);
  if (base.protocol === 'https:' && !headers['strict-transport-security'])
    wrong.push('strict-transport-security: missing');
  return wrong.length ? wrong.join('; ') : undefined;
});

await check('an API request without a session is refused (401, in words)', async () => {
  const me = await call(at('/api/team/me'), { headers: host });
  const save = await call(at('/api/file'), {
    method: 'PUT',
    headers: { ...host, origin: base.origin, 'content-type': 'application/json' },
    body: JSON.stringify({ path: 'pages/index.yaml', text: 'title: x\n' }),
  });
  for (const answer of [me, save]) {
    if (answer.status !== 401) return `answered ${answer.status}`;
    const error = (JSON.parse(answer.body) as { error?: { message?: string } }).error;
    if (!error?.message) return `no message in ${answer.body}`;
  }
  return undefined;
});

await check('a request for another address (Host) is refused (421)', async () => {
  const { status } = await call(at('/'), { headers: { host: 'evil.example' } });
  return status === 421 ? undefined : `answered ${status}`;
});

let authorization: URL | undefined;
await check('sign-in redirects to the provider with PKCE (S256), state and nonce', async () => {
  const { status, headers } = await call(at('/auth/sign-in'), { headers: host });
  if (status !== 303 || !headers.location) return `answered ${status}`;
  authorization = new URL(headers.location);
  const discovery = (await (
    await fetch(`${provider.issuer}/.well-known/openid-configuration`)
  ).json()) as { authorization_endpoint: string };
  const q = authorization.searchParams;
  const wrong = [
    authorization.origin + authorization.pathname === discovery.authorization_endpoint
      ? ''
      : `not the provider's endpoint: ${authorization.origin}${authorization.pathname}`,
    q.get('response_type') === 'code' ? '' : 'response_type',
    q.get('client_id') === provider.clientId ? '' : 'client_id',
    q.get('redirect_uri') === at('/auth/callback').href
      ? ''
      : `redirect_uri ${q.get('redirect_uri')}`,
    q.get('code_challenge_method') === 'S256' ? '' : 'code_challenge_method',
    /^[\w-]{43}$/.test(q.get('code_challenge') ?? '') ? '' : 'code_challenge',
    (q.get('state') ?? '').length >= 16 ? '' : 'state',
    (q.get('nonce') ?? '').length >= 16 ? '' : 'nonce',
    (q.get('scope') ?? '').split(' ').includes('openid') ? '' : 'scope',
  ].filter(Boolean);
  const cookie = [headers['set-cookie'] ?? []].flat().join('\n');
  if (!/^__Host-[^=]+=.+; Path=\/; Secure; HttpOnly; SameSite=Lax/m.test(cookie))
    wrong.push(`the sign-in cookie: ${cookie || 'missing'}`);
  return wrong.length ? wrong.join('; ') : undefined;
});

await check('the provider accepts that sign-in request', async () => {
  if (!authorization) return 'no sign-in request';
  const { status, headers } = await call(authorization);
  // Its sign-in form (an interaction), not an error sent back to the editor.
  const location = headers.location ?? '';
  return status === 303 && !location.startsWith(base.origin) && !location.includes('error=')
    ? undefined
    : `answered ${status} ${location}`;
});

await check('a callback that no sign-in started is refused', async () => {
  const { status } = await call(at('/auth/callback?code=forged&state=forged'), { headers: host });
  return status >= 400 && status < 500 ? undefined : `answered ${status}`;
});

const failed = results.filter((result) => result.problem);
console.log(
  failed.length
    ? `\n${failed.length} of ${results.length} checks failed.`
    : `\nAll ${results.length} checks passed.`,
);
await finish(failed.length ? 1 : 0);
