/**
 * npm start: `npm run build`, then `npm run serve` on what it built. The options are the server's,
 * read before the build starts, so `--help` and a mistyped option answer at once.
 */
import { spawnSync } from 'node:child_process';
import { readCommandLine } from '../engine/command-line.ts';
import { SERVE_COMMAND, serveFromCommandLine } from './serve.ts';

const { values } = readCommandLine({
  ...SERVE_COMMAND,
  usage: 'npm start --',
  summary: 'Builds the site (npm run build), then serves it like a static host (npm run serve).',
});
const build = spawnSync('npm', ['run', '--silent', 'build'], { stdio: 'inherit' });
if (build.status !== 0) process.exit(build.status ?? 1);
await serveFromCommandLine(values);
