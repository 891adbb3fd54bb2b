import { spawn, type ChildProcess } from 'node:child_process';
import {
  existsSync,
  mkdirSync,
  mkdtempSync,
  rmSync,
  symlinkSync,
  unlinkSync,
  writeFileSync,
} from 'node:fs';
import { request } from 'node:http';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';

/**
 * `npm run serve` as a running process: one bad request or one failed file read ends that response,
 * and the server keeps answering the next one.
 */
const projectRoot = path.resolve(import.meta.dirname, '../..');
const PORT = 4411;
let dir: string;
let server: ChildProcess;
let output = '';

beforeAll(async () => {
  dir = mkdtempSync(path.join(os.tmpdir(), 'staylix-serve-'));
  writeFileSync(path.join(dir, 'index.html'), '<!DOCTYPE html><title>home</title>');
  writeFileSync(path.join(dir, '404.html'), '<!DOCTYPE html><title>not found</title>');
  mkdirSync(path.join(dir, 'assets'));
  server = spawn(
    process.execPath,
    [
      path.join(projectRoot, 'node_modules/tsx/dist/cli.mjs'),
      path.join(projectRoot, 'scripts/serve.ts'),
      '--port',
      String(PORT),
      '--dir',
      dir,
    ],
    {
      stdio: ['ignore', 'pipe', 'pipe'],
    },
  );
  server.stdout!.on('data', (chunk) => (output += chunk));
  server.stderr!.on('data', (chunk) => (output += chunk));
  const started = Date.now();
  while (!output.includes(`:${PORT}/`)) {
    if (Date.now() - started > 30_000 || server.exitCode !== null)
      throw new Error(`npm run serve did not start:\n${output}`);
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
}, 40_000);

afterAll(() => {
  server?.kill();
  rmSync(dir, { recursive: true, force: true });
});

/** A raw GET (fetch would normalise or refuse the malformed paths before sending them). */
function get(rawPath: string): Promise<{ status: number; body: string } | { error: string }> {
  return new Promise((resolve) => {
    const req = request(
      { host: '127.0.0.1', port: PORT, path: rawPath, headers: { 'Accept-Encoding': 'gzip' } },
      (response) => {
        let body = '';
        response.setEncoding('latin1');
        response.on('data', (chunk) => (body += chunk));
        response.on('end', () => resolve({ status: response.statusCode ?? 0, body }));
        response.on('error', (error) => resolve({ error: error.message }));
      },
    );
    req.on('error', (error) => resolve({ error: error.message }));
    req.end();
  });
}

const stillServing = async () => {
  expect(server.exitCode, output).toBeNull();
  expect(await get('/')).toMatchObject({ status: 200 });
};

describe('npm run serve', () => {
  it.each(['/%', '/%E0%A4%A', '/pricing%', '/%C0%AF', '/a%00b'])(
    'answers %s with 400 and keeps serving',
    async (bad) => {
      expect(await get(bad)).toMatchObject({ status: 400 });
      await stillServing();
    },
  );

  it('answers a path longer than a file name can be with 404 and keeps serving', async () => {
    const answer = await get(`/${'a'.repeat(8192)}`);
    expect(answer).toMatchObject({ status: 404 });
    await stillServing();
  });

  it('ends only that response when a file cannot be read while it is sent', async () => {
    // /proc/self/mem passes the "is it a file" check and fails on the first read: a stream error
    // every time.
    if (!existsSync('/proc/self/mem')) return;
    symlinkSync('/proc/self/mem', path.join(dir, 'broken.txt'));
    const answer = await get('/broken.txt');
    expect('status' in answer ? answer.status : 503).toBe(503);
    await stillServing();
  });

  it('survives files removed while requests for them are in flight (a rebuild while serving)', async () => {
    const big = 'x'.repeat(2_000_000);
    const requests: Array<Promise<unknown>> = [];
    for (let i = 0; i < 40; i++) {
      const file = path.join(dir, 'assets', `chunk-${i}.txt`);
      writeFileSync(file, big);
      requests.push(get(`/assets/chunk-${i}.txt`));
      setTimeout(() => unlinkSync(file), i % 5);
    }
    await Promise.all(requests);
    await stillServing();
  }, 30_000);
});
