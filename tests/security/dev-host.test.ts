import { spawn, type ChildProcess } from 'node:child_process';
import { connect } from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';

/**
 * `npm run dev` listens on 127.0.0.1 only, also in a container or on CI, where Vike would otherwise
 * listen on every interface (vite.config.ts sets server.host; `npm run dev -- --host` still opens
 * it on purpose).
 */
const projectRoot = path.resolve(import.meta.dirname, '../..');
const PORT = 4414;
let server: ChildProcess | undefined;

/** Sends `signal` to the server's process group (Vite's children included), and only to it. */
function signalGroup(pid: number, signal: NodeJS.Signals) {
  try {
    process.kill(-pid, signal);
  } catch {
    // already gone
  }
}

afterAll(async () => {
  const running = server;
  if (!running?.pid || running.exitCode !== null) return;
  // SIGTERM first; a dev server that has not exited 5 s later is killed, so no run leaves one
  // behind.
  const exited = new Promise<boolean>((resolve) => running.once('exit', () => resolve(true)));
  signalGroup(running.pid, 'SIGTERM');
  const timer = new Promise<boolean>((resolve) => setTimeout(() => resolve(false), 5_000));
  if (!(await Promise.race([exited, timer]))) signalGroup(running.pid, 'SIGKILL');
}, 15_000);

/** Resolves true when a TCP connection to host:port is accepted. */
const accepts = (host: string, port: number) =>
  new Promise<boolean>((resolve) => {
    const socket = connect({ host, port, timeout: 3_000 });
    socket.once('connect', () => (socket.destroy(), resolve(true)));
    socket.once('error', () => resolve(false));
    socket.once('timeout', () => (socket.destroy(), resolve(false)));
  });

/**
 * This machine's addresses that are not loopback (a container has at least its network interface).
 */
const externalAddresses = () =>
  Object.values(os.networkInterfaces())
    .flat()
    .filter((address) => address && !address.internal && address.family === 'IPv4')
    .map((address) => address!.address);

describe('npm run dev', () => {
  it('accepts connections on 127.0.0.1 and on no other address of this machine', async () => {
    server = spawn(
      process.execPath,
      [
        path.join(projectRoot, 'node_modules/vike/bin.js'),
        'dev',
        '--port',
        String(PORT),
        '--strictPort',
      ],
      {
        cwd: projectRoot,
        // CI=true is what makes Vike turn --host on by itself outside containers.
        env: { ...process.env, CI: 'true', NO_COLOR: '1' },
        detached: true,
        stdio: ['ignore', 'pipe', 'pipe'],
      },
    );
    let output = '';
    server.stdout!.on('data', (chunk) => (output += chunk));
    server.stderr!.on('data', (chunk) => (output += chunk));
    const started = Date.now();
    while (!output.includes(`:${PORT}`)) {
      if (Date.now() - started > 60_000 || server.exitCode !== null)
        throw new Error(`The dev server did not start:\n${output}`);
      await new Promise((resolve) => setTimeout(resolve, 200));
    }
    expect(output).toContain(`http://127.0.0.1:${PORT}/`);
    expect(output).not.toMatch(/Network:\s+http/);
    expect(await accepts('127.0.0.1', PORT)).toBe(true);
    for (const address of externalAddresses())
      expect(await accepts(address, PORT), address).toBe(false);
  }, 90_000);
});
