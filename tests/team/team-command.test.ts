import { spawn, spawnSync, type ChildProcess } from 'node:child_process';
import { existsSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { commitAndPush, makeTeam } from '../publishing/git-fixture.ts';
import { scriptArgs } from '../helpers/entry-point.ts';
import { HttpBrowser } from './http-browser.ts';
import { freePort, startTestProvider } from './oidc-provider.ts';

/**
 * `npm run team` as a process: its refusals at start, and a start that serves sign-in and follows
 * the team as the repository says it.
 */
const root = path.resolve(import.meta.dirname, '../..');
const args = (...rest: string[]) => scriptArgs('team', ...rest);
const children: ChildProcess[] = [];
const cleanups: Array<() => void | Promise<void>> = [];
afterAll(async () => {
  for (const child of children) child.kill('SIGTERM');
  for (const cleanup of cleanups) await cleanup();
});

const baseEnv = () => {
  const env = { ...process.env };
  for (const name of ['OIDC_ISSUER', 'OIDC_CLIENT_ID', 'OIDC_CLIENT_SECRET', 'EDITOR_PUBLIC_URL'])
    delete env[name];
  return env;
};

describe('npm run team', () => {
  // Each starts Node with tsx (seconds on a busy machine).
  it(
    'refuses to start, in words, when the environment is missing or wrong (exit 2)',
    { timeout: 120_000 },
    () => {
      const run = spawnSync(process.execPath, args('--repository', 'x'), {
        cwd: root,
        encoding: 'utf8',
        env: {
          ...baseEnv(),
          OIDC_ISSUER: 'http://sso.example.com',
          OIDC_CLIENT_ID: 'editor',
          EDITOR_PUBLIC_URL: 'https://edit.example.com/editor',
        },
      });
      expect(run.status).toBe(2);
      expect(run.stderr.trim().split('\n')).toEqual([
        'The environment variable OIDC_CLIENT_SECRET is not set. Set it, e.g. OIDC_CLIENT_SECRET=<the secret the provider gave>.',
        'OIDC_ISSUER must start with https:// (plain http:// only on 127.0.0.1, ::1 or localhost): "http://sso.example.com".',
        'EDITOR_PUBLIC_URL must be an origin only (scheme, host and port, no path, query or fragment): "https://edit.example.com/editor".',
      ]);
      const none = spawnSync(process.execPath, args(), { cwd: root, encoding: 'utf8' });
      expect(none.status).toBe(2);
      expect(none.stderr).toContain('Give the repository to serve: --repository <url or path>');
    },
  );

  it(
    "loads React's production build unless NODE_ENV says otherwise (React chooses when first imported)",
    { timeout: 120_000 },
    () => {
      const dir = mkdtempSync(path.join(os.tmpdir(), 'react-build-'));
      cleanups.push(() => rmSync(dir, { recursive: true, force: true }));
      const probe = path.join(dir, 'react-builds.cjs');
      // Which of React's builds Node loads (require.cache would also list files it only parsed).
      writeFileSync(
        probe,
        [
          "const Module = require('node:module');",
          'const load = Module._load;',
          'const seen = new Set();',
          'Module._load = function (request, ...rest) {',
          '  const build = /react.*\\.(development|production)\\.js$/.exec(request)?.[1];',
          '  if (build) seen.add(build);',
          '  return load.call(this, request, ...rest);',
          '};',
          "process.on('exit', () => console.error('React builds: ' + [...seen].sort().join(' ')));",
        ].join('\n'),
      );
      const env: NodeJS.ProcessEnv = { ...baseEnv(), NODE_OPTIONS: `--require ${probe}` };
      delete env.NODE_ENV;
      // Refused for its environment (exit 2): by then the server's modules and packages are loaded.
      const run = spawnSync(process.execPath, args('--repository', 'x'), {
        cwd: root,
        encoding: 'utf8',
        env,
      });
      expect(run.status).toBe(2);
      const builds = /React builds: (.*)/.exec(run.stderr)?.[1]?.split(' ');
      expect(builds).toContain('production');
      expect(builds).not.toContain('development');
    },
  );

  it(
    'clones the repository into its data folder, reads its team and serves the sign-in',
    { timeout: 120_000 },
    async () => {
      const repo = makeTeam({ code: false });
      const data = mkdtempSync(path.join(os.tmpdir(), 'team-data-'));
      cleanups.push(repo.cleanup, () => rmSync(data, { recursive: true, force: true }));
      const port = await freePort();
      const base = `http://127.0.0.1:${port}`;
      const provider = await startTestProvider(`${base}/auth/callback`, {
        lena: { email: 'lena@example.com', email_verified: true, name: 'Lena Berg' },
      });
      cleanups.push(() => provider.close());
      const child = spawn(
        process.execPath,
        args('--repository', repo.remote, '--data', data, '--port', String(port)),
        {
          cwd: root,
          env: {
            ...baseEnv(),
            OIDC_ISSUER: provider.issuer,
            OIDC_CLIENT_ID: provider.clientId,
            OIDC_CLIENT_SECRET: provider.clientSecret,
            EDITOR_PUBLIC_URL: base,
            TEAM_FOLLOW_SECONDS: '1',
          },
        },
      );
      children.push(child);
      let output = '';
      child.stderr!.on('data', (chunk) => (output += String(chunk)));
      await new Promise<void>((resolve, reject) => {
        child.stdout!.on('data', (chunk) => {
          output += String(chunk);
          if (output.includes('listening on')) resolve();
        });
        child.on('exit', (code) => reject(new Error(`exited ${code}: ${output}`)));
      });
      expect(output).toContain(`Team editor for ${base} listening on 127.0.0.1:${port}.`);
      expect(readFileSync(path.join(data, 'repository/site.config.yaml'), 'utf8')).toContain(
        'name: Staylix',
      );
      const browser = new HttpBrowser();
      const page = await browser.request(`${base}/`);
      expect(await page.text()).toContain('Sign in to edit Staylix');
      // Signed in, Lena is not on this repository's team (it has none): she is told so.
      const start = await browser.request(`${base}/auth/sign-in`);
      const callback = await browser.signInAtProvider(
        start.headers.get('location')!,
        'lena',
        `${base}/auth/callback`,
      );
      expect((await browser.request(callback)).status).toBe(303);
      expect((await browser.request(`${base}/`)).status).toBe(403);
      expect(existsSync(path.join(data, 'audit.log'))).toBe(true);
      expect(readFileSync(path.join(data, 'audit.log'), 'utf8')).toContain('"what":"not-on-team"');

      // The team changed by a push from outside the editor (nobody publishes in it) takes effect
      // within the follow interval: Lena added is let in, removed again is refused.
      const admin = repo.clone('admin');
      const config = readFileSync(path.join(admin.root, 'site.config.yaml'), 'utf8');
      const pushConfig = (text: string, message: string) => {
        writeFileSync(path.join(admin.root, 'site.config.yaml'), text);
        commitAndPush(admin, message);
      };
      const statusBecomes = async (status: number) => {
        for (let tries = 0; tries < 120; tries++) {
          if ((await browser.request(`${base}/`)).status === status) return true;
          await new Promise((resolve) => setTimeout(resolve, 250));
        }
        return false;
      };
      pushConfig(
        `${config}team:\n  people:\n    - { email: lena@example.com, role: author }\n`,
        'Lena',
      );
      expect(await statusBecomes(200)).toBe(true);
      pushConfig(config, 'Lena leaves');
      expect(await statusBecomes(403)).toBe(true);
    },
  );
});
