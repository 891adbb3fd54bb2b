import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import fc from 'fast-check';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  bodies,
  ServerProcess,
  type RawRequest,
  exchange,
  hostPaths,
  problemsOf,
  requests,
  startProcess,
  targets,
  wholeRequest,
} from '../helpers/http-fuzz.ts';
import { propertyParameters, propertyRuns } from '../helpers/properties.ts';

/**
 * `npm run serve` against hostile requests: whatever arrives, the answer is a status with a short
 * refusal (never a 5xx, a stack trace or a path of this machine), and the next normal request is
 * served by the same process.
 */
const projectRoot = path.resolve(import.meta.dirname, '../..');
let dir: string;
let server: ServerProcess;

beforeAll(async () => {
  dir = mkdtempSync(path.join(os.tmpdir(), 'staylix-serve-fuzz-'));
  writeFileSync(path.join(dir, 'index.html'), '<!DOCTYPE html><title>home</title>');
  writeFileSync(path.join(dir, '404.html'), '<!DOCTYPE html><title>not found</title>');
  mkdirSync(path.join(dir, 'pricing'));
  writeFileSync(path.join(dir, 'pricing/index.html'), '<!DOCTYPE html><title>pricing</title>');
  mkdirSync(path.join(dir, 'assets'));
  writeFileSync(path.join(dir, 'assets/app.js'), 'console.log(1);\n');
  writeFileSync(path.join(dir, '_headers'), '/*\n  X-Content-Type-Options: nosniff\n');
  server = new ServerProcess(() =>
    startProcess(
      [
        path.join(projectRoot, 'node_modules/tsx/dist/cli.mjs'),
        path.join(projectRoot, 'scripts/serve.ts'),
        '--port',
        '0',
        '--dir',
        dir,
      ],
      /http:\/\/127\.0\.0\.1:(\d+)\//,
    ),
  );
  await server.ensureRunning();
}, 60_000);

afterAll(() => {
  server?.stop();
  rmSync(dir, { recursive: true, force: true });
});

/** A plain GET of a page that exists, as a browser would send it. */
const normalGet = (target: string, host: string): RawRequest =>
  wholeRequest(target, [
    ['Host', host],
    ['Connection', 'close'],
  ]);

/** One fuzzed request, then a normal one: both answered by the same process. */
async function check(request: RawRequest) {
  await server.ensureRunning();
  const paths = hostPaths(projectRoot, dir);
  const answer = await exchange(server.port, request);
  expect(problemsOf(request, answer, { paths })).toEqual([]);
  const next = await exchange(server.port, normalGet('/pricing', `127.0.0.1:${server.port}`));
  expect(next.status, server.output).toBe(200);
  expect(next.body).toContain('<title>pricing</title>');
  expect(server.alive).toBe(true);
}

describe('npm run serve under fuzzed requests', () => {
  it(
    'answers every request without a 5xx, a stack or a path, and keeps serving',
    async () => {
      await fc.assert(
        fc.asyncProperty(
          requests({
            host: '127.0.0.1',
            targets: targets([
              '',
              'pricing',
              'assets',
              'app.js',
              'index.html',
              '404.html',
              '_headers',
            ]),
            bodies: bodies(),
          }),
          check,
        ),
        propertyParameters(60),
      );
      expect(server.ended).toEqual([]);
      expect(server.output).not.toMatch(/Error|\n\s+at /);
    },
    Math.max(30_000, propertyRuns(60) * 200),
  );
});

describe('npm run serve: bodies', () => {
  it('answers a 10 MB body with 405 and keeps serving', async () => {
    await server.ensureRunning();
    const answer = await exchange(
      server.port,
      wholeRequest(
        '/',
        [
          ['Host', '127.0.0.1'],
          ['Content-Length', String(10 * 1024 * 1024)],
        ],
        { method: 'POST', body: Buffer.alloc(10 * 1024 * 1024, 'x') },
      ),
    );
    expect(answer.status).toBe(405);
    expect((await exchange(server.port, normalGet('/pricing', '127.0.0.1'))).status).toBe(200);
  });
});
