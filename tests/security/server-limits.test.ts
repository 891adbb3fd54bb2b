import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import type { Server } from 'node:http';
import { connect } from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { SERVER_LIMITS } from '../../engine/http-guard.ts';
import { startServer } from '../../scripts/serve.ts';

/**
 * Node's limits as set for `npm run serve` (docs/server-limits.md), and what a client past them
 * gets.
 */
let dir: string;
let servers: Server[] = [];

beforeAll(() => {
  dir = mkdtempSync(path.join(os.tmpdir(), 'staylix-limits-'));
  writeFileSync(path.join(dir, 'index.html'), '<!DOCTYPE html><title>home</title>');
  writeFileSync(path.join(dir, '404.html'), '<!DOCTYPE html><title>not found</title>');
});
afterAll(async () => {
  for (const server of servers) {
    server.closeAllConnections();
    await new Promise((resolve) => server.close(resolve));
  }
  servers = [];
  rmSync(dir, { recursive: true, force: true });
});

const start = async (limits: Parameters<typeof startServer>[2] = {}) => {
  const server = await startServer(dir, 0, limits);
  servers.push(server);
  return { server, port: (server.address() as { port: number }).port };
};

/**
 * Sends `pieces` one after the other, `gapMs` apart (the last one again and again), and resolves
 * with what came back once the server closed.
 */
function trickle(port: number, pieces: string[], gapMs: number) {
  return new Promise<{ text: string; ms: number }>((resolve) => {
    const started = Date.now();
    const socket = connect({ host: '127.0.0.1', port });
    let text = '';
    let timer: NodeJS.Timeout | undefined;
    socket.on('data', (chunk) => (text += chunk.toString('latin1')));
    socket.on('close', () => {
      clearTimeout(timer);
      resolve({ text, ms: Date.now() - started });
    });
    socket.on('error', () => {});
    let next = 0;
    const send = () => {
      if (socket.destroyed) return;
      socket.write(pieces[Math.min(next++, pieces.length - 1)]!);
      timer = setTimeout(send, gapMs);
    };
    socket.on('connect', send);
  });
}

describe('Node limits of npm run serve', () => {
  it('are the ones written down, not Node’s defaults', async () => {
    const { server } = await start();
    expect(server.headersTimeout).toBe(SERVER_LIMITS.headersTimeout);
    expect(server.requestTimeout).toBe(SERVER_LIMITS.requestTimeout);
    expect(server.keepAliveTimeout).toBe(SERVER_LIMITS.keepAliveTimeout);
    expect((server as Server & { maxHeaderSize?: number }).maxHeaderSize).toBe(16 * 1024);
  });

  it('cut off a client that sends its headers too slowly, with a 408', async () => {
    const { port } = await start({ headersTimeout: 1_000, requestTimeout: 2_000 });
    const answer = await trickle(
      port,
      ['GET / HTTP/1.1\r\nHost: 127.0.0.1\r\n', 'X-Slow: 1\r\n'],
      200,
    );
    expect(answer.text).toMatch(/^HTTP\/1\.1 408 /);
    expect(answer.ms).toBeLessThan(4_000);
  });

  it('answer a request line and headers over 16 KB with a 431', async () => {
    const { port } = await start();
    const answer = await trickle(
      port,
      [`GET /${'a'.repeat(17_000)} HTTP/1.1\r\nHost: x\r\n\r\n`],
      5_000,
    );
    expect(answer.text).toMatch(/^HTTP\/1\.1 431 /);
    expect(answer.text).not.toContain('aaaa');
  });
});
