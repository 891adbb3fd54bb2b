import { spawn } from 'node:child_process';
import { createServer } from 'node:net';
import path from 'node:path';
import { describe, expect, it } from 'vitest';

/**
 * `npm run dev -- --strictPort` (offered by its --help) does what the help says: with the port
 * taken it stops with Vite's own error instead of moving to the next port. It used to reach Vike,
 * which reported it as an unknown setting and dropped it.
 */
const projectRoot = path.resolve(import.meta.dirname, '../..');
const PORT = 4415;

describe('npm run dev -- --strictPort', () => {
  it('stops when the port is taken, and Vike is not told of a setting it does not know', async () => {
    const taken = createServer();
    await new Promise<void>((resolve) => taken.listen(PORT, '127.0.0.1', resolve));
    try {
      const child = spawn(
        process.execPath,
        ['scripts/run-compiled.mjs', 'scripts/dev.ts', '--port', String(PORT), '--strictPort'],
        { cwd: projectRoot, env: { ...process.env, NO_COLOR: '1' }, detached: true },
      );
      let output = '';
      child.stdout.on('data', (chunk) => (output += chunk));
      child.stderr.on('data', (chunk) => (output += chunk));
      const code = await Promise.race([
        new Promise<number | null>((resolve) => child.once('exit', resolve)),
        new Promise<'running'>((resolve) => setTimeout(() => resolve('running'), 60_000)),
      ]);
      if (code === 'running' && child.pid) process.kill(-child.pid, 'SIGKILL');
      expect(output).not.toMatch(/unknown config/i);
      expect(output).toContain(`Port ${PORT} is already in use`);
      expect(code).not.toBe(0);
    } finally {
      taken.close();
    }
  }, 90_000);
});
