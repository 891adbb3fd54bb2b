import { spawn } from 'node:child_process';

/**
 * `npm run dev` (vike dev) in the project at `dir`, in its own process group, on a port the system
 * picks (so parallel test runs never collide): resolves once it prints its address. `stop` ends the
 * group, and only it.
 */
export async function startDevServer(
  dir: string,
  timeoutMs = 90_000,
): Promise<{ origin: string; stop: () => void }> {
  const server = spawn(process.execPath, ['node_modules/vike/bin.js', 'dev', '--port', '0'], {
    cwd: dir,
    detached: true,
    stdio: ['ignore', 'pipe', 'pipe'],
    env: { ...process.env, NO_COLOR: '1' },
  });
  const stop = () => {
    try {
      process.kill(-server.pid!, 'SIGTERM');
    } catch {
      // already gone
    }
  };
  let output = '';
  server.stdout.on('data', (chunk) => (output += chunk));
  server.stderr.on('data', (chunk) => (output += chunk));
  let port: string | undefined;
  for (
    const started = Date.now();
    !(port = /http:\/\/(?:localhost|127\.0\.0\.1):(\d+)/.exec(output)?.[1]);
    await new Promise((resolve) => setTimeout(resolve, 100))
  ) {
    if (Date.now() - started > timeoutMs || server.exitCode !== null) {
      stop();
      throw new Error(`The dev server did not start:\n${output}`);
    }
  }
  return { origin: `http://127.0.0.1:${port}`, stop };
}
