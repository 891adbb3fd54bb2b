/**
 * npm run dev: Vike's development server (`vike dev`), started with the options this project
 * documents. Vike's own command line takes any Vike setting as an option and only warns about one
 * it does not know; this entry reads the options first, so `--help` lists them and a mistyped one
 * is an error.
 */
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import { readCommandLine, type CommandSpec } from '../engine/command-line.ts';
import { DEV_STRICT_PORT } from '../pipeline/dev-strict-port.ts';

const DEV_COMMAND = {
  usage: 'npm run dev --',
  summary:
    'The development server: pages as you save them (drafts included), problems in the browser and the terminal.',
  options: {
    port: { type: 'string', value: '<port>', help: 'the port (default: 3000)' },
    strictPort: {
      type: 'boolean',
      help: 'fail if the port is taken instead of trying the next one',
    },
    host: { type: 'boolean', help: 'listen on every address of this machine, not only 127.0.0.1' },
    force: { type: 'boolean', help: "bundle the browser's dependencies again (Vite's cache)" },
  },
} as const satisfies CommandSpec;

const { values } = readCommandLine(DEV_COMMAND);
// Not a Vike setting (Vike reports it unknown and drops it): Vite's own, given by vite.config.ts.
const { strictPort, ...forVike } = values;
if (strictPort) process.env[DEV_STRICT_PORT] = '1';
const vikeArgs = Object.entries(forVike).flatMap(([name, value]) =>
  value === true ? [`--${name}`] : typeof value === 'string' ? [`--${name}`, value] : [],
);
// Vike's command line reads process.argv: it runs in this process, as `vike dev <options>` would.
const vikeBin = path.resolve('node_modules/vike/bin.js');
process.argv = [process.argv[0]!, vikeBin, 'dev', ...vikeArgs];
await import(pathToFileURL(vikeBin).href);
